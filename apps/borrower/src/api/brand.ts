import { api } from '../lib/api';
import type { QueryOf } from './contract';

/**
 * The contract's `eligibility/getRebrandParams`: the brand the BFF themes the app with. Read by the brand store in
 * the first screen's chunk (lib/brand-store.ts), which keeps it itself; apart from eligibility.ts so that the first
 * screen carries this call only.
 */
export const fetchBrand = (query: QueryOf<'/eligibility/getRebrandParams'> | undefined) =>
  api.get('/eligibility/getRebrandParams', query === undefined ? undefined : { params: { query } });
