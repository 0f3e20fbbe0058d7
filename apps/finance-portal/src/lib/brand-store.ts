import { createBrandStore } from '@lender/ui/brand';
import { api } from './api';

/** The brand the BFF themes the app with (getRebrandParams, spec §3). */
export const useBrandStore = createBrandStore(() => api.get('/eligibility/getRebrandParams'));
