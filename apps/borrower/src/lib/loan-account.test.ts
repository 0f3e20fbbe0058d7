import { describe, expect, it } from 'vitest';
import { activeLoan, menuItem, settledLoan } from '../test/loans';
import { chosenLoanOf, loanName, loanStatusWords, menuEntry, pdfViewBackTo, pdfViewPath } from './loan-account';

const newest = activeLoan({ loanId: 'loan_new' });
const older = settledLoan({ loanId: 'loan_old' });

describe('chosenLoanOf', () => {
  it.each([
    { name: 'nothing chosen: the newest', chosen: null, expected: 'loan_new' },
    { name: 'the older one chosen', chosen: 'loan_old', expected: 'loan_old' },
    { name: 'a loan no longer among the borrower’s (another session’s): the newest', chosen: 'loan_gone', expected: 'loan_new' },
  ])('$name', ({ chosen, expected }) => {
    expect(chosenLoanOf([newest, older], chosen)?.loanId).toBe(expected);
  });

  it('is none for a borrower without loans', () => {
    expect(chosenLoanOf([], 'loan_old')).toBeUndefined();
  });
});

describe('loanName', () => {
  it.each([
    { loan: activeLoan(), expected: 'Loan of £12,500.00 taken out 3rd Dec 2026' },
    { loan: activeLoan({ drawdownDate: undefined, amountPence: 500_000, termMonths: 24 }), expected: 'Loan of £5,000.00 over 24 months' },
  ])('$expected', ({ loan, expected }) => {
    expect(loanName(loan)).toBe(expected);
  });
});

describe('loanStatusWords', () => {
  it.each([
    ['active', 'Active'],
    ['in_arrears', 'In arrears'],
    ['payment_holiday', 'Payment holiday'],
    ['settled', 'Repaid'],
    ['written_off', 'written off'],
  ])('%s is said "%s"', (status, words) => {
    expect(loanStatusWords(activeLoan({ status }))).toBe(words);
  });
});

describe('menuEntry', () => {
  it.each([
    {
      name: 'open, with a screen here: a link to it',
      item: menuItem('schedule', 'See your repayment schedule'),
      expected: { kind: 'link', label: 'See your repayment schedule', to: '/loan-schedule' },
    },
    {
      name: 'open, with its amount',
      item: { ...menuItem('statements', 'Statements'), amountPence: 1_000 },
      expected: { kind: 'link', label: 'Statements', to: '/loan-statements', amountPence: 1_000 },
    },
    {
      name: 'closed: its reason, and no link',
      item: menuItem('paymentHoliday', 'Take a payment holiday', 'You cannot take a holiday while payments are missed.'),
      expected: { kind: 'closed', label: 'Take a payment holiday', reason: 'You cannot take a holiday while payments are missed.' },
    },
    {
      name: 'closed without a reason given',
      item: { action: 'borrowMore' as const, label: 'Borrow more', open: false },
      expected: { kind: 'closed', label: 'Borrow more', reason: 'This is not available yet.' },
    },
    {
      name: 'open, but its screen is not built here yet: closed, never a dead link',
      item: menuItem('paymentTrouble', 'Get help with payments'),
      expected: { kind: 'closed', label: 'Get help with payments', reason: 'This is not available yet.' },
    },
    {
      name: 'paying off the loan: the settlement figure',
      item: menuItem('repayInFull', 'Pay off your loan'),
      expected: { kind: 'link', label: 'Pay off your loan', to: '/earlyRepayment/payment_amount' },
    },
    {
      name: 'repaying early: the settlement figure',
      item: menuItem('repayEarly', 'Repay early'),
      expected: { kind: 'link', label: 'Repay early', to: '/earlyRepayment/payment_amount' },
    },
    {
      name: 'a payment menu item: /make-a-payment with that choice made',
      item: menuItem('payArrears', 'Pay your arrears'),
      expected: { kind: 'link', label: 'Pay your arrears', to: '/make-a-payment?pay=arrears' },
    },
  ])('$name', ({ item, expected }) => {
    expect(menuEntry(item)).toEqual(expected);
  });
});

describe('the PDF view', () => {
  it('names the document in its query, encoded', () => {
    expect(pdfViewPath('stmt_loan_1_2026-01-01_2026-02-01')).toBe('/pdf-view?document=stmt_loan_1_2026-01-01_2026-02-01');
    expect(pdfViewPath('a b&c')).toBe('/pdf-view?document=a+b%26c');
  });

  it.each([
    { name: 'the page that opened it', state: { backTo: '/loan-statements' }, expected: '/loan-statements' },
    { name: 'the documents, opened from nowhere known', state: null, expected: '/legal-documents' },
    { name: 'never another site', state: { backTo: '//elsewhere.example/' }, expected: '/legal-documents' },
  ])('goes back to $name', ({ state, expected }) => {
    expect(pdfViewBackTo(state)).toBe(expected);
  });
});
