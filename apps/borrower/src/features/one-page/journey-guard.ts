import { replace } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../lib/paths';
import { completeBankConsent, onePageInfoQuery } from '../../api/one-page';
import { fetchServerData } from '../../api/query-client';
import { guardNavigation, stepPaths } from '../../lib/one-page-journey';
import type { OnePageStep } from '../../lib/one-page-journey';
import { bindAnswersTo } from './answers-draft';
import { currentStep, enterStep, journeySteps, redirectCounter, visitedSteps } from './journey-state';
import type { OnePageInfo } from './one-page-api';

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

/**
 * The return from the bank's consent page (spec §2: from=render goes straight to submit). The code and
 * consent id are handed to the BFF at once and dropped from the address: nothing the bank sent stays in a URL.
 * A cancel at the bank comes back to the connect-bank step with a message.
 */
async function finishBankReturn(url: URL, signal: AbortSignal): Promise<Response> {
  const params = url.searchParams;
  const consentId = params.get('consentId') ?? '';
  const state = params.get('state') ?? '';
  const code = params.get('code');
  const cancelled = replace(`${paths.onePage.connectBank}?${BANK_RETURN_PARAM}=${BANK_CANCELLED}`);
  // A cancel at the bank has nothing to finish (the bank has rejected the consent): the step says so itself.
  if (params.get('error') !== null || code === null) return cancelled;
  try {
    await completeBankConsent({ consentId, state, code }, signal);
  } catch {
    // A code that no longer works, or a return carried to another session: the BFF's message has been shown,
    // and the step offers to connect again.
    return cancelled;
  }
  return replace(paths.onePage.submit);
}

/**
 * The loader of a journey step (spec §2 "Guards on the one-page journey"): reads the application's journeyMap,
 * takes the required steps (stored, spec §4), and either lets the navigation through — remembering the step as
 * on screen and visited — or redirects (replacing the refused entry) as lib/one-page-journey.ts decides. A
 * chain of more than 30 redirects (spec §9) stops with the route's error screen.
 */
export function journeyLoader(step: OnePageStep) {
  return async ({ request }: LoaderFunctionArgs): Promise<JourneyData | JourneyUnavailable | Response> => {
    const url = new URL(request.url);
    if (url.searchParams.get('from') === 'render') return finishBankReturn(url, request.signal);

    let info: OnePageInfo;
    try {
      info = await fetchServerData(onePageInfoQuery);
    } catch {
      // Signed out (the error table is taking the person to sign in), or the BFF could not answer: the step
      // offers to try again rather than guess where the person may be.
      return { step, unavailable: true };
    }
    bindAnswersTo(info.applicationId);
    const steps = journeySteps(info.journeyMap);
    const decision = guardNavigation({
      target: step,
      from: currentStep(),
      steps,
      visited: visitedSteps(),
      map: info.journeyMap,
      fromRender: false,
    });
    if (!redirectCounter.record(decision)) {
      throw new Error('The one-page journey redirected more than 30 times in a row.');
    }
    if (decision.kind === 'redirect') return replace(stepPaths[decision.to]);
    enterStep(step);
    return { step, info, steps };
  };
}
