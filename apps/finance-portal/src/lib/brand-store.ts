import { createBrandStore } from '@lender/ui/brand';
import { anonymousApi } from './api';

/** The brand the BFF themes the app with (getRebrandParams, spec §3): asked for without a session. */
export const useBrandStore = createBrandStore(() => anonymousApi.get('/eligibility/getRebrandParams'));
