import { createApiClient } from '@lender/api-client';
import { portalErrorEffects } from './api-error-effects';
import { portalTokenStorage } from './portal-session';

// Keeps whatever token the BFF renews as the portal's, never as the borrower app's.
const storage = portalTokenStorage();
// Looked up on every call, so tests and instrumentation that replace fetch are honoured.
const fetchFromGlobal = (request: Request) => globalThis.fetch(request);

/**
 * The portal's client of the BFF: its `accessToken` header carries the portal session token, and every failed
 * call goes through the portal's table for spec §8 (api-error-effects.ts).
 */
export const api = createApiClient({ storage, fetch: fetchFromGlobal, hooks: portalErrorEffects.hooks });
