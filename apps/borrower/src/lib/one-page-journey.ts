import type { components } from '@lender/api-client';
import { paths } from './paths';

/**
 * The one-page journey (spec §2 "Part 2 group and the one-page journey", §4 "One-page journey order"): its
 * steps, the required list computed from the application's journeyMap, moving along it, progress, the
 * guard on every navigation and the resume target. Pure: the route guard and the screens hold the state.
 */

/** The steps in journey order, named as the specification names them (these names are stored locally). */
export const ONE_PAGE_STEPS = [
  'quote_review_b',
  'EmailConfirmation',
  'LoanPurpose',
  'RentalInfo',
  'AddressVerification',
  'IncomeDetails',
  'OpenBankingConnect',
  'ApplicationSubmit',
  'application_submitted',
] as const;

export type OnePageStep = (typeof ONE_PAGE_STEPS)[number];

/** The route of each step. */
export const stepPaths: Readonly<Record<OnePageStep, string>> = {
  quote_review_b: paths.quoteReviewB,
  EmailConfirmation: paths.onePage.confirmEmail,
  LoanPurpose: paths.onePage.purpose,
  RentalInfo: paths.onePage.housingInfo,
  AddressVerification: paths.onePage.verifyAddress,
  IncomeDetails: paths.onePage.income,
  OpenBankingConnect: paths.onePage.connectBank,
  ApplicationSubmit: paths.onePage.submit,
  application_submitted: paths.applicationSubmitted,
};

export function isOnePageStep(value: unknown): value is OnePageStep {
  return typeof value === 'string' && (ONE_PAGE_STEPS as readonly string[]).includes(value);
}

/** The completion flags of spec §3 "One-page user data", as the BFF answers them (getOnePageApplicationInfo). */
export type JourneyFlags = components['schemas']['JourneyMap'];

/**
 * The required steps (spec §4): always the quote, e-mail, income, submit and submitted; purpose unless
 * loan_purpose_confirm is set; rental unless rent_confirm; address unless address_update; open banking unless
 * open_banking or ob_skip. In journey order.
 */
export function requiredSteps(map: JourneyFlags): OnePageStep[] {
  const skipped = new Set<OnePageStep>();
  if (map.aboutYou.loanPurposeConfirm) skipped.add('LoanPurpose');
  if (map.aboutYou.rentConfirm) skipped.add('RentalInfo');
  if (map.aboutYou.addressUpdate) skipped.add('AddressVerification');
  if (map.verifyIncome.openBanking || map.aboutYou.obSkip) skipped.add('OpenBankingConnect');
  return ONE_PAGE_STEPS.filter((step) => !skipped.has(step));
}

/** Reads a stored list back: undefined unless it is a list of known steps, in journey order, without repeats. */
export function parseStepList(raw: string | null): OnePageStep[] | undefined {
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isOnePageStep)) return undefined;
  const order = parsed.map((step) => ONE_PAGE_STEPS.indexOf(step));
  if (!order.every((index, at) => at === 0 || index > (order[at - 1] ?? -1))) return undefined;
  return parsed;
}

/** The step after `step` in the list; the submitted page at the end (and for a step not on the list). */
export function nextStep(step: OnePageStep, steps: readonly OnePageStep[]): OnePageStep {
  const at = steps.indexOf(step);
  if (at < 0) return 'application_submitted';
  return steps[at + 1] ?? 'application_submitted';
}

/** The step before `step` in the list; undefined for the first (the quote) or a step not on the list. */
export function previousStep(step: OnePageStep, steps: readonly OnePageStep[]): OnePageStep | undefined {
  const at = steps.indexOf(step);
  return at <= 0 ? undefined : steps[at - 1];
}

/**
 * Where Back leads from a step: the previous required step. None on the quote (the first), on submit (which may
 * only be left toward the submitted page) nor on the submitted page (nothing can be changed any more: the guard
 * would send Back straight here again).
 */
export function backStep(step: OnePageStep, steps: readonly OnePageStep[]): OnePageStep | undefined {
  if (step === 'ApplicationSubmit' || step === 'application_submitted') return undefined;
  return previousStep(step, steps);
}

/** Where a step stands for the progress indicator: "step `current` of `total`". */
export interface JourneyProgress {
  current: number;
  total: number;
}

/** The steps progress counts: the seven of the journey (spec §2), without the quote and the submitted page. */
const COUNTED_STEPS = ONE_PAGE_STEPS.length - 2;

/**
 * Progress (spec §2, §4): a step is numbered by its place in the seven-step journey, the quote is step 0 and the
 * submitted page the last count (100%). Not by its place among the required steps: a step stops being required
 * once it is done (finishing it sets the flag that skips it), so a list computed again later (after signing in
 * again, on another device) would number the same step differently. A step that is not required is passed over.
 */
export function progressOf(step: OnePageStep): JourneyProgress {
  return { current: Math.min(ONE_PAGE_STEPS.indexOf(step), COUNTED_STEPS), total: COUNTED_STEPS };
}

/** Whether the journeyMap records a step as done. The submitted page is never "done": it is where it ends. */
export function isStepDone(step: OnePageStep, map: JourneyFlags): boolean {
  switch (step) {
    case 'quote_review_b':
      return map.yourLoan.loanValueConfirm;
    case 'EmailConfirmation':
      return map.aboutYou.emailVerification;
    case 'LoanPurpose':
      return map.aboutYou.loanPurposeConfirm;
    case 'RentalInfo':
      return map.aboutYou.rentConfirm;
    case 'AddressVerification':
      return map.aboutYou.addressUpdate;
    case 'IncomeDetails':
      return map.verifyIncome.isFinished;
    case 'OpenBankingConnect':
      return map.verifyIncome.openBanking || map.aboutYou.obSkip;
    case 'ApplicationSubmit':
      return map.submission.isFinished;
    case 'application_submitted':
      return false;
  }
}

/** The first step of the list the journeyMap does not record as done: the furthest one may go. */
export function firstIncompleteStep(steps: readonly OnePageStep[], map: JourneyFlags): OnePageStep {
  return steps.find((step) => !isStepDone(step, map)) ?? 'application_submitted';
}

/**
 * The one-page resume target (spec §4 "Resume target, one-page application"): the quote while the loan is not
 * confirmed; otherwise the first missing of e-mail verification, purpose, rent, address, open banking, income
 * verification finished and submission finished (in that order, as the specification lists them); then the
 * submitted page.
 */
export function onePageResumeStep(map: JourneyFlags): OnePageStep {
  if (!map.yourLoan.loanValueConfirm) return 'quote_review_b';
  const order: [boolean, OnePageStep][] = [
    [map.aboutYou.emailVerification, 'EmailConfirmation'],
    [map.aboutYou.loanPurposeConfirm, 'LoanPurpose'],
    [map.aboutYou.rentConfirm, 'RentalInfo'],
    [map.aboutYou.addressUpdate, 'AddressVerification'],
    [map.verifyIncome.openBanking || map.aboutYou.obSkip, 'OpenBankingConnect'],
    [map.verifyIncome.isFinished, 'IncomeDetails'],
    [map.submission.isFinished, 'ApplicationSubmit'],
  ];
  return order.find(([done]) => !done)?.[1] ?? 'application_submitted';
}

/** A navigation to a journey step, as the guard sees it. */
export interface GuardInput {
  /** The step being navigated to. */
  target: OnePageStep;
  /** The journey step on screen when the navigation started; undefined on a first visit or a refresh. */
  from: OnePageStep | undefined;
  /** The required steps (the stored list). */
  steps: readonly OnePageStep[];
  /** The steps visited in this tab. */
  visited: readonly OnePageStep[];
  map: JourneyFlags;
  /** The URL carries from=render: the return from the bank's consent page. */
  fromRender: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: OnePageStep };

const allow: GuardDecision = { kind: 'allow' };

function redirectTo(to: OnePageStep, target: OnePageStep): GuardDecision {
  return to === target ? allow : { kind: 'redirect', to };
}

/**
 * The guard of spec §2 "Guards on the one-page journey", for one navigation:
 * 1. a return from open banking (from=render) goes straight to submit;
 * 2. leaving submit is allowed only toward the submitted page;
 * 3. once submitted, every step leads to the submitted page (nothing can be changed any more);
 * 4. a step that is not required, or that lies beyond the first incomplete one and was not visited in this
 *    tab (a typed URL, a skip ahead), is refused: an in-journey move stays where it was, a first visit or a
 *    refresh goes to the first incomplete step;
 * 5. anything else (backward, a visited step, the step one is allowed to be on) is allowed.
 */
export function guardNavigation(input: GuardInput): GuardDecision {
  const { target, from, steps, visited, map, fromRender } = input;
  if (fromRender) return redirectTo('ApplicationSubmit', target);
  if (from === 'ApplicationSubmit' && target !== 'ApplicationSubmit' && target !== 'application_submitted') {
    return { kind: 'redirect', to: 'ApplicationSubmit' };
  }
  if (map.submission.isFinished) return redirectTo('application_submitted', target);

  const frontier = firstIncompleteStep(steps, map);
  const reachable =
    steps.includes(target) && (steps.indexOf(target) <= steps.indexOf(frontier) || visited.includes(target));
  if (reachable) return allow;
  return redirectTo(from !== undefined && steps.includes(from) ? from : frontier, target);
}

/** The redirect loop limit (spec §9). */
export const REDIRECT_LOOP_LIMIT = 30;

/**
 * Counts the guard's consecutive redirects: a chain longer than the limit is a loop, and the guard stops it
 * rather than redirecting for ever. An allowed navigation ends the chain.
 */
export function createRedirectCounter(limit = REDIRECT_LOOP_LIMIT) {
  let count = 0;
  return {
    /** Records a decision; answers whether it may be followed (false: the chain has passed the limit). */
    record(decision: GuardDecision): boolean {
      if (decision.kind === 'allow') {
        count = 0;
        return true;
      }
      count += 1;
      if (count > limit) {
        count = 0;
        return false;
      }
      return true;
    },
  };
}
