import { createApiClient, readStoredAccessToken } from '@lender/api-client';
import { applyApiErrorEffect } from './api-error-effects';
import { createRequestActivity } from './request-activity';

/** The API requests in flight, which the global loading indicator shows (spec §9). */
export const requestActivity = createRequestActivity();

/** The app's one client of the BFF. */
export const api = createApiClient({
  getAccessToken: readStoredAccessToken,
  // Looked up on every call, so tests and instrumentation that replace fetch are honoured.
  fetch: (request) => globalThis.fetch(request),
  middleware: [requestActivity.middleware],
  hooks: { onApiError: applyApiErrorEffect },
});
