import { PageLoading } from '@lender/ui/screens/page-loading';
import { RouteErrorScreen } from '@lender/ui/screens/route-error';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginHomeScreen } from '../features/login/login-home-screen';
import { api } from '../lib/api';
import { showServiceUnavailable } from '../lib/service-store';
import { paths } from './paths';
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
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoading,
    loader: serviceCheckLoader,
    shouldRevalidate: serviceCheckShouldRevalidate,
    children: [
      { index: true, element: <Navigate replace to={paths.login.home} /> },
      { path: paths.login.home, Component: LoginHomeScreen },
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
