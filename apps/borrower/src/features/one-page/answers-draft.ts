import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { z } from 'zod';
import { defineDraft, JOURNEY_DRAFT_SECONDS } from '../../lib/drafts/draft-store';
import { incomeDraft } from '../../lib/drafts/income-draft';
import { moneyValue } from '../../lib/money';
import type { MoneyValue } from '../../lib/money';
import { draftKeys, sessionStorageKeys, storageKeys } from '../../lib/storage-keys';

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
 * The answers of the one-page steps as entered, kept in this browser (storage-keys.ts `draftKeys.onePage`). A field is
 * absent until the person changes it, so the screen falls back to what the BFF has recorded.
 */
export interface OnePageAnswers {
  amount?: string;
  term?: string;
  purpose?: string;
  purposeText?: string;
  livingSituation?: string;
  payMethod?: string;
  /** Pence once typed as money, else the text as typed (lib/money.ts). */
  housingCost?: MoneyValue;
  addresses?: AddressDraft[];
  futureChange?: string;
  direction?: string;
  reason?: string;
  /** Pence once typed as money, else the text as typed (lib/money.ts). */
  newIncome?: MoneyValue;
  /** The application these answers belong to (see bindAnswersTo). */
  applicationId?: string;
  /** The Idempotency-Key of the submission under way (kept across a retry until the answer comes). */
  submissionKey?: string | undefined;
}

const text = z.string().optional();

const answersSchema = z.object({
  amount: text,
  term: text,
  purpose: text,
  purposeText: text,
  livingSituation: text,
  payMethod: text,
  housingCost: moneyValue.optional(),
  addresses: z
    .array(
      z.object({
        addressId: z.string(),
        house: z.string(),
        street: z.string(),
        town: z.string(),
        postcode: z.string(),
        movedInMonth: z.string(),
        movedInYear: z.string(),
      }),
    )
    .optional(),
  futureChange: text,
  direction: text,
  reason: text,
  newIncome: moneyValue.optional(),
  applicationId: text,
  submissionKey: text,
}) as z.ZodType<OnePageAnswers>;

const answersDraft = defineDraft({
  key: draftKeys.onePage,
  schema: answersSchema,
  empty: (): OnePageAnswers => ({}),
  expirySeconds: JOURNEY_DRAFT_SECONDS,
});

export function readOnePageAnswers(): OnePageAnswers {
  return answersDraft.read();
}

/** Keeps some answers, leaving the others as they were. */
export function keepOnePageAnswers(answers: OnePageAnswers): void {
  answersDraft.keep(answers);
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
  answersDraft.replace({ applicationId });
  incomeDraft.forget();
}
