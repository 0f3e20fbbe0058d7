import { expiringSessionStorage } from '@lender/api-client/storage';
import { sessionStorageKeys } from './storage-keys';

/**
 * The applicant's answers on the early application steps, each exactly as entered (text), so a screen shows
 * back what was typed. Shared by every step that reads or writes them (storage-keys.ts `applicationDraft`).
 */
export interface ApplicationDraft {
  /** A loan purpose of the eligibilitySubmit contract (`car`, `other`…), or empty. */
  purpose: string;
  /** What the loan is for, when the purpose is `other`. */
  purposeText: string;
  firstName: string;
  lastName: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
  email: string;
  /** Gross yearly income in pounds, as typed (`£32,000`). */
  income: string;
  /** An employment status (`employed_full_time`…), or empty. */
  employment: string;
}

const EMPTY_DRAFT: ApplicationDraft = {
  purpose: '',
  purposeText: '',
  firstName: '',
  lastName: '',
  dobDay: '',
  dobMonth: '',
  dobYear: '',
  email: '',
  income: '',
  employment: '',
};

const FIELDS = Object.keys(EMPTY_DRAFT) as (keyof ApplicationDraft)[];

/** The answers kept for this tab, with every missing or malformed answer empty. */
export function readApplicationDraft(): ApplicationDraft {
  const draft = { ...EMPTY_DRAFT };
  const raw = expiringSessionStorage.getItem(sessionStorageKeys.applicationDraft);
  if (raw === null) return draft;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // Something else wrote the key: start again rather than break the screen.
    return draft;
  }
  if (typeof parsed !== 'object' || parsed === null) return draft;
  const record = parsed as Record<string, unknown>;
  for (const field of FIELDS) {
    const value = record[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
}

/** Keeps some answers, leaving the others as they were; returns the whole draft as now kept. */
export function keepApplicationAnswers(answers: Partial<ApplicationDraft>): ApplicationDraft {
  const draft = { ...readApplicationDraft(), ...answers };
  expiringSessionStorage.setItem(sessionStorageKeys.applicationDraft, JSON.stringify(draft));
  return draft;
}
