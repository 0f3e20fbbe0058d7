import type { ComponentType } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { LoadFailed } from '../components/load-state';
import { SignInPage } from '../components/sign-in-page';
import type { JourneyData, JourneyUnavailable } from '../features/one-page/journey-data';
import type { PageGuard } from '../lib/paths';
import { amountStepLoader, applicationStageLoader, journeyStepLoader, loanAccountLoader } from './guard-loaders';

/**
 * The one registry of page guards: what a page's declared guard (lib/paths.ts `pages`) adds to its route. It is
 * loaded on demand with the first guarded screen (src/app/page-route.tsx), never with the first screen.
 */

/** What a guard adds to a page's route: its loader, when the loader runs again, and the screen as it shows it. */
export interface GuardedRoute {
  loader: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  Component: ComponentType;
}

export function guardedRoute(guard: PageGuard, Screen: ComponentType): GuardedRoute {
  switch (guard.kind) {
    case 'amount':
      return { loader: amountStepLoader(guard.resumable === true), Component: Screen };
    case 'onePage':
      return {
        loader: journeyStepLoader(guard.step),
        // A step is loaded again only when its own URL changes.
        shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
        Component: () => <JourneyGate Screen={Screen} />,
      };
    case 'applicationStage':
      return { loader: applicationStageLoader, Component: Screen };
    case 'loanAccount':
      return { loader: loanAccountLoader, Component: Screen };
  }
}

/**
 * Shows a journey step's screen once the guard has read the application; when it could not, a way to try again
 * (the shared error table has already said what went wrong).
 */
function JourneyGate({ Screen }: { Screen: ComponentType }) {
  const data = useLoaderData<JourneyData | JourneyUnavailable>();
  const revalidator = useRevalidator();
  if ('unavailable' in data) {
    return (
      <SignInPage title="Your application">
        <LoadFailed
          message="We could not load your application."
          onRetry={() => {
            void revalidator.revalidate();
          }}
        />
      </SignInPage>
    );
  }
  return <Screen />;
}
