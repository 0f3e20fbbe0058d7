import { ACCESS_TOKEN_STORAGE_SECONDS, readStoredAccessToken, storeAccessToken } from '@lender/api-client';
import type { components } from '@lender/api-client';
import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { generatePath } from 'react-router';
import { paths } from './paths';
// A cycle on purpose: api.ts → api-error-effects.ts → here → api/session.ts → api.ts. The client is only used inside
// `logout`, long after every module has loaded, so the order in which they load does not matter.
import { endSession } from '../api/session';
import { sessionChanged } from '../api/session-change';
import { forgetAnalyticsPerson } from './telemetry/telemetry';
import { sessionStorageKeys, storageKeys } from './storage-keys';
import { whiteLabelClient } from './white-label';

/**
 * The borrower's session in this browser (spec §3 "Browser-kept values", §4 "Theme" on logout, §6, §8, §9):
 * what sign-in keeps, what log-out clears, the staff flag, and the two messages the login screens show after
 * the error table (api-error-effects.ts) has sent someone to them.
 *
 * Where the messages live: session storage (`sessionStorageKeys`), not a store in memory or router state,
 * because the HTTP 401 branch of spec §8 logs out and then reloads the page — memory and router state die
 * with the page, and log-out clears local storage. Session storage survives both and stays with this tab.
 */

export type LoginResult = components['schemas']['LoginResult'];
export type SignedInUser = components['schemas']['SignedInUser'];

/** The staff flag's lifetime (spec §6, §9: 12 hours), in seconds. */
export const STAFF_LOGIN_SECONDS = 12 * 3600;

/** What log-out keeps in local storage (spec §4): the platform marker, the staff flag, the brand flag. */
export const KEPT_ON_LOGOUT: readonly string[] = [storageKeys.platform, storageKeys.staffLogin, storageKeys.whiteLabel];

export interface SessionStorageOptions {
  /** Local storage: the app-wide expiring one by default. */
  storage?: ExpiringStorage;
  /** The clock in epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

/**
 * Keeps what a sign-in answered (spec §3): the session token under `accessToken`, and abChoice (JSON), applyId,
 * firstName, lastName, interestRate, loanAmount (pence as text), loanTerm (months as text), regStage, uuid and
 * email, plus `hasLoan` for the route guards and the header, and `staffActing` for the staff banner. The other
 * values live as long as the token may (the BFF's absolute session lifetime): they mean nothing once the session
 * is over, and personal data should not outlive it. Returns false, keeping nothing, when the token cannot start a
 * session (no readable or a passed `exp`).
 */
export function saveSignIn(
  result: LoginResult,
  { storage = expiringLocalStorage, now = Date.now }: SessionStorageOptions = {},
): boolean {
  if (!storeAccessToken(result.accessToken, storage, now)) return false;
  saveSignedInUser(result, storage);
  // What the previous session read (another person's, perhaps) is forgotten.
  sessionChanged();
  return true;
}

/**
 * Keeps what a call answering the signed-in user says of them (spec §3 keys, as saveSignIn), within the session
 * already kept: user/startOverApply answers the user with their new application.
 */
export function saveSignedInUser(result: SignedInUser, storage: ExpiringStorage = expiringLocalStorage): void {
  const values: Record<string, string> = {
    [storageKeys.abChoice]: JSON.stringify(result.abChoice),
    [storageKeys.applyId]: result.applyId,
    [storageKeys.firstName]: result.firstName,
    [storageKeys.lastName]: result.lastName,
    [storageKeys.interestRate]: result.interestRate,
    [storageKeys.loanAmount]: String(result.loanAmountPence),
    [storageKeys.loanTerm]: String(result.loanTermMonths),
    [storageKeys.regStage]: result.regStage,
    [storageKeys.uuid]: result.uuid,
    [storageKeys.email]: result.email,
    [storageKeys.hasLoan]: String(result.hasLoan),
  };
  for (const [key, value] of Object.entries(values)) storage.setItem(key, value, ACCESS_TOKEN_STORAGE_SECONDS);
  if (result.staffActing) storage.setItem(storageKeys.staffActing, 'true', ACCESS_TOKEN_STORAGE_SECONDS);
  else storage.removeItem(storageKeys.staffActing);
}

/** Whether the stored session was started by staff acting for the borrower. */
export function readStaffActing(storage: ExpiringStorage = expiringLocalStorage): boolean {
  return storage.getItem(storageKeys.staffActing) === 'true';
}

/**
 * Logs out (spec §4): asks the BFF to end the session (`user/logout`; a failure changes nothing here: the
 * session may already be over, which is why this runs after a 401), then clears local storage except the
 * platform marker, the staff flag with its expiry and the brand flag, and forgets everything read from the BFF.
 * Session storage (the sandbox token, a message for the login screen) is left alone.
 */
export async function logout(storage: ExpiringStorage = expiringLocalStorage): Promise<void> {
  try {
    await endSession();
  } catch {
    // Whatever the BFF answered, this browser forgets the session.
  }
  storage.clear(KEPT_ON_LOGOUT);
  forgetAnalyticsPerson();
  sessionChanged();
}

/**
 * Notes that the signed-in person has a loan: one paid out in this session, which their sign-in could not know.
 * Kept as long as the session's other values.
 */
export function rememberLoan(storage: ExpiringStorage = expiringLocalStorage): void {
  if (readStoredAccessToken(storage) === null) return;
  storage.setItem(storageKeys.hasLoan, 'true', ACCESS_TOKEN_STORAGE_SECONDS);
}

/**
 * Keeps the staff token of `account/staffLogin` under `staff_login` (spec §6, §9) for 12 hours, or until the
 * token's own `expiresAt` when that comes first (an RFC 3339 time; ignored when unreadable). Nothing is kept
 * when `expiresAt` has already passed.
 */
export function saveStaffLogin(
  staffToken: string,
  expiresAt: string,
  { storage = expiringLocalStorage, now = Date.now }: SessionStorageOptions = {},
): boolean {
  const until = Date.parse(expiresAt);
  const left = Number.isNaN(until) ? STAFF_LOGIN_SECONDS : Math.floor((until - now()) / 1000);
  const seconds = Math.min(STAFF_LOGIN_SECONDS, left);
  if (seconds <= 0) return false;
  storage.setItem(storageKeys.staffLogin, staffToken, seconds);
  return true;
}

/** The stored staff token; null when there is none or its 12 hours are over. */
export function readStaffToken(storage: ExpiringStorage = expiringLocalStorage): string | null {
  return storage.getItem(storageKeys.staffLogin);
}

/** Leaves staff mode in this browser. */
export function clearStaffLogin(storage: ExpiringStorage = expiringLocalStorage): void {
  storage.removeItem(storageKeys.staffLogin);
}

/** The login screens a person can be sent to. */
export type LoginKind = Exclude<keyof typeof paths.login, 'whiteLabelEmailLogin'>;

/**
 * The path of a login screen. The e-mail login is the white-label one (`/harbour/login/emailLogin`, spec §2,
 * §8) while the white-label flag is set; the others have one path for both brands.
 */
export function loginPath(kind: LoginKind = 'emailLogin', storage: ExpiringStorage = expiringLocalStorage): string {
  if (kind === 'emailLogin') {
    const client = whiteLabelClient(storage);
    if (client !== undefined) return generatePath(paths.login.whiteLabelEmailLogin, { whiteLabel: client });
  }
  return paths.login[kind];
}

/** Keeps the message the e-mail login shows next (spec §8: an expired session, a dead link or code, a 401). */
export function setLoginError(message: string, storage: ExpiringStorage = expiringSessionStorage): void {
  storage.setItem(sessionStorageKeys.loginError, message);
}

/** The login error to show, removed as it is read: it is shown once. Null when there is none. */
export function takeLoginError(storage: ExpiringStorage = expiringSessionStorage): string | null {
  const message = storage.getItem(sessionStorageKeys.loginError);
  storage.removeItem(sessionStorageKeys.loginError);
  return message;
}

/**
 * Keeps the message of the answer that sent someone to another screen, which that screen shows once (spec §8
 * `redirectInfo`): a 100638 answer for /login/redirectLogin, a 100619 answer for the first question of a new
 * application.
 */
export function setRedirectInfo(message: string, storage: ExpiringStorage = expiringSessionStorage): void {
  storage.setItem(sessionStorageKeys.redirectInfo, message);
}

/** The redirectInfo message without removing it (a screen that re-reads it on every render). */
export function readRedirectInfo(storage: ExpiringStorage = expiringSessionStorage): string | null {
  return storage.getItem(sessionStorageKeys.redirectInfo);
}

/** The redirectInfo message, removed as it is read: the screen it was kept for shows it once. */
export function takeRedirectInfo(storage: ExpiringStorage = expiringSessionStorage): string | null {
  const message = readRedirectInfo(storage);
  storage.removeItem(sessionStorageKeys.redirectInfo);
  return message;
}
