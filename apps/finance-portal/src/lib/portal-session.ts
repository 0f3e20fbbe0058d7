import { ACCESS_TOKEN_KEY, ACCESS_TOKEN_STORAGE_SECONDS, decodeTokenExpiry, isTokenExpired } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';

/**
 * The local-storage key of the portal's session token. The portal is served from the same origin as the
 * borrower app (`/finance-portal/` beside `/`), so it shares their local storage: its token must not sit under
 * the borrower's `accessToken`, or signing in to one would sign in (or out) of the other.
 */
export const PORTAL_ACCESS_TOKEN_KEY = 'portalAccessToken';

export interface PortalSessionOptions {
  /** Where the token is kept: the app-wide expiring local storage (with its in-memory fallback) by default. */
  storage?: ExpiringStorage;
  /** The clock, in epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

/** The portal's session token as stored, whatever its state; null when there is none. */
export function readPortalToken(storage: ExpiringStorage = expiringLocalStorage): string | null {
  return storage.getItem(PORTAL_ACCESS_TOKEN_KEY);
}

/** Whether a token can sign someone in: a JWT with a readable `exp` that has not passed. */
function isLive(token: string, nowMs: number): boolean {
  return decodeTokenExpiry(token) !== undefined && !isTokenExpired(token, nowMs);
}

/**
 * Whether someone is signed in to the portal: a portal session token is stored and its `exp` has not passed.
 *
 * A stored token that can no longer sign anyone in (expired, or not a JWT with a readable `exp`) is removed
 * here: the API client cancels every call while an expired token is stored, so leaving it would block the
 * portal's own sign-in call with "session expired".
 */
export function hasPortalSession({
  storage = expiringLocalStorage,
  now = Date.now,
}: PortalSessionOptions = {}): boolean {
  const token = readPortalToken(storage);
  if (token === null) return false;
  if (isLive(token, now())) return true;
  storage.removeItem(PORTAL_ACCESS_TOKEN_KEY);
  return false;
}

/**
 * Keeps the token the BFF's portal sign-in answered with, for the BFF's absolute session lifetime (the token's
 * own `exp` is what ends the session). Returns false, storing nothing, for a token that could not sign anyone in.
 */
export function storePortalSession(
  token: string,
  { storage = expiringLocalStorage, now = Date.now }: PortalSessionOptions = {},
): boolean {
  if (!isLive(token, now())) return false;
  storage.setItem(PORTAL_ACCESS_TOKEN_KEY, token, ACCESS_TOKEN_STORAGE_SECONDS);
  return true;
}

/**
 * Ends the portal session in this browser: removes the portal token only. The borrower app's values in the
 * same local storage (its own session, the platform and brand markers) are left alone.
 */
export function clearPortalSession(storage: ExpiringStorage = expiringLocalStorage): void {
  storage.removeItem(PORTAL_ACCESS_TOKEN_KEY);
}

/**
 * The storage the portal's API client is given. The client reads its token from, and keeps the token the BFF
 * renews under, the borrower key `accessToken`; this view moves that key to `portalAccessToken`, so the portal's
 * calls carry the portal token and a renewal never overwrites the borrower's session. Other keys pass through.
 */
export function portalTokenStorage(storage: ExpiringStorage = expiringLocalStorage): ExpiringStorage {
  const keyOf = (key: string) => (key === ACCESS_TOKEN_KEY ? PORTAL_ACCESS_TOKEN_KEY : key);
  return {
    getItem: (key) => storage.getItem(keyOf(key)),
    setItem: (key, value, expirySeconds) => {
      storage.setItem(keyOf(key), value, expirySeconds);
    },
    removeItem: (key) => {
      storage.removeItem(keyOf(key));
    },
    clear: (keep = []) => {
      storage.clear(keep.map(keyOf));
    },
  };
}
