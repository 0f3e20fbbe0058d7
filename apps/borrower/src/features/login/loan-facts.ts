import type { components } from '@lender/api-client';
import { formatWholePounds } from '@lender/ui/format';

export type LoanProduct = components['schemas']['LoanProduct'];

/**
 * The loan product as the first screen lists it, a term and its value a row: how much can be borrowed, over how
 * long, and the representative APR (of the product's representative example).
 */
export function loanFacts(product: LoanProduct): [term: string, value: string][] {
  return [
    ['Amount', `${formatWholePounds(product.minAmountPence)} to ${formatWholePounds(product.maxAmountPence)}`],
    ['Repayment term', `${product.minTermMonths} to ${product.maxTermMonths} months`],
    ['Representative APR', `${product.representative.aprPercent}%`],
  ];
}
