import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { formatPence } from '@lender/ui/format';
import { z } from 'zod';
import type { Payment, PaymentKind, PaymentOptions, StoredCard } from '../api/payment';
import { defineDraft } from './drafts/draft-store';
import { penceOf } from './money';
import type { MoneyValue } from './money';
import { paths } from './paths';
import { sessionStorageKeys, storageKeys } from './storage-keys';
import { randomId } from './telemetry/random-id';

/**
 * The rules of paying an amount (issue 17 §1), as pure functions and the two things kept while a payment is
 * under way: the intent in this tab, and a payment whose hosted checkout is open in this browser.
 */

/**
 * What the borrower chose to pay, kept in this tab (session storage) from /make-a-payment to the answer. The
 * idempotency key is made when they confirm, and kept with it until the BFF answers: a refresh, a double click
 * or a retry after a lost answer sends the same key, so the payment is taken once. A new choice, or another card,
 * is another intent, without a key.
 */
export interface PaymentIntent {
  loanId: string;
  kind: PaymentKind;
  amountPence: number;
  /** The card on file chosen on /pay/reuse; the primary when absent. */
  cardId?: string | undefined;
  /** An early settlement's quote (kind settlement): the payment settles the loan at its figure. */
  settlementQuoteId?: string | undefined;
  /** A new card on the hosted checkout was chosen (/earlyRepayment/card_select), not one on file. */
  newCard?: boolean | undefined;
  idempotencyKey?: string | undefined;
}

const intentSchema = z.object({
  loanId: z.string().min(1),
  kind: z.enum(['arrears', 'instalment', 'other', 'settlement']),
  amountPence: z.number().int().positive(),
  cardId: z.string().optional(),
  settlementQuoteId: z.string().optional(),
  newCard: z.boolean().optional(),
  idempotencyKey: z.string().optional(),
}) as z.ZodType<PaymentIntent>;

const intentDraft = defineDraft({
  key: sessionStorageKeys.paymentIntent,
  schema: intentSchema.nullable(),
  empty: () => null,
  // An hour: a borrower who leaves the tab chooses again.
  expirySeconds: 60 * 60,
  storage: expiringSessionStorage,
});

/** The intent kept for `loanId`, or undefined (none, or another loan's). */
export function readIntent(loanId: string): PaymentIntent | undefined {
  const intent = intentDraft.read();
  return intent !== null && intent.loanId === loanId ? intent : undefined;
}

/** Keeps a new intent (a new choice of amount, or of card): without a key, so the next confirmation makes one. */
export function keepIntent(intent: Omit<PaymentIntent, 'idempotencyKey'>): void {
  intentDraft.replace({ ...intent, idempotencyKey: undefined });
}

/** The key of the intent's payment: the one kept while its answer has not come, else a new one, kept. */
export function confirmIntent(intent: PaymentIntent): PaymentIntent {
  const kept = readIntent(intent.loanId);
  const idempotencyKey = kept?.idempotencyKey ?? randomId();
  const confirmed = { ...intent, idempotencyKey };
  intentDraft.replace(confirmed);
  return confirmed;
}

/** The answer came: the key has served; the intent stays for another try, which is another payment. */
export function answerCame(loanId: string): void {
  const kept = readIntent(loanId);
  if (kept !== undefined) intentDraft.replace({ ...kept, idempotencyKey: undefined });
}

/** The payment is over (taken): nothing of it is kept. */
export function forgetIntent(): void {
  intentDraft.forget();
}

/**
 * A payment whose hosted checkout was opened from this browser (local storage, with an expiry): the gateway's
 * return carries no id of ours, and a borrower who closed the tab and comes back is shown its state from it.
 */
export interface PendingCheckout {
  paymentLinkId: string;
  loanId: string;
  amountPence: number;
  checkoutUrl: string;
  /** An early settlement's checkout: its back link and other ways lead to the settlement's screens. */
  settlement?: boolean | undefined;
}

const pendingDraft = defineDraft({
  key: storageKeys.pendingPayment,
  schema: z
    .object({
      paymentLinkId: z.string().min(1),
      loanId: z.string().min(1),
      amountPence: z.number().int().positive(),
      checkoutUrl: z.url(),
      settlement: z.boolean().optional(),
    })
    .nullable(),
  empty: () => null,
  // A day: longer than any checkout stays open at the gateway, so its outcome can still be shown.
  expirySeconds: 24 * 60 * 60,
  storage: expiringLocalStorage,
});

export function readPendingCheckout(): PendingCheckout | undefined {
  return pendingDraft.read() ?? undefined;
}

export function keepPendingCheckout(pending: PendingCheckout): void {
  pendingDraft.replace(pending);
}

export function forgetPendingCheckout(): void {
  pendingDraft.forget();
}

/** A card on file that may still pay: not expired. */
export function usableCards(options: Pick<PaymentOptions, 'cards'>): StoredCard[] {
  return options.cards.filter((card) => !card.expired);
}

/** The card a payment of the intent is taken from: the one chosen, while still usable, else the first usable. */
export function cardToPay(options: Pick<PaymentOptions, 'cards'>, cardId: string | undefined): StoredCard | undefined {
  const usable = usableCards(options);
  return usable.find((card) => card.cardId === cardId) ?? usable[0];
}

/** The query parameter of /make-a-payment naming the choice a menu item opens it with (ACTION_PATHS). */
export const PAY_CHOICE = 'pay';

/** Where Continue of /make-a-payment leads: a card on file pays at once, else a new card at the checkout. */
export function payPathFor(options: Pick<PaymentOptions, 'cards'>): string {
  return usableCards(options).length > 0 ? paths.paying.acPay : paths.paying.adHoc;
}

const BRANDS: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** A card as a borrower knows it: "Visa card ending 4242". Never a number beyond the last four. */
export function cardWords(card: { brand: string; last4: string }): string {
  const brand = BRANDS[card.brand];
  return `${brand === undefined ? '' : `${brand} `}card ending ${card.last4}`;
}

/** A card's expiry as printed on it: 04/27. */
export function expiryWords(card: Pick<StoredCard, 'expiryMonth' | 'expiryYear'>): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;
}

/** The outcomes of a payment that did not go through. */
export type FailedStatus = Exclude<Payment['status'], 'pending' | 'succeeded'>;

/** Why a payment did not go through, in plain words: the gateway's reason when declined, as the BFF words it. */
export function failureWords(payment: Pick<Payment, 'status' | 'declineMessage'>): string {
  switch (payment.status) {
    case 'declined':
      return payment.declineMessage !== undefined && payment.declineMessage !== ''
        ? payment.declineMessage
        : 'Your card was declined. Try another card, or ask your bank why.';
    case 'cancelled':
      return 'You cancelled the payment, so nothing was taken.';
    case 'expired':
      return 'The payment page timed out before you paid, so nothing was taken.';
    default:
      return 'Something went wrong with the payment, so it was not taken. You can try again.';
  }
}

/** The messages of the amount, as GOV.UK words them. */
export const AMOUNT_MESSAGES = {
  choose: 'Select what you want to pay',
  required: 'Enter the amount you want to pay',
  invalid: 'Enter an amount in pounds and pence, like £150 or £150.50',
  tooSmall: 'The amount must be at least £0.01',
} as const;

/** The amount's message when it is more than one payment can be today. */
export function tooMuchMessage(maxPence: number): string {
  return `The amount must be ${formatPence(maxPence)} or less. To pay off everything you owe, you need an early settlement`;
}

/**
 * What the other amount is (/make-a-payment): pence from 1p to the most one payment can be today, or the
 * problem with it. The field holds pence once the text is money (lib/money.ts: "£1,500.00" and "1 500" are
 * £1,500), the text when it is not, null when empty.
 */
export function checkAmount(
  value: MoneyValue,
  maxPence: number,
): { pence: number } | { problem: string } {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return { problem: AMOUNT_MESSAGES.required };
  const pence = typeof value === 'string' ? penceOf(value) : value;
  if (pence === undefined || !Number.isInteger(pence)) return { problem: AMOUNT_MESSAGES.invalid };
  if (pence < 1) return { problem: AMOUNT_MESSAGES.tooSmall };
  if (pence > maxPence) return { problem: tooMuchMessage(maxPence) };
  return { pence };
}
