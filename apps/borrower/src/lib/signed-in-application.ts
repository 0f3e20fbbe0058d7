import { readStoredAccessToken } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { storageKeys } from './storage-keys';

/**
 * Whether someone is signed in with an application: the keys a sign-in stored (a session token, and applyId,
 * empty when there was none). Read without a call, so a route guard can ask it on every navigation.
 */
export function signedInWithApplication(): boolean {
  return readStoredAccessToken() !== null && (expiringLocalStorage.getItem(storageKeys.applyId) ?? '') !== '';
}

/**
 * Whether someone is signed in with a loan and no application (a seeded or long-standing borrower): the keys a
 * sign-in stored, as signedInWithApplication.
 */
export function signedInWithLoanOnly(): boolean {
  return (
    readStoredAccessToken() !== null &&
    (expiringLocalStorage.getItem(storageKeys.applyId) ?? '') === '' &&
    expiringLocalStorage.getItem(storageKeys.hasLoan) === 'true'
  );
}

/** Who is signed in, from the keys a sign-in stored: their name and whether they have a loan. */
export interface SignedInPerson {
  /** First and last name, as far as they are known; empty when neither is. */
  name: string;
  hasLoan: boolean;
}

/** The signed-in person from the keys a sign-in stored (spec §3), or null without a session token. */
export function readSignedInPerson(): SignedInPerson | null {
  if (readStoredAccessToken() === null) return null;
  const name = [storageKeys.firstName, storageKeys.lastName]
    .map((key) => expiringLocalStorage.getItem(key) ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return { name, hasLoan: expiringLocalStorage.getItem(storageKeys.hasLoan) === 'true' };
}
