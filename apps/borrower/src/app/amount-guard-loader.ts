import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { amountGuardRedirect, entryOf } from '../lib/amount-guard';
import { readApplicationDraft, readQuoteAnswer } from '../lib/application-draft';
import { signedInWithApplication } from '../lib/signed-in-application';
import { paths } from '../lib/paths';

/**
 * The guard of the /amount steps (lib/amount-guard.ts): a typed URL of a later step, while an earlier answer is
 * missing, redirects to the first unanswered step. Read on every navigation to a step, from session storage.
 */
export function amountGuard({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A signed-in applicant is sent to these steps by the legacy resume rules (spec §4) with no draft in this tab.
  if (LEGACY_STAGE_STEPS.includes(url.pathname) && signedInWithApplication()) return null;
  const to = amountGuardRedirect(url.pathname, entryOf(url.searchParams), {
    draft: readApplicationDraft(),
    quoteChosen: readQuoteAnswer() !== undefined,
    today: new Date(),
  });
  return to === undefined ? null : redirect(to);
}

/** The steps of the legacy stages a signed-in applicant resumes at (lib/legacy-stages.ts), and the steps after them. */
const LEGACY_STAGE_STEPS: readonly string[] = [
  paths.amount.purposeText,
  paths.amount.address,
  paths.amount.previousAddress,
  paths.amount.manualAddress,
  paths.amount.movedIn,
  paths.amount.years3,
  paths.amount.addressHistory,
  paths.amount.rentCost,
  paths.amount.rentPayment,
  paths.amount.notPayRent,
  paths.amount.creditConsent,
];

