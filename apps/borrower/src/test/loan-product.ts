// The loan product for the screens' tests (imported from *.test.ts(x) files and test helpers, never from app code).
import type { components } from '@lender/api-client';

type LoanProduct = components['schemas']['LoanProduct'];

/**
 * The loan product as the sandbox's lending core answers it for the default brand: its bounds and its representative
 * example, priced with the brand's £12 fee.
 */
export const loanProduct: LoanProduct = {
  minAmountPence: 100_000,
  maxAmountPence: 2_500_000,
  minTermMonths: 12,
  maxTermMonths: 60,
  representative: {
    amountPence: 750_000,
    termMonths: 60,
    aprPercent: '7.0',
    representativeExample:
      'Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. with a £12.00 ' +
      'fee added to the loan, you would make 60 monthly repayments of £147.69 (final repayment £147.36). Total amount ' +
      'payable £8,861.07. Representative 7.0% APR.',
  },
};

/** The same product for the white-label brand (harbour): its representative example priced with its £10 fee. */
export const whiteLabelLoanProduct: LoanProduct = {
  ...loanProduct,
  representative: {
    ...loanProduct.representative,
    representativeExample:
      'Representative example: borrowing £7,500.00 over 60 months at a fixed interest rate of 6.7% p.a. with a £10.00 ' +
      'fee added to the loan, you would make 60 monthly repayments of £147.65 (final repayment £147.40). Total amount ' +
      'payable £8,858.75. Representative 7.0% APR.',
  },
};
