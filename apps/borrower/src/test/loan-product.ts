// The loan product for the screens' tests (imported from *.test.ts(x) files and test helpers, never from app code).
import type { components } from '@lender/api-client';

/** The loan product as the sandbox's lending core answers it: its bounds and its representative example. */
export const loanProduct: components['schemas']['LoanProduct'] = {
  minAmountPence: 100_000,
  maxAmountPence: 2_500_000,
  minTermMonths: 12,
  maxTermMonths: 60,
  representative: {
    amountPence: 750_000,
    termMonths: 60,
    aprPercent: '6.9',
    representativeExample:
      'Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. with no fees, ' +
      'you would make 60 monthly repayments of £147.45 (final repayment £147.46). Total amount payable £8,847.01. ' +
      'Representative 6.9% APR.',
  },
};
