// Payments as the BFF answers them (payment/paymentOptions, payment/createPayment …), for the paying screens' tests.
import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { LoanMenuItem } from '../api/loan';
import type { BankTransferDetails, Payment, PaymentOptions, SettlementFigure, StoredCard } from '../api/payment';
import { activeLoan, loanAccountAnswers, menuItem } from './loans';
import type { Answer } from './sign-in-support';

/** The primary card on file: a Visa ending 4242, to April 2029. */
export const VISA: StoredCard = {
  cardId: 'card_visa',
  brand: 'visa',
  last4: '4242',
  expiryMonth: 4,
  expiryYear: 2029,
  primary: true,
  expired: false,
};

export const MASTERCARD: StoredCard = { ...VISA, cardId: 'card_mc', brand: 'mastercard', last4: '4444', primary: false };
export const EXPIRED: StoredCard = { ...VISA, cardId: 'card_old', last4: '1111', expiryMonth: 1, expiryYear: 2025, primary: false, expired: true };

/** A loan in arrears of £402.12, the next instalment of £402.12 due 3rd March 2027, at most £11,000.00 today. */
export function paymentOptions(overrides: Partial<PaymentOptions> = {}): PaymentOptions {
  return {
    loanId: 'loan_1',
    open: true,
    arrearsPence: 40_212,
    nextInstalment: { dueDate: '2027-03-03', amountPence: 40_212 },
    balancePence: 1_187_654,
    maxPaymentPence: 1_100_000,
    cards: [VISA, MASTERCARD],
    ...overrides,
  };
}

export const PAYMENT_MENU: LoanMenuItem[] = [
  menuItem('payArrears', 'Pay your arrears'),
  menuItem('payNextInstalment', 'Pay your next instalment'),
  menuItem('payOtherAmount', 'Pay another amount'),
  menuItem('repayInFull', 'Pay off your loan', 'Paying off your loan early is not available online yet.'),
];

/** A payment as createPayment or paymentSessionInfo answers it. */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: 'pay_1',
    loanId: 'loan_1',
    kind: 'arrears',
    amountPence: 40_212,
    method: 'stored_card',
    status: 'succeeded',
    card: { brand: 'visa', last4: '4242' },
    recorded: true,
    balanceAfterPence: 1_147_442,
    ...overrides,
  };
}

/** What the paying screens read, for one active loan; `overrides` answers the rest, or these differently. */
export function payingAnswers(
  overrides: Record<string, Answer> = {},
  options: PaymentOptions = paymentOptions(),
): Record<string, Answer> {
  return loanAccountAnswers([activeLoan({ status: 'in_arrears', arrearsPence: options.arrearsPence })], {
    '/loanAction/makePaymentMenu': { resultData: { loanId: 'loan_1', items: PAYMENT_MENU } },
    '/payment/paymentOptions': () => envelopeResponse({ resultData: options }),
    ...overrides,
  });
}

/**
 * A settlement figure of the loan (payment/settlementQuote): £11,876.54 owed today; 28 instalments after 26th March
 * 2027 (£11,260.00) settled with £10,500.00, a rebate of £760.00; arrears of £402.12 and the instalment of 3rd March
 * 2027 (£402.12) owed on top: £11,304.24 to settle, holding until 26th March 2027.
 */
export function settlementFigure(overrides: Partial<SettlementFigure> = {}): SettlementFigure {
  return {
    quoteId: 'quote_1',
    loanId: 'loan_1',
    requestDate: '2027-02-26',
    settlementDate: '2027-03-26',
    expiresAt: '2027-03-26T23:59:59Z',
    settlementAmountPence: 1_050_000,
    remainingScheduledPence: 1_126_000,
    rebatePence: 76_000,
    remainingRepayments: 28,
    arrearsPence: 40_212,
    dueBeforeSettlement: [{ dueDate: '2027-03-03', amountPence: 40_212 }],
    dueBeforeSettlementPence: 40_212,
    totalToSettlePence: 1_130_424,
    balancePence: 1_187_654,
    ...overrides,
  };
}

/** The lender's bank details for that figure (payment/bankTransfer). */
export const BANK_DETAILS: BankTransferDetails = {
  payee: 'Lender Finance Ltd',
  sortCode: '12-34-56',
  accountNumber: '12345678',
  reference: 'SETTLE LOAN1',
  amountPence: 1_130_424,
  payBy: '2027-03-26',
};

/** The idempotency key a payment call carried. */
export function keyOf(request: Request | undefined): string | null {
  return request?.headers.get('Idempotency-Key') ?? null;
}

/** Waits for the router to be at `path`. */
export async function waitForPath(router: { state: { location: { pathname: string } } }, path: string): Promise<void> {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(path);
  });
}

/** The page's main region. */
export function main(): HTMLElement {
  return screen.getByRole('main');
}
