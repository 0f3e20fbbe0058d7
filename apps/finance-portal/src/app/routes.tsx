import { PageLoading } from '@lender/ui/screens/page-loading';
import { RouteErrorScreen } from '@lender/ui/screens/route-error';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { LoginScreen } from '../features/login/login-screen';
import { paths } from './paths';
import { RootLayout } from './root-layout';

/** The route table. The first screen (/login) is in the entry chunk; every other screen loads on demand. */
export const routes: RouteObject[] = [
  {
    path: paths.root,
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoading,
    children: [
      { index: true, element: <Navigate replace to={paths.login} /> },
      { path: paths.login, Component: LoginScreen },
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
