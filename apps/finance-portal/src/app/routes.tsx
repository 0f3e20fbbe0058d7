import { PageLoading } from '@lender/ui/screens/page-loading';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginScreen } from '../features/login/login-screen';
import { loadSignedInUser, redirectSignedIn, requireLoanReference, SIGNED_IN_ROUTE_ID } from './guards';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * The route table. The first screen (/login) is in the entry chunk; every other screen, and the portal layout,
 * loads on demand. The guards are loaders, so they decide before any screen renders.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <Navigate replace to={paths.login} /> },
      { path: paths.login, loader: redirectSignedIn, Component: LoginScreen },
      {
        // Signed-in part: the portal layout around the screens that need a portal session.
        id: SIGNED_IN_ROUTE_ID,
        loader: loadSignedInUser,
        // Check the session on every navigation, not only when this route's params change.
        shouldRevalidate: () => true,
        lazy: async () => {
          const { PortalLayout } = await import('./portal-layout');
          return { Component: PortalLayout };
        },
        children: [
          {
            path: paths.dashboard,
            lazy: async () => {
              const { DashboardScreen } = await import('../features/dashboard/dashboard-screen');
              return { Component: DashboardScreen };
            },
          },
          {
            path: paths.newLoan,
            lazy: async () => {
              const { NewLoanScreen } = await import('../features/new-loan/new-loan-screen');
              return { Component: NewLoanScreen };
            },
          },
          {
            path: paths.loan,
            loader: requireLoanReference,
            lazy: async () => {
              const { LoanScreen } = await import('../features/loans/loan-screen');
              return { Component: LoanScreen };
            },
          },
        ],
      },
      {
        // The client's page: standalone, no sign-in, no portal layout.
        path: paths.client,
        loader: requireLoanReference,
        lazy: async () => {
          const { ClientScreen } = await import('../features/client/client-screen');
          return { Component: ClientScreen };
        },
      },
      {
        path: paths.notFound,
        lazy: async () => {
          const { NotFoundScreen } = await import('@lender/ui/screens/not-found');
          return {
            Component: function NotFound() {
              return <NotFoundScreen backTo={paths.root} />;
            },
          };
        },
      },
    ],
  },
];
