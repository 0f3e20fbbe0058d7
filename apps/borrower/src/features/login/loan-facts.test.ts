import { describe, expect, it } from 'vitest';
import { loanProduct as product } from '../../test/loan-product';
import { loanFacts } from './loan-facts';

describe('loanFacts', () => {
  it('lists the amounts in whole pounds, the terms in months and the representative APR', () => {
    expect(loanFacts(product)).toEqual([
      ['Amount', '£1,000 to £25,000'],
      ['Repayment term', '12 to 60 months'],
      ['Representative APR', '7.0%'],
    ]);
  });

  it('keeps pence in a bound that has them', () => {
    expect(loanFacts({ ...product, minAmountPence: 50_050 })[0]).toEqual(['Amount', '£500.50 to £25,000']);
  });
});
