import type { ComponentType } from 'react';
import { Navigate, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { amountGuardRedirect, entryOf } from '../lib/amount-guard';
import { readApplicationDraft, readQuoteAnswer } from '../lib/application-draft';
import { signedInWithApplication } from '../lib/signed-in-application';
import { paths } from './paths';

/**
 * The guard of the /amount steps (lib/amount-guard.ts): a typed URL of a later step, while an earlier answer is
 * missing, redirects to the first unanswered step. Read on every navigation to a step, from session storage.
 */
function amountGuard({ request }: LoaderFunctionArgs) {
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

/** A guarded /amount step, its screen loaded on demand. */
function step(path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject {
  return { path, loader: amountGuard, lazy: load };
}

/**
 * Routes of the amount group (spec §2 "Early application steps") and the eligibility outcomes, spread into the
 * root's children by routes.tsx; each screen is lazy (function form, see routes.tsx). The quote screens check
 * their own state (nothing comes before them); every later step is guarded.
 */
export const amountRoutes: RouteObject[] = [
  { path: paths.amount.start, element: <Navigate replace to={paths.login.home} /> },
  {
    path: paths.amount.amountDefault,
    lazy: async () => ({ Component: (await import('../features/quote/amount-screen')).AmountScreen }),
  },
  {
    path: paths.amount.loanCalculation,
    lazy: async () => ({
      Component: (await import('../features/quote/loan-calculation-screen')).LoanCalculationScreen,
    }),
  },
  // The applicant's answers.
  step(paths.amount.purpose, async () => ({
    Component: (await import('../features/about-you/purpose-screen')).PurposeScreen,
  })),
  step(paths.amount.purposeText, async () => ({
    Component: (await import('../features/about-you/text-screens')).PurposeTextScreen,
  })),
  step(paths.amount.name, async () => ({
    Component: (await import('../features/about-you/text-screens')).FirstNameScreen,
  })),
  step(paths.amount.lastName, async () => ({
    Component: (await import('../features/about-you/text-screens')).LastNameScreen,
  })),
  step(paths.amount.dobInput, async () => ({ Component: (await import('../features/about-you/dob-screen')).DobScreen })),
  step(paths.amount.email, async () => ({
    Component: (await import('../features/about-you/email-screen')).EmailScreen,
  })),
  step(paths.amount.income, async () => ({
    Component: (await import('../features/about-you/text-screens')).IncomeScreen,
  })),
  step(paths.amount.employment, async () => ({
    Component: (await import('../features/about-you/employment-screen')).EmploymentScreen,
  })),
  // The address history.
  step(paths.amount.address, async () => ({
    Component: (await import('../features/address/address-lookup-screen')).AddressLookupScreen,
  })),
  step(paths.amount.previousAddress, async () => ({
    Component: (await import('../features/address/address-lookup-screen')).AddressLookupScreen,
  })),
  step(paths.amount.manualAddress, async () => ({
    Component: (await import('../features/address/manual-address-screen')).ManualAddressScreen,
  })),
  step(paths.amount.movedIn, async () => ({
    Component: (await import('../features/address/moved-in-screen')).MovedInScreen,
  })),
  step(paths.amount.years3, async () => ({
    Component: (await import('../features/address/years3-screen')).Years3Screen,
  })),
  step(paths.amount.addressHistory, async () => ({
    Component: (await import('../features/address/address-history-screen')).AddressHistoryScreen,
  })),
  // Housing.
  step(paths.amount.rentCost, async () => ({
    Component: (await import('../features/housing/rent-cost-screen')).RentCostScreen,
  })),
  step(paths.amount.rentPayment, async () => ({
    Component: (await import('../features/housing/housing-cost-screens')).RentPaymentScreen,
  })),
  step(paths.amount.notPayRent, async () => ({
    Component: (await import('../features/housing/housing-cost-screens')).NotPayRentScreen,
  })),
  // Check the answers, consent, and the check's outcome.
  step(paths.amount.step2, async () => ({
    Component: (await import('../features/about-you/check-answers-screen')).CheckAnswersScreen,
  })),
  // A signed-in applicant from the lender's own comparison site gives the legacy consent before income (spec §4).
  step(paths.amount.creditConsent, async () => {
    const [{ CreditConsentScreen }, { LegacyCreditConsentScreen }] = await Promise.all([
      import('../features/eligibility/credit-consent-screen'),
      import('../features/legacy/credit-consent-screen'),
    ]);
    return { Component: () => (signedInWithApplication() ? <LegacyCreditConsentScreen /> : <CreditConsentScreen />) };
  }),
  {
    path: paths.decline,
    lazy: async () => ({ Component: (await import('../features/eligibility/decline-screen')).DeclineScreen }),
  },
  {
    path: paths.counteroffer,
    lazy: async () => ({
      Component: (await import('../features/eligibility/counteroffer-screen')).CounterofferScreen,
    }),
  },
];
