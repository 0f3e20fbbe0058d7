import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { APPLICATION } from './scopes';

/**
 * The contract's `application` area: the signed-in applicant's latest application, the one read both journeys,
 * the resume rules (lib/resume-target.ts) and the stages after approval are decided from.
 */
export const applicationInfoQuery = queryOptions({
  queryKey: [APPLICATION, 'info'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/getApplicationInfo', { signal }),
});
