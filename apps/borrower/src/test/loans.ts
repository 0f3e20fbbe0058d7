// Loans as the BFF answers them (loanAction/loans …), for the loan-account screens' tests.
import { envelopeResponse } from '@lender/api-client/testing';
import type { LoanMenuItem, LoanSummary, LoanTransaction, ScheduledInstalment } from '../api/loan';
import type { Answer } from './sign-in-support';

/** An active loan, up to date, taken out on 3rd Dec 2026; `overrides` changes what a test is about. */
export function activeLoan(overrides: Partial<LoanSummary> = {}): LoanSummary {
  return {
    loanId: 'loan_1',
    status: 'active',
    amountPence: 1_250_000,
    termMonths: 36,
    balancePence: 1_187_654,
    monthlyInstalmentPence: 40_212,
    aprPercent: '9.9',
    annualRatePercent: '9.5',
    instalmentsPaid: 2,
    instalmentsRemaining: 34,
    arrearsPence: 0,
    nextPayment: { dueDate: '2027-03-03', amountPence: 40_212 },
    finalDueDate: '2029-12-03',
    finalPayment: { dueDate: '2029-12-03', amountPence: 40_215 },
    totalPayablePence: 1_447_635,
    paidToDatePence: 80_424,
    remainingPayablePence: 1_367_211,
    drawdownDate: '2026-12-03',
    ...overrides,
  };
}

/** A loan repaid in full on 20th Jan 2027. */
export function settledLoan(overrides: Partial<LoanSummary> = {}): LoanSummary {
  return {
    ...activeLoan({ nextPayment: undefined, finalPayment: undefined }),
    loanId: 'loan_settled',
    status: 'settled',
    balancePence: 0,
    instalmentsPaid: 36,
    instalmentsRemaining: 0,
    settledOn: '2027-01-20',
    settledBy: 'settlement',
    ...overrides,
  };
}

/** A menu item open, or closed with its reason. */
export function menuItem(action: LoanMenuItem['action'], label: string, closedFor?: string): LoanMenuItem {
  return closedFor === undefined
    ? { action, label, open: true }
    : { action, label, open: false, reasonCode: 'not_available_yet', reason: closedFor };
}

/** The loan a call is about: its `loanId` query parameter. */
export function loanIdOf(request: Request): string {
  return new URL(request.url).searchParams.get('loanId') ?? '';
}

/** Three instalments: the first two paid, the third to come. */
export const SCHEDULE: ScheduledInstalment[] = [
  { number: 1, dueDate: '2027-01-03', amountPence: 40_212, paidPence: 40_212, balancePence: 1_219_000, status: 'paid' },
  { number: 2, dueDate: '2027-02-03', amountPence: 40_212, paidPence: 40_212, balancePence: 1_187_654, status: 'paid' },
  { number: 3, dueDate: '2027-03-03', amountPence: 40_212, paidPence: 0, balancePence: 1_156_050, status: 'upcoming' },
];

/** The postings of the loan to 3rd Feb 2027, newest first. */
export const TRANSACTIONS: LoanTransaction[] = [
  { id: 't5', date: '2027-02-03', type: 'repayment', description: 'Card payment', amountPence: -40_212, balancePence: 1_187_654 },
  { id: 't4', date: '2027-02-03', type: 'interest', description: 'Interest for instalment 2', amountPence: 8_866, balancePence: 1_227_866 },
  { id: 't3', date: '2027-01-03', type: 'repayment', description: 'Card payment', amountPence: -40_212, balancePence: 1_219_000 },
  { id: 't2', date: '2027-01-03', type: 'interest', description: 'Interest for instalment 1', amountPence: 9_212, balancePence: 1_259_212 },
  { id: 't1', date: '2026-12-03', type: 'drawdown', description: 'Loan paid out', amountPence: 1_250_000, balancePence: 1_250_000 },
];

/**
 * What the loan-account screens read, answered for `loans`: the list, and each loan's schedule and transactions
 * (the same for every loan); `overrides` answers the rest, or answers these differently.
 */
export function loanAccountAnswers(loans: LoanSummary[], overrides: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    '/loanAction/loans': { resultData: { loans } },
    '/loanAction/schedule': (request) =>
      envelopeResponse({ resultData: { loanId: loanIdOf(request), instalments: SCHEDULE } }),
    '/loanAction/transactions': (request) =>
      envelopeResponse({ resultData: { loanId: loanIdOf(request), transactions: TRANSACTIONS } }),
    ...overrides,
  };
}
