import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { sessionStorageKeys } from '../../lib/storage-keys';

/**
 * What an applicant has typed on the after-approval screens, for this tab only (session storage, an hour), so a
 * refresh or a failed call loses nothing. Never in the URL (DESIGN §10). The account number is kept only until
 * the payee is confirmed (see forgetDraft).
 */
const DRAFT_KEY = sessionStorageKeys.approvedDraft;
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

export function readDraft(): ApprovedDraft {
  const raw = expiringSessionStorage.getItem(DRAFT_KEY);
  if (raw === null) return {};
  try {
    const parsed = JSON.parse(raw) as ApprovedDraft | null;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

export function keepDraft(change: Partial<ApprovedDraft>): void {
  expiringSessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...readDraft(), ...change }), DRAFT_SECONDS);
}

/** Drops answers once the step they belong to is done (the bank details are not kept longer than needed). */
export function forgetDraft(...fields: (keyof ApprovedDraft)[]): void {
  const kept = Object.entries(readDraft()).filter(([field]) => !fields.includes(field as keyof ApprovedDraft));
  expiringSessionStorage.setItem(DRAFT_KEY, JSON.stringify(Object.fromEntries(kept)), DRAFT_SECONDS);
}
