import { createApiClient, readStoredAccessToken } from '@lender/api-client';

/** The app's one client of the BFF. */
export const api = createApiClient({
  getAccessToken: readStoredAccessToken,
  // Looked up on every call, so tests and instrumentation that replace fetch are honoured.
  fetch: (request) => globalThis.fetch(request),
});
