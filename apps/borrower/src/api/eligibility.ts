import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { withWhiteLabelClient } from '../lib/white-label';
import type { BodyOf } from './contract';
import { REFERENCE } from './scopes';

/**
 * The contract's `eligibility` area: the postcode lookup and the soft check before registration (the brand, which
 * the first screen's chunk reads, is in brand.ts).
 */

/** The addresses at a postcode: the same for everyone. */
export const postcodeAddressesQuery = (postCode: string) =>
  queryOptions({
    queryKey: [REFERENCE, 'postcode', postCode] as const,
    queryFn: ({ signal }) => api.get('/eligibility/postCodeQuery', { params: { query: { postCode } }, signal }),
  });

/** The soft check, priced with the fee of the brand the app is drawn with. */
export const submitEligibility = (body: BodyOf<'/eligibility/eligibilitySubmit'>) =>
  api.post('/eligibility/eligibilitySubmit', { body: withWhiteLabelClient(body) });
export const checkEmailStatus = (body: BodyOf<'/eligibility/verifyUserStatusByEmail'>) =>
  api.post('/eligibility/verifyUserStatusByEmail', { body });
