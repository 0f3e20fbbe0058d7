import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { useState } from 'react';
import { applicationInfoQuery } from '../../api/application';
import { useServerData } from '../../api/query-client';
import type { Load } from '../../api/query-client';
import type { ApplicationInfo } from '../../lib/resume-target';
import { signedInWithApplication } from '../../lib/signed-in-application';
import { sessionStorageKeys } from '../../lib/storage-keys';

export type EligibilityResult = components['schemas']['EligibilityResult'];
export type ApplicationDecision = components['schemas']['ApplicationDecision'];

/** Keeps the answer of eligibility/eligibilitySubmit for this tab, for the outcome screens. */
export function keepEligibilityResult(result: EligibilityResult): void {
  expiringSessionStorage.setItem(sessionStorageKeys.eligibilityResult, JSON.stringify(result));
}

const OUTCOMES: readonly EligibilityResult['outcome'][] = ['approved', 'counteroffer', 'referred', 'declined'];

/** The eligibility check kept in this tab, or undefined when there is none (or something else wrote the key). */
function readKeptCheck(): EligibilityResult | undefined {
  const raw = expiringSessionStorage.getItem(sessionStorageKeys.eligibilityResult);
  if (raw === null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<EligibilityResult> | null;
    if (
      parsed === null ||
      typeof parsed.eligibilityCheckId !== 'string' ||
      parsed.outcome === undefined ||
      !OUTCOMES.includes(parsed.outcome) ||
      !Array.isArray(parsed.reasons)
    ) {
      return undefined;
    }
    return parsed as EligibilityResult;
  } catch {
    // Something else wrote the key: there is no outcome to show.
    return undefined;
  }
}

/**
 * What the /decline and /counteroffer screens show: before registration, the eligibility check kept in this tab;
 * for a signed-in applicant, their latest application, whose decision (once it is submitted and decided) is the
 * one that counts.
 */
export type Outcome =
  | { source: 'check'; check: EligibilityResult }
  | { source: 'application'; application: ApplicationInfo };

/**
 * The one place the outcome screens learn what to show (see Outcome). The tab's check wins only when nobody is
 * signed in with an application: once there is one, an older check in the tab says nothing about it. Undefined
 * when there is nothing at all; failed when the application could not be read (the shared error table has
 * told the person why).
 */
export function useOutcome(): { result: Load<Outcome | undefined>; retry: () => void } {
  const [signedIn] = useState(signedInWithApplication);
  const { result, retry } = useServerData({ ...applicationInfoQuery, enabled: signedIn });
  if (!signedIn) {
    const check = readKeptCheck();
    return { result: { state: 'ready', value: check === undefined ? undefined : { source: 'check', check } }, retry };
  }
  if (result.state !== 'ready') return { result, retry };
  return { result: { state: 'ready', value: { source: 'application', application: result.value } }, retry };
}
