import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { keepApplicationInfo } from '../lib/application-identity';
import { APPLICATION } from './scopes';

/**
 * The contract's `application` area: the signed-in applicant's latest application, the one read both journeys,
 * the resume rules (lib/resume-target.ts) and the stages after approval are decided from. Each answer also updates
 * the `applicationInfo` this browser keeps (lib/application-identity.ts).
 */
export const applicationInfoQuery = queryOptions({
  queryKey: [APPLICATION, 'info'] as const,
  queryFn: async ({ signal }) => {
    const info = await api.get('/accountApplication/getApplicationInfo', { signal });
    keepApplicationInfo(info); // spec §3 `applicationInfo`, which analytics identifies the person by (spec §7)
    return info;
  },
});
