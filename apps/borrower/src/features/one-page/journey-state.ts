import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { z } from 'zod';
import { createRedirectCounter, isOnePageStep, parseStepList, requiredSteps } from '../../lib/one-page-journey';
import type { JourneyFlags, OnePageStep } from '../../lib/one-page-journey';
import { defineDraft } from '../../lib/drafts/draft-store';
import { sessionStorageKeys, storageKeys } from '../../lib/storage-keys';

/**
 * What the one-page guard remembers between navigations: the required steps (local storage, spec §4), the
 * steps visited in this tab (session storage) and, in memory, the step on screen. A reload forgets the step
 * on screen, which is how the guard tells a first visit or a refresh from a move within the journey.
 */

let stepOnScreen: OnePageStep | undefined;

/** The journey step on screen, or undefined after a reload (a first visit or a refresh). */
export function currentStep(): OnePageStep | undefined {
  return stepOnScreen;
}

/** Forgets the step on screen, as a reload does (the screens' tests start each one as a fresh page). */
export function forgetStepOnScreen(): void {
  stepOnScreen = undefined;
}

/** The steps visited in this tab (a step name no longer known is dropped, not the list). */
const visited = defineDraft({
  key: sessionStorageKeys.onePageVisited,
  schema: z.array(z.string()).transform((steps) => steps.filter(isOnePageStep)),
  empty: (): OnePageStep[] => [],
  expirySeconds: 0,
  storage: expiringSessionStorage,
});

export function enterStep(step: OnePageStep): void {
  stepOnScreen = step;
  const steps = visited.read();
  if (!steps.includes(step)) visited.replace([...steps, step]);
}

/** The steps visited in this tab. */
export function visitedSteps(): OnePageStep[] {
  return visited.read();
}

/**
 * The required steps (spec §4: the list is stored locally): the stored list, or one computed from the journeyMap
 * and stored when there is none. Kept once computed, so a step finished on the way stays on the list and Back
 * still reaches it; it is dropped with the application's other kept values when another application is seen
 * (answers-draft.ts bindAnswersTo) and on logout (local storage is cleared).
 */
export function journeySteps(map: JourneyFlags): OnePageStep[] {
  const stored = parseStepList(expiringLocalStorage.getItem(storageKeys.onePageSteps));
  if (stored !== undefined) return stored;
  const steps = requiredSteps(map);
  expiringLocalStorage.setItem(storageKeys.onePageSteps, JSON.stringify(steps));
  return steps;
}

/** The guard's redirect chain (spec §9: at most 30 in a row). */
export const redirectCounter = createRedirectCounter();
