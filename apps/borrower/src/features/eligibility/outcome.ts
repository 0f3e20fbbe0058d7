import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { useState } from 'react';
import { z } from 'zod';
import { applicationInfoQuery } from '../../api/application';
import { useServerData } from '../../api/query-client';
import type { Load } from '../../api/query-client';
import { defineDraft } from '../../lib/drafts/draft-store';
import type { ApplicationInfo } from '../../lib/resume-target';
import { signedInWithApplication } from '../../lib/signed-in-application';
import { sessionStorageKeys } from '../../lib/storage-keys';

export type EligibilityResult = components['schemas']['EligibilityResult'];
export type ApplicationDecision = components['schemas']['ApplicationDecision'];

const OUTCOMES = ['approved', 'counteroffer', 'referred', 'declined'] as const satisfies readonly EligibilityResult['outcome'][];

/**
 * The answer of eligibility/eligibilitySubmit, kept for this tab's outcome screens: checked for what they read
 * (the rest of the answer is kept as it came), so one something else wrote is no outcome to show.
 */
const keptCheck = defineDraft({
  key: sessionStorageKeys.eligibilityResult,
  schema: z
    .looseObject({ eligibilityCheckId: z.string(), outcome: z.enum(OUTCOMES), reasons: z.array(z.unknown()) })
    .transform((check) => check as EligibilityResult)
    .nullable(),
  empty: (): EligibilityResult | null => null,
  expirySeconds: 0,
  storage: expiringSessionStorage,
});

/** Keeps the answer of eligibility/eligibilitySubmit for this tab, for the outcome screens. */
export function keepEligibilityResult(result: EligibilityResult): void {
  keptCheck.replace(result);
}

/** The eligibility check kept in this tab, or undefined when there is none (or something else wrote the key). */
function readKeptCheck(): EligibilityResult | undefined {
  return keptCheck.read() ?? undefined;
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
