import { createBrandStore } from '@lender/ui/brand';
import { api } from './api';

/**
 * The brand the BFF themes the app with (getRebrandParams, spec §3). It is asked with the portal session when
 * there is one, so a signed-in user sees the brand of their firm; ask again (`load`) when someone signs in or out.
 */
export const useBrandStore = createBrandStore(() => api.get('/eligibility/getRebrandParams'));
