import { api } from '../lib/api';
import { withWhiteLabelClient } from '../lib/white-label';

/**
 * The contract's `ledger/loanProduct`: the loan product's bounds and its representative example, priced with the fee
 * of the brand the app is drawn with (the stored brand is named, as the quote names it). The first screen
 * (/login/home) shows them, so this module holds that one call and nothing of the query library; the amount
 * question reads it through the cache (loanProductQuery in quote.ts).
 */
export const fetchLoanProduct = (signal?: AbortSignal) =>
  api.get('/ledger/loanProduct', { params: { query: withWhiteLabelClient({}) }, signal });
