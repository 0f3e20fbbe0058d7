/**
 * The application info this browser keeps (spec §3 "Browser-kept values"): `applicationInfo`, a JSON object whose
 * renderData holds renderApplicantId. It is written each time the application info is read, and product analytics
 * identifies the person with it (spec §7 "Analytics"): once for each applicant id, not on every read.
 */
import { ACCESS_TOKEN_STORAGE_SECONDS } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import type { ApplicationInfo } from './resume-target';
import { storageKeys } from './storage-keys';
import { identifyFromStoredApplication } from './telemetry/telemetry';

/**
 * Keeps the application's renderData (nothing else of the application: the rest describes the person) for as long
 * as the session's other values, and has analytics identify the person when the stored id changed. Log-out clears
 * it with the rest of local storage.
 */
export function keepApplicationInfo(
  info: { renderData?: ApplicationInfo['renderData'] },
  storage: Pick<ExpiringStorage, 'getItem' | 'setItem'> = expiringLocalStorage,
  identify: () => void = identifyFromStoredApplication,
): void {
  // An answer without renderData (a BFF older than the app) leaves what is kept alone.
  if (info.renderData === undefined) return;
  const value = JSON.stringify({ renderData: { renderApplicantId: info.renderData.renderApplicantId } });
  if (storage.getItem(storageKeys.applicationInfo) === value) return;
  storage.setItem(storageKeys.applicationInfo, value, ACCESS_TOKEN_STORAGE_SECONDS);
  identify();
}
