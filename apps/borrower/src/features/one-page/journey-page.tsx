import { StepProgress } from '@lender/ui/components/step-progress';
import type { ReactNode } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { SignInPage } from '../../components/sign-in-page';
import { backStep, nextStep, progressOf, stepPaths } from '../../lib/one-page-journey';
import type { JourneyData } from './journey-data';

/** The data the guard loaded for the step on screen (journey-data.ts); only on a step the guard let through. */
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
 * The frame of a journey step: the page layout with a Back link to the previous required step (none where
 * lib/one-page-journey.ts `backStep` says there is nowhere to go back to) and the progress.
 */
export function JourneyPage({ title, children }: { title: string; children: ReactNode }) {
  const { step, steps } = useJourney();
  const previous = backStep(step, steps);
  const { current, total } = progressOf(step);
  return (
    <SignInPage title={title} {...(previous === undefined ? {} : { backTo: stepPaths[previous] })}>
      <StepProgress current={current} total={total} label="Your application" />
      {children}
    </SignInPage>
  );
}
