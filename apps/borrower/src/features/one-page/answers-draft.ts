import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { sessionStorageKeys, storageKeys } from '../../lib/storage-keys';

/** An address of the history as entered on the verify-address step (text as typed). */
export interface AddressDraft {
  /** The gazetteer id when the address came from the BFF (kept, so it is sent back as it was); else empty. */
  addressId: string;
  /** The flat, house number or name, as one line. */
  house: string;
  street: string;
  town: string;
  postcode: string;
  movedInMonth: string;
  movedInYear: string;
}

/**
 * The answers of the one-page steps as entered, for this tab (storage-keys.ts `onePageAnswers`). A field is
 * absent until the person changes it, so the screen falls back to what the BFF has recorded.
 */
export interface OnePageAnswers {
  amount?: string;
  term?: string;
  purpose?: string;
  purposeText?: string;
  livingSituation?: string;
  payMethod?: string;
  housingCost?: string;
  addresses?: AddressDraft[];
  income?: string;
  employment?: string;
  frequency?: string;
  futureChange?: string;
  direction?: string;
  reason?: string;
  newIncome?: string;
  credit?: Record<string, string>;
  /** The application these answers belong to (see bindAnswersTo). */
  applicationId?: string;
  /** The Idempotency-Key of the submission under way (kept across a retry until the answer comes). */
  submissionKey?: string | undefined;
}

export function readOnePageAnswers(): OnePageAnswers {
  const raw = expiringSessionStorage.getItem(sessionStorageKeys.onePageAnswers);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
  } catch {
    // Something else wrote the key: start again rather than break the screen.
    return {};
  }
}

/** Keeps some answers, leaving the others as they were. */
export function keepOnePageAnswers(answers: OnePageAnswers): void {
  expiringSessionStorage.setItem(
    sessionStorageKeys.onePageAnswers,
    JSON.stringify({ ...readOnePageAnswers(), ...answers }),
  );
}

/**
 * Makes the kept answers, the steps visited and the required steps those of `applicationId`: what was kept for
 * another application (someone else signed in in this tab, or an application started over) is dropped, never
 * shown.
 */
export function bindAnswersTo(applicationId: string): void {
  if (readOnePageAnswers().applicationId === applicationId) return;
  expiringSessionStorage.removeItem(sessionStorageKeys.onePageVisited);
  expiringLocalStorage.removeItem(storageKeys.onePageSteps);
  expiringSessionStorage.setItem(sessionStorageKeys.onePageAnswers, JSON.stringify({ applicationId }));
}
