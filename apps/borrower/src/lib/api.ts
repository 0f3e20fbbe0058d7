import { createApiClient, readStoredAccessToken } from '@lender/api-client';
import { errorEffects } from './api-error-effects';
import { createRequestActivity } from './request-activity';

/** The API requests in flight, which the global loading indicator shows (spec §9). */
export const requestActivity = createRequestActivity();

/**
 * The app's one client of the BFF. Every failed call goes through the error table of spec §8
 * (api-error-effects.ts): navigation, toasts, popups, the 401 log-out.
 */
export const api = createApiClient({
  getAccessToken: readStoredAccessToken,
  // Looked up on every call, so tests and instrumentation that replace fetch are honoured.
  fetch: (request) => globalThis.fetch(request),
  middleware: [requestActivity.middleware],
  hooks: errorEffects.hooks,
});
