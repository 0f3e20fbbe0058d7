import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { whiteLabelClient, withWhiteLabelClient } from '../lib/white-label';
import type { BodyOf } from './contract';
import { fetchLoanProduct } from './loan-product';
import { REFERENCE } from './scopes';

/**
 * The contract's `quote` area: the loan product the calculator offers, and its public prices. The product's
 * representative example carries the brand's fee, so each brand's is kept apart.
 */
export const loanProductQuery = () =>
  queryOptions({
    queryKey: [REFERENCE, 'loanProduct', whiteLabelClient() ?? ''] as const,
    queryFn: ({ signal }) => fetchLoanProduct(signal),
  });

/** The price of an amount over a term, before any application, with the fee of the brand the app is drawn with. */
export const priceQuote = (body: BodyOf<'/ledger/loanCalcPub'>, signal?: AbortSignal) =>
  api.post('/ledger/loanCalcPub', { body: withWhiteLabelClient(body), signal });

/** The price of an amount over a term for the calculator's screen: asked anew at each need, as rates change. */
export const loanPriceQuery = (body: BodyOf<'/ledger/loanCalcPub'>) =>
  queryOptions({
    queryKey: [REFERENCE, 'loanPrice', body.amountPence, body.termMonths, whiteLabelClient() ?? ''] as const,
    queryFn: ({ signal }) => priceQuote(body, signal),
    staleTime: 0,
  });
