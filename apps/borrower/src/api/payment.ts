import type { components } from '@lender/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf } from './contract';
import { LOAN } from './scopes';

/**
 * The contract's paying calls (issue 17 §1): what the borrower can pay on a loan and with which cards, a payment
 * taken with an idempotency key, and a payment's outcome read from the gateway through the BFF. They live under
 * the `loan` root: a payment marks the loan's reads stale (changes.ts).
 */

export type PaymentOptions = components['schemas']['PaymentOptions'];
export type StoredCard = components['schemas']['StoredCard'];
export type Payment = components['schemas']['Payment'];
export type PaymentKind = Payment['kind'];
export type CardSummary = components['schemas']['CardSummary'];

/** What the borrower can pay on the loan today, and the cards on file, the primary first. */
export const paymentOptionsQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'paymentOptions'] as const,
    queryFn: ({ signal }) => api.get('/payment/paymentOptions', { params: { query: { loanId } }, signal }),
    // What is owed moves with the days and with payments made elsewhere (a card authority's collection).
    staleTime: 0,
  });

/** Takes a payment once: the same key answers the same payment again, whatever is sent with it. */
export const createPayment = (body: BodyOf<'/payment/createPayment'>, idempotencyKey: string) =>
  api.post('/payment/createPayment', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } });

/**
 * A payment's state, asked at the gateway through the BFF each time the screen opens (a borrower who closed the
 * tab mid-payment sees the true state), never kept.
 */
export const paymentSessionQuery = (paymentLinkId: string) =>
  queryOptions({
    queryKey: [LOAN, 'paymentSession', paymentLinkId] as const,
    queryFn: ({ signal }) => api.get('/payment/paymentSessionInfo', { params: { query: { paymentLinkId } }, signal }),
    staleTime: 0,
    gcTime: 0,
  });

export type SettlementFigure = components['schemas']['SettlementFigure'];
export type BankTransferDetails = components['schemas']['BankTransferDetails'];

/**
 * The lending core's figure to settle the loan early, with its parts (issue 17 §3). Asked afresh each time the
 * screen opens: a quote holds until its day, and a new one may be needed after it.
 */
export const settlementQuoteQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'settlementQuote'] as const,
    queryFn: ({ signal }) => api.post('/payment/settlementQuote', { body: { loanId }, signal }),
    staleTime: 0,
  });

/**
 * The lender's bank details to settle by transfer, for a quote that still holds. The BFF records the intent once
 * per quote however often it is asked, so this is a read.
 */
export const bankTransferQuery = (loanId: string, settlementQuoteId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'bankTransfer', settlementQuoteId] as const,
    queryFn: ({ signal }) => api.post('/payment/bankTransfer', { body: { loanId, settlementQuoteId }, signal }),
  });
