import { describe, expect, it } from 'vitest';
import { activeLoan, menuItem } from '../../test/loans';
import { bannerLink, loanBanners } from './loan-banners';
import type { LoanBanner } from './loan-banners';

describe('loanBanners', () => {
  it.each([
    { name: 'an active loan up to date', loan: activeLoan(), expected: [] },
    {
      name: 'one missed payment',
      loan: activeLoan({
        status: 'in_arrears',
        arrearsPence: 40_212,
        arrears: { amountPence: 40_212, instalmentsMissed: 1, daysPastDue: 9, oldestDueDate: '2027-03-03' },
      }),
      expected: [
        {
          kind: 'arrears',
          tone: 'warning',
          title: 'You have missed a payment',
          text: 'You are £402.12 behind with your repayments. The missed payment was due on 3rd Mar 2027.',
        },
      ],
    },
    {
      name: 'two missed payments',
      loan: activeLoan({
        status: 'in_arrears',
        arrearsPence: 80_424,
        arrears: { amountPence: 80_424, instalmentsMissed: 2, daysPastDue: 40, oldestDueDate: '2027-02-03' },
      }),
      expected: [
        {
          kind: 'arrears',
          tone: 'warning',
          title: 'You have missed 2 payments',
          text: 'You are £804.24 behind with your repayments. The oldest missed payment was due on 3rd Feb 2027.',
        },
      ],
    },
    {
      name: 'arrears the summary gives only as an amount',
      loan: activeLoan({ status: 'in_arrears', arrearsPence: 1_005 }),
      expected: [
        { kind: 'arrears', tone: 'warning', title: 'You have missed a payment', text: 'You are £10.05 behind with your repayments.' },
      ],
    },
    {
      name: 'a payment holiday under way',
      loan: activeLoan({
        status: 'payment_holiday',
        paymentHoliday: { months: 2, startDate: '2027-03-03', endDate: '2027-04-03', resumesOn: '2027-05-03', current: true },
      }),
      expected: [
        {
          kind: 'holiday',
          tone: 'notice',
          title: 'You are on a payment holiday',
          text: 'Your payments are paused for 2 months, from 3rd Mar 2027 to 3rd Apr 2027. They start again on 3rd May 2027.',
        },
      ],
    },
    {
      name: 'a payment holiday booked',
      loan: activeLoan({
        paymentHoliday: { months: 1, startDate: '2027-04-03', endDate: '2027-04-03', resumesOn: '2027-05-03', current: false },
      }),
      expected: [
        {
          kind: 'holiday',
          tone: 'notice',
          title: 'You have a payment holiday booked',
          text: 'Your payments will be paused for 1 month, from 3rd Apr 2027 to 3rd Apr 2027. They start again on 3rd May 2027.',
        },
      ],
    },
    {
      name: 'an arrangement kept, with arrears still owed',
      loan: activeLoan({
        status: 'in_arrears',
        arrearsPence: 80_424,
        arrears: { amountPence: 80_424, instalmentsMissed: 2, daysPastDue: 40, oldestDueDate: '2027-02-03' },
        arrangement: { type: 'reduced', status: 'active', monthlyAmountPence: 15_000 },
      }),
      expected: [
        {
          kind: 'arrears',
          tone: 'warning',
          title: 'You have missed 2 payments',
          text: 'You are £804.24 behind with your repayments. The oldest missed payment was due on 3rd Feb 2027.',
        },
        {
          kind: 'arrangement',
          tone: 'notice',
          title: 'You have a payment arrangement',
          text: 'You pay £150.00 a month under your arrangement with us.',
        },
      ],
    },
    {
      name: 'an arrangement broken',
      loan: activeLoan({ arrangement: { type: 'token', status: 'breached', monthlyAmountPence: 100 } }),
      expected: [
        {
          kind: 'arrangement',
          tone: 'warning',
          title: 'Your payment arrangement has been missed',
          text: 'A payment of your arrangement of £1.00 a month was not made.',
        },
      ],
    },
    {
      name: 'an arrangement completed',
      loan: activeLoan({ arrangement: { type: 'reduced', status: 'completed', monthlyAmountPence: 15_000 } }),
      expected: [],
    },
  ])('$name', ({ loan, expected }) => {
    expect(loanBanners(loan)).toEqual(expected);
  });
});

describe('bannerLink', () => {
  const banner = (kind: LoanBanner['kind']): LoanBanner => ({ kind, title: '', text: '', tone: 'notice' });
  const closed = 'This is not available yet.';

  it.each([
    {
      name: 'arrears, while paying is not open: contact us',
      kind: 'arrears' as const,
      items: [menuItem('makePayment', 'Make a payment', closed)],
      expected: { to: '/contact-us', text: 'Contact us about your missed payments' },
    },
    {
      name: 'a holiday, while holidays are closed: the menu, which says why',
      kind: 'holiday' as const,
      items: [menuItem('paymentHoliday', 'Take a payment holiday', 'You are on a payment holiday.')],
      expected: { to: '/manage-my-loan', text: 'See what you can do with your loan' },
    },
    {
      name: 'an arrangement, with its item missing from the menu: contact us',
      kind: 'arrangement' as const,
      items: [],
      expected: { to: '/contact-us', text: 'Contact us about your arrangement' },
    },
    {
      name: 'an action open whose screen this app does not have yet: never a link to it',
      kind: 'arrangement' as const,
      items: [menuItem('paymentTrouble', 'Get help with payments')],
      expected: { to: '/contact-us', text: 'Contact us about your arrangement' },
    },
    {
      name: 'arrears, while paying is open: the way to pay',
      kind: 'arrears' as const,
      items: [menuItem('makePayment', 'Make a payment')],
      expected: { to: '/make-a-payment', text: 'Make a payment' },
    },
  ])('$name', ({ kind, items, expected }) => {
    expect(bannerLink(banner(kind), { loanId: 'loan_1', items })).toEqual(expected);
  });

  it('leads to the same fallback until the menu is read', () => {
    expect(bannerLink(banner('arrears'), undefined)).toEqual({ to: '/contact-us', text: 'Contact us about your missed payments' });
  });
});
