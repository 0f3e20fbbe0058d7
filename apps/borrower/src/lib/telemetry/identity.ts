/**
 * Who analytics says the person is (spec §7 "Analytics"): a fixed prefix, the environment label and the
 * applicant id kept in local storage whenever the application info is read (lib/application-identity.ts).
 */
import type { ExpiringStorage } from '@lender/api-client/storage';
import { storageKeys } from '../storage-keys';

export const DISTINCT_ID_PREFIX = 'lender-';

export type EnvironmentLabel = 'production' | 'qa';

/** `production` on the production apply site, `qa` everywhere else. */
export function environmentLabel(hostname: string, productionHost: string): EnvironmentLabel {
  return productionHost !== '' && hostname === productionHost ? 'production' : 'qa';
}

export function distinctIdFor(environment: EnvironmentLabel, applicantId: string): string {
  return `${DISTINCT_ID_PREFIX}${environment}-${applicantId}`;
}

/**
 * `applicationInfo.renderData.renderApplicantId`, or undefined. Nobody signed in (no stored info) is normal
 * and silent; stored info that cannot be parsed or has no id is only logged (spec §8: console only, no user
 * effect). The stored value itself is never logged: it describes a person.
 */
export function storedApplicantId(storage: Pick<ExpiringStorage, 'getItem'>): string | undefined {
  const raw = storage.getItem(storageKeys.applicationInfo);
  if (raw === null) return undefined;
  let info: unknown;
  try {
    info = JSON.parse(raw);
  } catch {
    console.error('Analytics: the stored application info could not be parsed; the person stays anonymous.');
    return undefined;
  }
  const renderData = (info as { renderData?: unknown } | null)?.renderData;
  const id = (renderData as { renderApplicantId?: unknown } | null | undefined)?.renderApplicantId;
  if ((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id))) return String(id);
  console.warn('Analytics: the stored application info has no renderApplicantId; the person stays anonymous.');
  return undefined;
}
