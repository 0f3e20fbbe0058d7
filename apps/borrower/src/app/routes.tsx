import { PageLoading } from '@lender/ui/screens/page-loading';
import { RouteErrorScreen } from '@lender/ui/screens/route-error';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginHomeScreen } from '../features/login/login-home-screen';
import { paths } from './paths';
import { RootLayout } from './root-layout';

/**
 * The route table. The first screen (/login/home) is in the entry chunk; every other screen is loaded on
 * demand (spec §2: all routes load on demand).
 */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <Navigate replace to={paths.login.home} /> },
      { path: paths.login.home, Component: LoginHomeScreen },
      {
        path: paths.notFound,
        lazy: {
          element: async () => {
            const { NotFoundScreen } = await import('@lender/ui/screens/not-found');
            return <NotFoundScreen backTo={paths.root} />;
          },
        },
      },
    ],
  },
];
