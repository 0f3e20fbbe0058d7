import { PageLoading } from '@lender/ui/screens/page-loading';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginHomeScreen } from '../features/login/login-home-screen';
import { StaffSignInButton } from '../features/staff/staff-sign-in-button';
import { api } from '../lib/api';
import { showServiceUnavailable } from '../lib/service-store';
import { ReportingRouteErrorScreen } from '../lib/telemetry/route-error-boundary';
import { paths } from '../lib/paths';
import { amountRoutes } from './routes-amount';
import { onePageRoutes } from './routes-one-page';
import { approvedRoutes } from './routes-approved';
import { documentRoutes } from './routes-documents';
import { legacyRoutes } from './routes-legacy';
import { RootLayout } from './root-layout';
import {
  createServiceCheckLoader,
  navigationTracker,
  serviceCheckShouldRevalidate,
  serviceStatusOf,
} from './shell/service-check';

/** Asks the BFF before every navigation except to home whether the service is disabled (spec §2). */
const serviceCheckLoader = createServiceCheckLoader({
  check: (signal) => serviceStatusOf(() => api.get('/application/getServiceDisable', { signal })),
  onDisabled: showServiceUnavailable,
  tracker: navigationTracker,
});

/**
 * The route table. The first screen (/login/home) is in the entry chunk; every other screen is loaded on
 * demand (spec §2: all routes load on demand), with `lazy` in its function form: the object form of
 * react-router 7.18 swallows a chunk that fails to load, so the error screen would never show. Nothing is
 * kept alive: leaving a screen unmounts it.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootLayout,
    ErrorBoundary: ReportingRouteErrorScreen,
    HydrateFallback: PageLoading,
    loader: serviceCheckLoader,
    shouldRevalidate: serviceCheckShouldRevalidate,
    children: [
      { index: true, element: <Navigate replace to={paths.login.home} /> },
      // The home screen offers staff their way in too; composed here, as features do not import each other.
      { path: paths.login.home, element: <LoginHomeScreen staffEntry={<StaffSignInButton />} /> },
      // The sign-in screens (issue 5), each in its own chunk.
      {
        path: paths.login.emailLogin,
        lazy: async () => ({ Component: (await import('../features/login/email-login-screen')).EmailLoginScreen }),
      },
      {
        path: paths.login.whiteLabelEmailLogin,
        lazy: async () => ({ Component: (await import('../features/login/email-login-screen')).EmailLoginScreen }),
      },
      {
        path: paths.login.emailCode,
        lazy: async () => ({ Component: (await import('../features/login/code-screen')).EmailCodeScreen }),
      },
      {
        path: paths.login.phoneLogin,
        lazy: async () => ({ Component: (await import('../features/login/phone-login-screen')).PhoneLoginScreen }),
      },
      {
        path: paths.login.phoneCode,
        lazy: async () => ({ Component: (await import('../features/login/code-screen')).PhoneCodeScreen }),
      },
      {
        path: paths.login.emailMagicLink,
        lazy: async () => ({ Component: (await import('../features/login/magic-link-screen')).MagicLinkScreen }),
      },
      {
        path: paths.login.redirectLogin,
        lazy: async () => ({
          Component: (await import('../features/login/redirect-login-screen')).RedirectLoginScreen,
        }),
      },
      {
        path: paths.login.setPin,
        lazy: async () => ({ Component: (await import('../features/pin/set-pin-screen')).SetPinScreen }),
      },
      {
        path: paths.login.repeatPin,
        lazy: async () => ({ Component: (await import('../features/pin/repeat-pin-screen')).RepeatPinScreen }),
      },
      {
        path: paths.pinLogIn,
        lazy: async () => ({ Component: (await import('../features/pin/pin-login-screen')).PinLoginScreen }),
      },
      { path: paths.idverify.root, element: <Navigate replace to={paths.idverify.pinCode} /> },
      {
        path: paths.idverify.pinCode,
        lazy: async () => ({ Component: (await import('../features/pin/idverify-pin-screen')).IdverifyPinScreen }),
      },
      // The /amount steps (issue 6): the quote, the applicant's answers, address, housing and consent, and the
      // eligibility outcomes (routes-amount.tsx).
      ...amountRoutes,
      // The one-page journey (issue 6).
      ...onePageRoutes,
      // After approval: phone, payment authority, commission, signature, identity, payout, dashboard (issue 6).
      ...approvedRoutes,
      // The legacy pending stages' screens, and the loan documents as pages (issue 6).
      ...legacyRoutes,
      ...documentRoutes,
      {
        path: paths.emailBox,
        lazy: async () => ({ Component: (await import('../features/email-box/email-box-screen')).EmailBoxScreen }),
      },
      {
        path: paths.error,
        lazy: async () => ({ Component: (await import('../features/error/error-screen')).ErrorScreen }),
      },
      {
        path: paths.notFound,
        lazy: async () => {
          const { NotFoundRoute } = await import('./not-found-route');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];
