import { RouteErrorScreen } from '@lender/ui/screens/route-error';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from './telemetry';

/**
 * The root route's error boundary: the shared route-error screen, plus a report of what it caught (spec §7).
 * React Router catches render and loader errors before any window handler could see them, so this is the
 * only place they can be reported from.
 */
export function ReportingRouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, { componentName: 'RouteErrorScreen', info: 'Caught by the root route error boundary.' });
  }, [error]);
  return <RouteErrorScreen />;
}
