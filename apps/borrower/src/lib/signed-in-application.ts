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
