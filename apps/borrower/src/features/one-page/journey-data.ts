import type { OnePageStep } from '../../lib/one-page-journey';
import type { OnePageInfo } from './one-page-api';

/**
 * What the one-page journey's guard (src/app/route-guards.tsx) and the steps' screens agree on: the data the
 * guard hands a step, and the query the connect-bank step is shown again with after the bank.
 */

/** What a journey step's screen gets from the guard: the application as the BFF has it, and the required steps. */
export interface JourneyData {
  step: OnePageStep;
  info: OnePageInfo;
  steps: OnePageStep[];
}

/** The guard could not read the application (the shared error table has told the person why). */
export interface JourneyUnavailable {
  step: OnePageStep;
  unavailable: true;
}

/** Why the connect-bank step is shown again after the bank (its query, without anything the bank sent). */
export const BANK_RETURN_PARAM = 'bank';
export const BANK_CANCELLED = 'cancelled';
