import { api } from '../lib/api';

/**
 * The contract's `service` area: whether the service is switched off (spec §2). Asked before every navigation by
 * the root route's loader, never cached: the answer can change at any moment.
 */
export function fetchServiceDisabled(signal?: AbortSignal) {
  return api.get('/application/getServiceDisable', { signal });
}
