import { PageLoading } from '@lender/ui/screens/page-loading';
import { RouteErrorScreen } from '@lender/ui/screens/route-error';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

// Loaded on demand, as in the `*` route: the 404 screen stays in its own chunk.
const NotFoundScreen = lazy(async () => {
  const { NotFoundScreen: Screen } = await import('@lender/ui/screens/not-found');
  return { default: Screen };
});

/**
 * The root route's error boundary. A 404 answered by a loader (a URL naming something that cannot exist, such as
 * a malformed loan reference) shows the same 404 page as an unknown path; any other failure the route-error
 * screen. It replaces the whole page, portal layout included, so there is one `main` and one `h1`.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundScreen backTo={paths.root} />
      </Suspense>
    );
  }
  return <RouteErrorScreen />;
}
