import { api } from '../lib/api';

/**
 * The contract's `ledger/loanProduct`: the loan product's bounds and its representative example. The first screen
 * (/login/home) shows them, so this module holds that one call and nothing of the query library; the amount
 * question reads it through the cache (loanProductQuery in quote.ts).
 */
export const fetchLoanProduct = (signal?: AbortSignal) => api.get('/ledger/loanProduct', { signal });
