import { StepProgress } from '@lender/ui/components/step-progress';
import type { ComponentType, ReactNode } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { SignInPage } from '../../components/sign-in-page';
import { nextStep, previousStep, progressOf, stepPaths } from '../../lib/one-page-journey';
import type { JourneyData, JourneyUnavailable } from './journey-guard';
import { LoadFailed } from '../../components/load-state';

/** The data the guard loaded for the step on screen (journey-guard.ts); only under `JourneyGate`. */
export function useJourney(): JourneyData {
  return useLoaderData<JourneyData>();
}

/** Moves on to the next required step (spec §4: next is the following entry of the stored list). */
export function useGoNext(): () => void {
  const navigate = useNavigate();
  const { step, steps } = useJourney();
  return () => {
    void navigate(stepPaths[nextStep(step, steps)]);
  };
}

/**
 * Shows a step's screen once the guard has read the application; when it could not, a way to try again (the
 * shared error table has already said what went wrong).
 */
export function JourneyGate({ Screen }: { Screen: ComponentType }) {
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

/**
 * The frame of a journey step: the page layout with a Back link to the previous required step (none on the
 * quote, the first, nor on submit, which may only be left toward the submitted page) and the progress.
 */
export function JourneyPage({ title, children }: { title: string; children: ReactNode }) {
  const { step, steps } = useJourney();
  const previous = step === 'ApplicationSubmit' ? undefined : previousStep(step, steps);
  const { current, total } = progressOf(step, steps);
  return (
    <SignInPage title={title} {...(previous === undefined ? {} : { backTo: stepPaths[previous] })}>
      <StepProgress current={current} total={total} label="Your application" />
      {children}
    </SignInPage>
  );
}
