import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { keepApplicationInfo } from '../lib/application-identity';
import { followApplicationOwner } from '../lib/brand-store';
import { APPLICATION } from './scopes';

/**
 * The contract's `application` area: the signed-in applicant's latest application, the one read both journeys,
 * the resume rules (lib/resume-target.ts) and the stages after approval are decided from. Each answer also updates
 * the `applicationInfo` this browser keeps (lib/application-identity.ts), and the brand when the white label owns
 * the application (lib/brand-store.ts).
 */
export const applicationInfoQuery = queryOptions({
  queryKey: [APPLICATION, 'info'] as const,
  queryFn: async ({ signal }) => {
    const info = await api.get('/accountApplication/getApplicationInfo', { signal });
    keepApplicationInfo(info); // spec §3 `applicationInfo`, which analytics identifies the person by (spec §7)
    followApplicationOwner(info.applicationOwner); // spec §4: the owner's brand applies
    return info;
  },
});
