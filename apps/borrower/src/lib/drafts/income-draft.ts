import { z } from 'zod';
import { moneyValue } from '../money';
import type { MoneyValue } from '../money';
import { draftKeys } from '../storage-keys';
import { defineDraft, JOURNEY_DRAFT_SECONDS } from './draft-store';

/**
 * The income details and credit-assessment answers as being given, one draft for both journeys (the legacy
 * /income_verify pages and the one-page /loan/income step ask the same questions). An answer is absent until
 * the person gives it, so a screen falls back to what the application records, then to the early steps'.
 */
export interface IncomeDraft {
  /** Pence once typed as money, else the text as typed (lib/money.ts). */
  income?: MoneyValue;
  employment?: string;
  frequency?: string;
  /** Each credit-assessment question's answer by its id: a choice's code, or money for an amount. */
  credit?: Record<string, MoneyValue>;
}

export const incomeDraft = defineDraft({
  key: draftKeys.income,
  schema: z.object({
    income: moneyValue.optional(),
    employment: z.string().optional(),
    frequency: z.string().optional(),
    credit: z.record(z.string(), moneyValue).optional(),
  }) satisfies z.ZodType<IncomeDraft>,
  empty: (): IncomeDraft => ({}),
  expirySeconds: JOURNEY_DRAFT_SECONDS,
});
