/**
 * The moment the person behind this browser's session changes: a sign-in or a registration starts a session, a
 * log-out ends one, proving an e-mail address replaces one. Whatever was read from the BFF belongs to the session
 * it was read in, so the query layer (query-client.ts) forgets it all when told.
 *
 * Kept apart from the query layer on purpose: the code that changes sessions (lib/auth-session.ts) is in the first
 * screen's chunk, and must not bring the query library with it. Before the query layer has loaded there is nothing
 * to forget, and nobody listens.
 */
const listeners = new Set<() => void>();

/** Calls `listener` at every session change; returns the way to stop. */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Says that the session changed: everything read in the previous one is forgotten. */
export function sessionChanged(): void {
  for (const listener of listeners) listener();
}
