import { decodeTokenExpiry, readStoredAccessToken } from '@lender/api-client';
import { keepSessionAlive } from '../api/session';

/**
 * Issue 5 §3: an active person is never signed out mid-journey by token expiry. The BFF renews a token only
 * when a call reaches it, and someone can spend longer on one form than a token lives (15 minutes) without
 * making a call. So while the person is active (pressing keys, tapping) and the token is within the BFF's
 * renewal window, the app calls `user/keepAlive`; the BFF answers with a renewed token, which the api-client
 * keeps. A person who does nothing still reaches the BFF's idle timeout: nothing is sent for them.
 */

/** How close to its expiry a token must be before activity renews it: the BFF's renewal window. */
export const RENEW_WITHIN_MS = 5 * 60_000;
/** Activity is looked at no more often than this. */
export const ACTIVITY_THROTTLE_MS = 30_000;

export interface KeepAliveOptions {
  readToken: () => string | null;
  now: () => number;
  /** Sends the keep-alive; its failures are the error table's business. */
  send: () => Promise<unknown>;
}

/** Returns the handler for one piece of activity; it returns the keep-alive it started, if it started one. */
export function createKeepAlive({ readToken, now, send }: KeepAliveOptions): () => Promise<void> | undefined {
  let lastLook = Number.NEGATIVE_INFINITY;
  let sending = false;
  return () => {
    const at = now();
    if (sending || at - lastLook < ACTIVITY_THROTTLE_MS) return undefined;
    lastLook = at;
    const token = readToken();
    const exp = token === null ? undefined : decodeTokenExpiry(token);
    // No session, an unreadable token, or one already expired (the next call's expiry check handles that).
    if (exp === undefined) return undefined;
    const left = exp * 1000 - at;
    if (left <= 0 || left > RENEW_WITHIN_MS) return undefined;
    sending = true;
    return send()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        sending = false;
      });
  };
}

const ACTIVITY_EVENTS = ['keydown', 'pointerdown'] as const;

/** Listens for the person's activity on the page for as long as the app runs. */
export function startKeepAlive(target: Pick<Window, 'addEventListener'> = window): void {
  const onActivity = createKeepAlive({
    readToken: readStoredAccessToken,
    now: Date.now,
    send: keepSessionAlive,
  });
  const listener = () => {
    void onActivity();
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, { capture: true, passive: true });
}
