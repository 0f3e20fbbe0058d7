import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { OnePageStep } from '../lib/one-page-journey';
import { paths } from '../lib/paths';

/**
 * A guarded step of the one-page journey: its screen and its guard (features/one-page/journey-guard.ts) are
 * loaded on demand together, and the guard runs on every navigation to the step (spec §2 "Guards on the
 * one-page journey"). A step is loaded again only when its own URL changes.
 */
function step(path: string, name: OnePageStep, load: () => Promise<ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ journeyLoader }, { JourneyGate }, Screen] = await Promise.all([
        import('../features/one-page/journey-guard'),
        import('../features/one-page/journey-page'),
        load(),
      ]);
      return { loader: journeyLoader(name), Component: () => <JourneyGate Screen={Screen} /> };
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
  };
}

/** A screen outside the guarded steps, loaded on demand. */
function screen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** Routes of the one-page group (spec §2 "Part 2 group"), spread into the root's children by routes.tsx. */
export const onePageRoutes: RouteObject[] = [
  screen(paths.start2, async () => (await import('../features/one-page/welcome-screens')).Start2Screen),
  screen(paths.startB, async () => (await import('../features/one-page/welcome-screens')).StartBScreen),
  screen(paths.quoteReview, async () => (await import('../features/one-page/quote-screens')).QuoteReviewScreen),
  step(
    paths.quoteReviewB,
    'quote_review_b',
    async () => (await import('../features/one-page/quote-screens')).QuoteReviewBScreen,
  ),
  step(
    paths.onePage.confirmEmail,
    'EmailConfirmation',
    async () => (await import('../features/one-page/email-screens')).ConfirmEmailScreen,
  ),
  step(
    paths.onePage.purpose,
    'LoanPurpose',
    async () => (await import('../features/one-page/purpose-screen')).LoanPurposeScreen,
  ),
  step(
    paths.onePage.housingInfo,
    'RentalInfo',
    async () => (await import('../features/one-page/housing-screen')).HousingInfoScreen,
  ),
  step(
    paths.onePage.verifyAddress,
    'AddressVerification',
    async () => (await import('../features/one-page/address-screen')).VerifyAddressScreen,
  ),
  step(
    paths.onePage.income,
    'IncomeDetails',
    async () => (await import('../features/one-page/income-screen')).IncomeScreen,
  ),
  step(
    paths.onePage.connectBank,
    'OpenBankingConnect',
    async () => (await import('../features/one-page/connect-bank-screen')).ConnectBankScreen,
  ),
  step(
    paths.onePage.submit,
    'ApplicationSubmit',
    async () => (await import('../features/one-page/submit-screen')).SubmitScreen,
  ),
  step(
    paths.applicationSubmitted,
    'application_submitted',
    async () => (await import('../features/one-page/decision-screens')).ApplicationSubmittedScreen,
  ),
  screen(paths.emailVerifySoft, async () => (await import('../features/one-page/email-screens')).EmailVerifySoftScreen),
  screen(paths.received, async () => (await import('../features/one-page/decision-screens')).ReceivedScreen),
  screen(
    paths.openBankingUpdated,
    async () => (await import('../features/one-page/decision-screens')).OpenBankingUpdatedScreen,
  ),
];
