import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { signedInWithApplication } from '../lib/signed-in-application';
import { paths } from '../lib/paths';

/**
 * A guarded /amount step: its screen and its guard (amount-guard-loader.ts) are loaded on demand together, so the
 * guard's code stays out of the first screen; the guard then runs on every navigation to the step.
 */
function step(path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ amountGuard }, screen] = await Promise.all([import('./amount-guard-loader'), load()]);
      return { loader: amountGuard, ...screen };
    },
  };
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
