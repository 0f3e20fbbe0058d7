import { readStoredAccessToken } from '@lender/api-client';
import { redirect, replace } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { BANK_CANCELLED, BANK_RETURN_PARAM } from '../features/one-page/journey-data';
import type { JourneyData, JourneyUnavailable } from '../features/one-page/journey-data';
import { bindAnswersTo } from '../features/one-page/answers-draft';
import {
  currentStep,
  enterStep,
  journeySteps,
  redirectCounter,
  visitedSteps,
} from '../features/one-page/journey-state';
import type { OnePageInfo } from '../features/one-page/one-page-api';
import { applicationInfoQuery } from '../api/application';
import { loansQuery } from '../api/loan';
import { completeBankConsent, onePageInfoQuery } from '../api/one-page';
import { fetchServerData } from '../api/query-client';
import { amountGuardRedirect, entryOf } from '../lib/amount-guard';
import { loginPath } from '../lib/auth-session';
import { readApplicationDraft, readQuoteAnswer } from '../lib/application-draft';
import { guardNavigation, stepPaths } from '../lib/one-page-journey';
import type { OnePageStep } from '../lib/one-page-journey';
import { paths } from '../lib/paths';
import { fetchResumeTarget } from '../lib/resume-application';
import { paidOut } from '../lib/resume-target';
import { signedInWithApplication, signedInWithLoanOnly } from '../lib/signed-in-application';

/**
 * The loaders of the page guards (lib/paths.ts `PageGuard`), over their pure rules in lib. The one place the
 * guards read what the browser keeps (the /amount draft and chosen quote, the sign-in, the one-page journey's
 * steps and answers), so a change of how it is kept meets the guards here only.
 */

/**
 * Where a page of an application's stages leads once the loan is paid out: the loan dashboard (issue 14 item 9).
 * The signed-in person's latest application is read through the cache, which the drawdown marks stale (api/
 * changes.ts), so the first page after it reads the application again. Signed out, or when it cannot be read (the
 * shared error table has said why), the page's own rules apply.
 */
async function afterPayout(): Promise<Response | undefined> {
  if (signedInWithLoanOnly()) return replace(paths.legacy.loanDashboardMain);
  if (!signedInWithApplication()) return undefined;
  try {
    const info = await fetchServerData(applicationInfoQuery);
    return paidOut(info) ? replace(paths.legacy.loanDashboardMain) : undefined;
  } catch {
    return undefined;
  }
}

/** The guard of a page of the application's stages (lib/paths.ts `applicationStage`). */
export async function applicationStageLoader(): Promise<Response | null> {
  return (await afterPayout()) ?? null;
}

/**
 * The guard of a loan-account page (lib/paths.ts `loanAccount`): reads the borrower's loans into the cache, where
 * the screen finds them. A signed-in applicant with no loan yet goes on to where their application resumes (spec
 * §4), unless that is the loan dashboard (a loan just paid out and not yet listed): the screen then says there is
 * no loan. When the loans or the application cannot be read, the screen shows it with a way to try again.
 */
export async function loanAccountLoader(): Promise<Response | null> {
  // Signed out (or a session just ended, whose end the shell is already saying), nothing is asked: a call without a
  // token would only come back 401 and replace the words of how the session ended.
  if (readStoredAccessToken() === null) return replace(loginPath());
  let loans;
  try {
    loans = await fetchServerData(loansQuery);
  } catch {
    return null;
  }
  if (loans.length > 0 || !signedInWithApplication()) return null;
  try {
    const target = await fetchResumeTarget();
    return target === paths.legacy.loanDashboardMain ? null : replace(target);
  } catch {
    return null;
  }
}

/** What an /amount step gets from its guard: whether it is shown to a signed-in applicant the resume rules sent. */
export interface AmountStepData {
  signedInApplicant: boolean;
}

/**
 * The guard of the /amount steps (lib/amount-guard.ts): a typed URL of a later step, while an earlier answer is
 * missing, redirects to the first unanswered step. Read on every navigation to a step, from session storage. A
 * `resumable` step lets a signed-in applicant with an application through: the legacy resume rules send them
 * there (spec §4) with no draft in this tab.
 */
export function amountStepLoader(resumable: boolean) {
  return async ({ request }: LoaderFunctionArgs): Promise<AmountStepData | Response> => {
    if (resumable && signedInWithApplication()) return (await afterPayout()) ?? { signedInApplicant: true };
    const url = new URL(request.url);
    const to = amountGuardRedirect(url.pathname, entryOf(url.searchParams), {
      draft: readApplicationDraft(),
      quoteChosen: readQuoteAnswer() !== undefined,
      today: new Date(),
    });
    return to === undefined ? { signedInApplicant: false } : redirect(to);
  };
}

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
 * The loader of a one-page journey step (spec §2 "Guards on the one-page journey"): reads the application's
 * journeyMap, takes the required steps (stored, spec §4), and either lets the navigation through — remembering
 * the step as on screen and visited — or redirects (replacing the refused entry) as lib/one-page-journey.ts
 * decides. A chain of more than 30 redirects (spec §9) stops with the route's error screen.
 */
export function journeyStepLoader(step: OnePageStep) {
  return async ({ request }: LoaderFunctionArgs): Promise<JourneyData | JourneyUnavailable | Response> => {
    const url = new URL(request.url);
    if (url.searchParams.get('from') === 'render') return finishBankReturn(url, request.signal);
    const over = await afterPayout();
    if (over !== undefined) return over;

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
