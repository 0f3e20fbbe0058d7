import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf, QueryOf } from './contract';
import { REFERENCE } from './scopes';

/**
 * The contract's `eligibility` area: the brand the BFF themes the app with, the postcode lookup, and the soft
 * check before registration. The brand is read by the brand store in the first screen's chunk (lib/brand-store.ts),
 * which keeps it itself; this module stays free of the query library's runtime for that reason (`queryOptions`
 * only returns what it is given).
 */
export const fetchBrand = (query: QueryOf<'/eligibility/getRebrandParams'> | undefined) =>
  api.get('/eligibility/getRebrandParams', query === undefined ? undefined : { params: { query } });

/** The addresses at a postcode: the same for everyone. */
export const postcodeAddressesQuery = (postCode: string) =>
  queryOptions({
    queryKey: [REFERENCE, 'postcode', postCode] as const,
    queryFn: ({ signal }) => api.get('/eligibility/postCodeQuery', { params: { query: { postCode } }, signal }),
  });

export const submitEligibility = (body: BodyOf<'/eligibility/eligibilitySubmit'>) =>
  api.post('/eligibility/eligibilitySubmit', { body });
export const checkEmailStatus = (body: BodyOf<'/eligibility/verifyUserStatusByEmail'>) =>
  api.post('/eligibility/verifyUserStatusByEmail', { body });
