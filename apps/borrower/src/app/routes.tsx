import { PageLoading } from '@lender/ui/screens/page-loading';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginHomeScreen } from '../features/login/login-home-screen';
import { StaffSignInButton } from '../features/staff/staff-sign-in-button';
import { fetchServiceDisabled } from '../api/service';
import { pages, paths, redirects } from '../lib/paths';
import { showServiceUnavailable } from '../lib/service-store';
import { ReportingRouteErrorScreen } from '../lib/telemetry/route-error-boundary';
import { pageRoutes, redirectRoute } from './page-route';
import { ROOT_ROUTE_ID } from './route-groups';
import { RootLayout } from './root-layout';
import {
  createServiceCheckLoader,
  navigationTracker,
  serviceCheckShouldRevalidate,
  serviceStatusOf,
} from './shell/service-check';

/** Asks the BFF before every navigation except to home whether the service is disabled (spec §2). */
const serviceCheckLoader = createServiceCheckLoader({
  check: (signal) => serviceStatusOf(() => fetchServiceDisabled(signal)),
  onDisabled: showServiceUnavailable,
  tracker: navigationTracker,
});

const page = pageRoutes(pages);

/**
 * The route table: one `page` for every page of lib/paths.ts `pages`, which declares its title and guard
 * (page-route.tsx builds the route from it), and one `redirectRoute` for every path that only leads elsewhere.
 * The first screen (/login/home) is in the entry chunk; every other screen is loaded on demand (spec §2), each
 * module in its own chunk. Nothing is kept alive: leaving a screen unmounts it. The routes of a route group
 * (route-groups.ts) are not here: the router adds them to the root's children when a path of the group is opened.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: paths.root,
    Component: RootLayout,
    ErrorBoundary: ReportingRouteErrorScreen,
    HydrateFallback: PageLoading,
    loader: serviceCheckLoader,
    shouldRevalidate: serviceCheckShouldRevalidate,
    children: [
      { index: true, element: <Navigate replace to={redirects[paths.root]} /> },
      // The home screen offers staff their way in too; composed here, as features do not import each other.
      page(paths.login.home, <LoginHomeScreen staffEntry={<StaffSignInButton />} />),

      // Signing in.
      page(paths.login.emailLogin, () => import('../features/login/email-login-screen'), 'EmailLoginScreen'),
      page(paths.login.whiteLabelEmailLogin, () => import('../features/login/email-login-screen'), 'EmailLoginScreen'),
      page(paths.login.emailCode, () => import('../features/login/code-screen'), 'EmailCodeScreen'),
      page(paths.login.phoneLogin, () => import('../features/login/phone-login-screen'), 'PhoneLoginScreen'),
      page(paths.login.phoneCode, () => import('../features/login/code-screen'), 'PhoneCodeScreen'),
      page(paths.login.emailMagicLink, () => import('../features/login/magic-link-screen'), 'MagicLinkScreen'),
      page(paths.login.redirectLogin, () => import('../features/login/redirect-login-screen'), 'RedirectLoginScreen'),
      page(paths.login.setPin, () => import('../features/pin/set-pin-screen'), 'SetPinScreen'),
      page(paths.login.repeatPin, () => import('../features/pin/repeat-pin-screen'), 'RepeatPinScreen'),
      page(paths.pinLogIn, () => import('../features/pin/pin-login-screen'), 'PinLoginScreen'),
      redirectRoute(paths.idverify.root),
      page(paths.idverify.pinCode, () => import('../features/pin/idverify-pin-screen'), 'IdverifyPinScreen'),

      // The /amount steps (spec §2 "Early application steps"): the quote, the applicant's answers, the address
      // history, housing, the answers checked, the consent, and the check's outcomes.
      redirectRoute(paths.amount.start),
      page(paths.amount.amountDefault, () => import('../features/quote/amount-screen'), 'AmountScreen'),
      page(
        paths.amount.loanCalculation,
        () => import('../features/quote/loan-calculation-screen'),
        'LoanCalculationScreen',
      ),
      page(paths.amount.purpose, () => import('../features/about-you/purpose-screen'), 'PurposeScreen'),
      page(paths.amount.purposeText, () => import('../features/about-you/text-screens'), 'PurposeTextScreen'),
      page(paths.amount.name, () => import('../features/about-you/text-screens'), 'FirstNameScreen'),
      page(paths.amount.lastName, () => import('../features/about-you/text-screens'), 'LastNameScreen'),
      page(paths.amount.dobInput, () => import('../features/about-you/dob-screen'), 'DobScreen'),
      page(paths.amount.email, () => import('../features/about-you/email-screen'), 'EmailScreen'),
      page(paths.amount.income, () => import('../features/about-you/text-screens'), 'IncomeScreen'),
      page(paths.amount.employment, () => import('../features/about-you/employment-screen'), 'EmploymentScreen'),
      page(paths.amount.address, () => import('../features/address/address-lookup-screen'), 'AddressLookupScreen'),
      page(
        paths.amount.previousAddress,
        () => import('../features/address/address-lookup-screen'),
        'AddressLookupScreen',
      ),
      page(
        paths.amount.manualAddress,
        () => import('../features/address/manual-address-screen'),
        'ManualAddressScreen',
      ),
      page(paths.amount.movedIn, () => import('../features/address/moved-in-screen'), 'MovedInScreen'),
      page(paths.amount.years3, () => import('../features/address/years3-screen'), 'Years3Screen'),
      page(
        paths.amount.addressHistory,
        () => import('../features/address/address-history-screen'),
        'AddressHistoryScreen',
      ),
      page(paths.amount.rentCost, () => import('../features/housing/rent-cost-screen'), 'RentCostScreen'),
      page(paths.amount.rentPayment, () => import('../features/housing/housing-cost-screens'), 'RentPaymentScreen'),
      page(paths.amount.notPayRent, () => import('../features/housing/housing-cost-screens'), 'NotPayRentScreen'),
      page(paths.amount.step2, () => import('../features/about-you/check-answers-screen'), 'CheckAnswersScreen'),
      page(paths.amount.creditConsent, () => import('./credit-consent-route'), 'CreditConsentRoute'),
      page(paths.decline, () => import('../features/eligibility/decline-screen'), 'DeclineScreen'),
      page(paths.counteroffer, () => import('../features/eligibility/counteroffer-screen'), 'CounterofferScreen'),

      // The Part 2 group and the one-page journey (spec §2).
      page(paths.start2, () => import('../features/one-page/welcome-screens'), 'Start2Screen'),
      page(paths.startB, () => import('../features/one-page/welcome-screens'), 'StartBScreen'),
      page(paths.quoteReview, () => import('../features/one-page/quote-screens'), 'QuoteReviewScreen'),
      page(paths.quoteReviewB, () => import('../features/one-page/quote-screens'), 'QuoteReviewBScreen'),
      page(paths.onePage.confirmEmail, () => import('../features/one-page/email-screens'), 'ConfirmEmailScreen'),
      page(paths.onePage.purpose, () => import('../features/one-page/purpose-screen'), 'LoanPurposeScreen'),
      page(paths.onePage.housingInfo, () => import('../features/one-page/housing-screen'), 'HousingInfoScreen'),
      page(paths.onePage.verifyAddress, () => import('../features/one-page/address-screen'), 'VerifyAddressScreen'),
      page(paths.onePage.income, () => import('../features/one-page/income-screen'), 'IncomeScreen'),
      page(paths.onePage.connectBank, () => import('../features/one-page/connect-bank-screen'), 'ConnectBankScreen'),
      page(paths.onePage.submit, () => import('../features/one-page/submit-screen'), 'SubmitScreen'),
      page(
        paths.applicationSubmitted,
        () => import('../features/one-page/decision-screens'),
        'ApplicationSubmittedScreen',
      ),
      page(paths.emailVerifySoft, () => import('../features/one-page/email-screens'), 'EmailVerifySoftScreen'),
      page(paths.received, () => import('../features/one-page/decision-screens'), 'ReceivedScreen'),
      page(
        paths.openBankingUpdated,
        () => import('../features/one-page/decision-screens'),
        'OpenBankingUpdatedScreen',
      ),

      // The legacy pending stages' screens.
      page(
        paths.legacy.emailVerifyAgain,
        () => import('../features/legacy/email-verify-screen'),
        'EmailVerifyAgainScreen',
      ),
      page(paths.legacy.emailUpdate, () => import('../features/legacy/email-update-screen'), 'EmailUpdateScreen'),
      page(paths.legacy.connectAccounts, () => import('../features/legacy/bank-screens'), 'ConnectAccountsScreen'),
      page(paths.legacy.bankC, () => import('../features/legacy/bank-screens'), 'BankReturnScreen'),
      page(paths.legacy.bankView, () => import('../features/legacy/bank-screens'), 'BankViewScreen'),
      page(paths.legacy.allSubmit, () => import('../features/legacy/submit-screens'), 'AllSubmitScreen'),
      page(paths.legacy.incomeVerify, () => import('../features/legacy/income-screens'), 'IncomeVerifyScreen'),
      page(paths.legacy.incomeVerify2, () => import('../features/legacy/income-screens'), 'IncomeVerify2Screen'),
      page(paths.legacy.allDone, () => import('../features/legacy/submit-screens'), 'AllDoneScreen'),
      page(paths.legacy.allDone2, () => import('../features/legacy/submit-screens'), 'AllDone2Screen'),
      page(paths.legacy.application, () => import('../features/legacy/application-screen'), 'ApplicationScreen'),
      page(
        paths.legacy.addressUpdated,
        () => import('../features/legacy/address-updated-screen'),
        'AddressUpdatedScreen',
      ),

      redirectRoute(paths.legacy.loan),
      redirectRoute(paths.paying.pay),

      page(paths.contactUs, () => import('../features/contact/contact-us-screen'), 'ContactUsScreen'),
      page(paths.emailBox, () => import('../features/email-box/email-box-screen'), 'EmailBoxScreen'),
      page(paths.error, () => import('../features/error/error-screen'), 'ErrorScreen'),
      page(paths.notFound, () => import('./not-found-route'), 'NotFoundRoute'),
    ],
  },
];
