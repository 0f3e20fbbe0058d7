import { z } from 'zod';
import { draftKeys } from '../storage-keys';
import { defineDraft, JOURNEY_DRAFT_SECONDS } from './draft-store';

/** What the person has entered on the amount screen: the amount as typed (pounds) and the term as text. */
export interface QuoteChoice {
  amount: string;
  term: string;
}

/**
 * The quote being chosen on /amount/amount_default (storage-keys.ts `draftKeys.quote`): read by the quote
 * screens, and by the early steps that send it with the eligibility check.
 */
export const quoteDraft = defineDraft({
  key: draftKeys.quote,
  schema: z.object({ amount: z.string().default(''), term: z.string().default('') }) satisfies z.ZodType<QuoteChoice>,
  empty: () => ({ amount: '', term: '' }),
  expirySeconds: JOURNEY_DRAFT_SECONDS,
});
