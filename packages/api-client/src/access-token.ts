import { expiringLocalStorage } from './storage';
import type { ExpiringStorage } from './storage';

/** The local-storage key the session token is kept under (spec §3). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/**
 * Reads the session token from the expiring storage (the app-wide one over `localStorage`, with its
 * in-memory fallback, unless another is given); null when there is none or it has been discarded.
 */
export function readStoredAccessToken(storage: ExpiringStorage = expiringLocalStorage): string | null {
  return storage.getItem(ACCESS_TOKEN_KEY);
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The claims of a JWT, read without verifying the signature (the BFF verifies); undefined when it has none. */
function claimsOf(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `exp` claim (epoch seconds) of a JWT, read without verifying the signature (the BFF verifies); undefined
 * when the token is not a JWT or carries no numeric `exp`.
 */
export function decodeTokenExpiry(token: string): number | undefined {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/**
 * The session a JWT belongs to (its `sid` claim, read without verifying): a renewed token keeps it, a new sign-in
 * or a proved registration gets a new one. Undefined when the token carries none.
 */
export function decodeTokenSession(token: string): string | undefined {
  const sid = claimsOf(token)?.sid;
  return typeof sid === 'string' && sid !== '' ? sid : undefined;
}

/** Whether the token's `exp` has passed at `nowMs`; a token without a readable `exp` is not judged here. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = decodeTokenExpiry(token);
  return exp !== undefined && exp * 1000 <= nowMs;
}

/**
 * How long a stored session token is kept: the BFF's absolute session lifetime (12 h). The token is kept past
 * its own `exp` on purpose: the check before each request must find it to cancel the call and say "Your
 * session token has expired" (spec §8), instead of sending no token and meeting a 401.
 */
export const ACCESS_TOKEN_STORAGE_SECONDS = 12 * 3600;

/**
 * Keeps a session token the way the apps keep it: under `accessToken`, for ACCESS_TOKEN_STORAGE_SECONDS.
 * Returns false, storing nothing, when the token has no readable `exp` or it has already passed.
 */
export function storeAccessToken(
  token: string,
  storage: ExpiringStorage = expiringLocalStorage,
  now: () => number = Date.now,
): boolean {
  if (decodeTokenExpiry(token) === undefined || isTokenExpired(token, now())) return false;
  storage.setItem(ACCESS_TOKEN_KEY, token, ACCESS_TOKEN_STORAGE_SECONDS);
  return true;
}
