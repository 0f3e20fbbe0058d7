import type { components } from '@lender/api-client';
import { z } from 'zod';
import { defineDraft } from '../../lib/drafts/draft-store';
import { draftKeys } from '../../lib/storage-keys';

/**
 * What an applicant has typed on the after-approval screens, kept in this browser an hour (lib/drafts), so a
 * refresh, a new tab or a failed call loses nothing. Never in the URL (DESIGN §10). The account number is kept only until
 * the payee is confirmed (see forgetDraft).
 */
const DRAFT_SECONDS = 60 * 60;

export interface ApprovedDraft {
  phoneNumber?: string;
  /** The number the last code was sent to (the code screen sends it back with the code). */
  codeSentTo?: string;
  sortCode?: string;
  accountNumber?: string;
  accountName?: string;
  signerName?: string;
  /** The account the bank confirmed (never the full account number), for the disbursal time screen. */
  payee?: components['schemas']['Payee'];
  /** The checkout of the payment authority under way (payment/paymentSessionInfo asks with it). */
  paymentLinkId?: string;
  /** The answer on change-my-mind ("yes" or "no") until it is acted on. */
  withdrawAnswer?: string;
}

const text = z.string().optional();

const draft = defineDraft({
  key: draftKeys.approved,
  schema: z.object({
    phoneNumber: text,
    codeSentTo: text,
    sortCode: text,
    accountNumber: text,
    accountName: text,
    signerName: text,
    payee: z.looseObject({}).optional(),
    paymentLinkId: text,
    withdrawAnswer: text,
  }) as z.ZodType<ApprovedDraft>,
  empty: () => ({}),
  expirySeconds: DRAFT_SECONDS,
});

export function readDraft(): ApprovedDraft {
  return draft.read();
}

export function keepDraft(change: Partial<ApprovedDraft>): void {
  draft.keep(change);
}

/** Drops answers once the step they belong to is done (the bank details are not kept longer than needed). */
export function forgetDraft(...fields: (keyof ApprovedDraft)[]): void {
  const kept = Object.entries(readDraft()).filter(([field]) => !fields.includes(field as keyof ApprovedDraft));
  draft.replace(Object.fromEntries(kept));
}
