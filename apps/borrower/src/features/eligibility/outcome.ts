import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { sessionStorageKeys } from '../../lib/storage-keys';

export type EligibilityResult = components['schemas']['EligibilityResult'];

/** Keeps the answer of eligibility/eligibilitySubmit for this tab, for the outcome screens. */
export function keepEligibilityResult(result: EligibilityResult): void {
  expiringSessionStorage.setItem(sessionStorageKeys.eligibilityResult, JSON.stringify(result));
}

const OUTCOMES: readonly EligibilityResult['outcome'][] = ['approved', 'counteroffer', 'referred', 'declined'];

/**
 * The outcome the /decline and /counteroffer screens show: today the kept eligibility check of this tab. The
 * one place these screens learn it, so an application's decision can become a second source here.
 */
export function readOutcome(): EligibilityResult | undefined {
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
