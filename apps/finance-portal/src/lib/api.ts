import { createApiClient } from '@lender/api-client';
import { portalErrorEffects } from './api-error-effects';
import { portalTokenStorage } from './portal-session';

// Both clients keep whatever token the BFF renews as the portal's, never as the borrower app's.
const storage = portalTokenStorage();
// Looked up on every call, so tests and instrumentation that replace fetch are honoured.
const fetchFromGlobal = (request: Request) => globalThis.fetch(request);

/** Every failed call of either client goes through the portal's table for spec §8 (api-error-effects.ts). */
const hooks = portalErrorEffects.hooks;

/** The portal's client of the BFF: its `accessToken` header carries the portal session token. */
export const api = createApiClient({ storage, fetch: fetchFromGlobal, hooks });

/**
 * The portal's client for calls that take no session, such as the brand (`getRebrandParams`). It sends an empty
 * `accessToken`: the BFF checks any token those calls carry as a borrower's session, so a portal token would be
 * answered 401.
 */
export const anonymousApi = createApiClient({ storage, getAccessToken: () => null, fetch: fetchFromGlobal, hooks });
