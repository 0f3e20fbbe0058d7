import type { components } from '@lender/api-client';
import { formatWholePounds } from '@lender/ui/format';
import { quoteDraft } from '../../lib/drafts/quote-draft';
import type { QuoteChoice } from '../../lib/drafts/quote-draft';

export type LoanProduct = components['schemas']['LoanProduct'];
export type LoanQuote = components['schemas']['LoanQuote'];

export type { QuoteChoice } from '../../lib/drafts/quote-draft';

/** The choice kept in this browser (the quote draft), or an empty one. */
export function readQuoteChoice(): QuoteChoice {
  return quoteDraft.read();
}

export function keepQuoteChoice(choice: QuoteChoice): void {
  quoteDraft.replace(choice);
}

/**
 * An amount as people type it, in whole pounds, to pence: `£7,500`, `7500`, ` 7 500 ` → 750000. A pound sign,
 * commas and spaces are allowed anywhere; `7500.00` is allowed too. Anything else (letters, pence, a minus
 * sign) is undefined.
 */
export function amountPenceOf(text: string): number | undefined {
  const digits = text.replace(/[£,\s]/g, '').replace(/\.00$/, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits) * 100;
}

/** The amount field's message in GOV.UK style, or undefined when the amount is within the product's bounds. */
export function amountError(text: string, product: LoanProduct): string | undefined {
  if (text.trim() === '') return 'Enter how much you want to borrow';
  const pence = amountPenceOf(text);
  const between = `Enter an amount between ${formatWholePounds(product.minAmountPence)} and ${formatWholePounds(product.maxAmountPence)}`;
  if (pence === undefined) return `${between}, in whole pounds, like 7,500`;
  if (pence < product.minAmountPence || pence > product.maxAmountPence) return between;
  return undefined;
}

/** The term field's message, or undefined when a term within the bounds is chosen. */
export function termError(term: string, product: LoanProduct): string | undefined {
  const months = termMonthsOf(term);
  if (months === undefined || months < product.minTermMonths || months > product.maxTermMonths) {
    return 'Select how many months you want to repay the loan over';
  }
  return undefined;
}

export function termMonthsOf(term: string): number | undefined {
  return /^\d{1,3}$/.test(term) ? Number(term) : undefined;
}

/** The amount in pence and term in months to price, when both were entered in a form the BFF can take. */
export function quoteRequestOf(choice: QuoteChoice): { amountPence: number; termMonths: number } | undefined {
  const amountPence = amountPenceOf(choice.amount);
  const termMonths = termMonthsOf(choice.term);
  if (amountPence === undefined || amountPence === 0 || termMonths === undefined || termMonths === 0) return undefined;
  return { amountPence, termMonths };
}
