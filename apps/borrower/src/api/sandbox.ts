import { api } from '../lib/api';

/**
 * The contract's `sandbox` area: whether the BFF runs against the sandbox. The first screen (/login/home) asks it,
 * so this module holds that one call and nothing of the query library; the mailbox's calls and its cached read of
 * the switch are in sandbox-mailbox.ts.
 */
export const fetchSandboxInfo = (signal?: AbortSignal) => api.get('/sandbox/info', { signal });
