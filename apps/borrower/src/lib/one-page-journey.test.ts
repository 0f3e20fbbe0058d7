import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import {
  ONE_PAGE_STEPS,
  REDIRECT_LOOP_LIMIT,
  backStep,
  createRedirectCounter,
  firstIncompleteStep,
  guardNavigation,
  isStepDone,
  nextStep,
  onePageResumeStep,
  parseStepList,
  previousStep,
  progressOf,
  requiredSteps,
  stepPaths,
} from './one-page-journey';
import type { GuardInput, JourneyFlags, OnePageStep } from './one-page-journey';
import { journeyMap } from '../test/application-info';


const ALL: OnePageStep[] = [...ONE_PAGE_STEPS];

describe('required steps (spec §4)', () => {
  it('are every step when nothing is done, in journey order', () => {
    expect(requiredSteps(journeyMap())).toEqual(ALL);
  });

  it('always hold the quote, e-mail, income, submit and submitted', () => {
    const map = journeyMap((m) => {
      m.aboutYou.loanPurposeConfirm = true;
      m.aboutYou.rentConfirm = true;
      m.aboutYou.addressUpdate = true;
      m.verifyIncome.openBanking = true;
      m.yourLoan.loanValueConfirm = true;
      m.aboutYou.emailVerification = true;
      m.verifyIncome.isFinished = true;
    });
    expect(requiredSteps(map)).toEqual([
      'quote_review_b',
      'EmailConfirmation',
      'IncomeDetails',
      'ApplicationSubmit',
      'application_submitted',
    ]);
  });

  it('leave out purpose when loan_purpose_confirm is set', () => {
    expect(requiredSteps(journeyMap((m) => (m.aboutYou.loanPurposeConfirm = true)))).not.toContain('LoanPurpose');
  });

  it('leave out rental when rent_confirm is set', () => {
    expect(requiredSteps(journeyMap((m) => (m.aboutYou.rentConfirm = true)))).not.toContain('RentalInfo');
  });

  it('leave out address when address_update is set', () => {
    expect(requiredSteps(journeyMap((m) => (m.aboutYou.addressUpdate = true)))).not.toContain('AddressVerification');
  });

  it('leave out open banking when open_banking is true', () => {
    expect(requiredSteps(journeyMap((m) => (m.verifyIncome.openBanking = true)))).not.toContain('OpenBankingConnect');
  });

  it('leave out open banking when ob_skip is true', () => {
    expect(requiredSteps(journeyMap((m) => (m.aboutYou.obSkip = true)))).not.toContain('OpenBankingConnect');
  });
});

describe('the stored list', () => {
  it('reads back a list that was written', () => {
    const steps = requiredSteps(journeyMap((m) => (m.aboutYou.rentConfirm = true)));
    expect(parseStepList(JSON.stringify(steps))).toEqual(steps);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{'],
    ['not a list', '"quote_review_b"'],
    ['an empty list', '[]'],
    ['an unknown step', '["quote_review_b","Elsewhere"]'],
    ['steps out of order', '["EmailConfirmation","quote_review_b"]'],
    ['a repeated step', '["quote_review_b","quote_review_b"]'],
  ])('is refused when it is %s', (_, raw) => {
    expect(parseStepList(raw)).toBeUndefined();
  });
});

describe('next and previous', () => {
  const steps = requiredSteps(journeyMap((m) => (m.aboutYou.loanPurposeConfirm = true)));

  it('next is the following entry of the list', () => {
    expect(nextStep('quote_review_b', steps)).toBe('EmailConfirmation');
    expect(nextStep('EmailConfirmation', steps)).toBe('RentalInfo');
    expect(nextStep('ApplicationSubmit', steps)).toBe('application_submitted');
  });

  it('next is the submitted page at the end, or for a step not on the list', () => {
    expect(nextStep('application_submitted', steps)).toBe('application_submitted');
    expect(nextStep('LoanPurpose', steps)).toBe('application_submitted');
  });

  it('previous is the prior entry of the list', () => {
    expect(previousStep('RentalInfo', steps)).toBe('EmailConfirmation');
    expect(previousStep('EmailConfirmation', steps)).toBe('quote_review_b');
  });

  it('there is no previous for the quote or a step not on the list', () => {
    expect(previousStep('quote_review_b', steps)).toBeUndefined();
    expect(previousStep('LoanPurpose', steps)).toBeUndefined();
  });
});

describe('Back', () => {
  const steps = requiredSteps(journeyMap((m) => (m.aboutYou.loanPurposeConfirm = true)));

  it.each<[OnePageStep, OnePageStep | undefined]>([
    ['quote_review_b', undefined],
    ['EmailConfirmation', 'quote_review_b'],
    ['RentalInfo', 'EmailConfirmation'],
    ['AddressVerification', 'RentalInfo'],
    ['IncomeDetails', 'AddressVerification'],
    ['OpenBankingConnect', 'IncomeDetails'],
    // Submit may only be left toward the submitted page, and the submitted page for nothing: the guard would
    // send Back straight back.
    ['ApplicationSubmit', undefined],
    ['application_submitted', undefined],
  ])('from %s leads to %s', (step, back) => {
    expect(backStep(step, steps)).toBe(back);
  });
});

describe('progress (spec §2, §4)', () => {
  it.each<[OnePageStep, number]>([
    ['quote_review_b', 0],
    ['EmailConfirmation', 1],
    ['LoanPurpose', 2],
    ['RentalInfo', 3],
    ['AddressVerification', 4],
    ['IncomeDetails', 5],
    ['OpenBankingConnect', 6],
    ['ApplicationSubmit', 7],
    ['application_submitted', 7],
  ])('numbers %s as step %d of the seven, the quote 0 and the submitted page 100%%', (step, current) => {
    expect(progressOf(step)).toEqual({ current, total: 7 });
  });
});

describe('step routes', () => {
  it('are the routes of spec §2, in order', () => {
    expect(ONE_PAGE_STEPS.map((step) => stepPaths[step])).toEqual([
      paths.quoteReviewB,
      '/loan/confirm-email',
      '/loan/purpose',
      '/loan/housing-info',
      '/loan/verify-address',
      '/loan/income',
      '/loan/connect-bank',
      '/loan/submit',
      '/application-submitted',
    ]);
  });
});

describe('completion', () => {
  it.each<[OnePageStep, (m: JourneyFlags) => void]>([
    ['quote_review_b', (m) => (m.yourLoan.loanValueConfirm = true)],
    ['EmailConfirmation', (m) => (m.aboutYou.emailVerification = true)],
    ['LoanPurpose', (m) => (m.aboutYou.loanPurposeConfirm = true)],
    ['RentalInfo', (m) => (m.aboutYou.rentConfirm = true)],
    ['AddressVerification', (m) => (m.aboutYou.addressUpdate = true)],
    ['IncomeDetails', (m) => (m.verifyIncome.isFinished = true)],
    ['OpenBankingConnect', (m) => (m.verifyIncome.openBanking = true)],
    ['OpenBankingConnect', (m) => (m.aboutYou.obSkip = true)],
    ['ApplicationSubmit', (m) => (m.submission.isFinished = true)],
  ])('%s is done by its flag', (step, change) => {
    expect(isStepDone(step, journeyMap())).toBe(false);
    expect(isStepDone(step, journeyMap(change))).toBe(true);
  });

  it('the submitted page is never done', () => {
    expect(isStepDone('application_submitted', journeyMap((m) => (m.submission.isFinished = true)))).toBe(false);
  });

  it('the first incomplete step follows the list', () => {
    const map = journeyMap((m) => {
      m.yourLoan.loanValueConfirm = true;
      m.aboutYou.emailVerification = true;
    });
    expect(firstIncompleteStep(ALL, map)).toBe('LoanPurpose');
    expect(firstIncompleteStep(['quote_review_b', 'EmailConfirmation', 'IncomeDetails'], map)).toBe('IncomeDetails');
  });
});

describe('one-page resume target (spec §4)', () => {
  it('is the quote while the loan is not confirmed, whatever else is done', () => {
    expect(onePageResumeStep(journeyMap((m) => (m.aboutYou.emailVerification = true)))).toBe('quote_review_b');
  });

  const confirmed = (change: (m: JourneyFlags) => void) =>
    journeyMap((m) => {
      m.yourLoan.loanValueConfirm = true;
      change(m);
    });

  it.each<[string, (m: JourneyFlags) => void, OnePageStep]>([
    ['e-mail verification', () => undefined, 'EmailConfirmation'],
    ['purpose', (m) => (m.aboutYou.emailVerification = true), 'LoanPurpose'],
    [
      'rent',
      (m) => {
        m.aboutYou.emailVerification = true;
        m.aboutYou.loanPurposeConfirm = true;
      },
      'RentalInfo',
    ],
    [
      'address',
      (m) => {
        m.aboutYou.emailVerification = true;
        m.aboutYou.loanPurposeConfirm = true;
        m.aboutYou.rentConfirm = true;
      },
      'AddressVerification',
    ],
    [
      'open banking',
      (m) => {
        m.aboutYou.emailVerification = true;
        m.aboutYou.loanPurposeConfirm = true;
        m.aboutYou.rentConfirm = true;
        m.aboutYou.addressUpdate = true;
        m.verifyIncome.isFinished = true;
      },
      'OpenBankingConnect',
    ],
    [
      'income verification finished',
      (m) => {
        m.aboutYou.emailVerification = true;
        m.aboutYou.loanPurposeConfirm = true;
        m.aboutYou.rentConfirm = true;
        m.aboutYou.addressUpdate = true;
        m.aboutYou.obSkip = true;
      },
      'IncomeDetails',
    ],
    [
      'submission finished',
      (m) => {
        m.aboutYou.emailVerification = true;
        m.aboutYou.loanPurposeConfirm = true;
        m.aboutYou.rentConfirm = true;
        m.aboutYou.addressUpdate = true;
        m.verifyIncome.openBanking = true;
        m.verifyIncome.isFinished = true;
      },
      'ApplicationSubmit',
    ],
  ])('is the first missing step: %s', (_, change, step) => {
    expect(onePageResumeStep(confirmed(change))).toBe(step);
  });

  it('puts open banking before income, as the specification lists them', () => {
    expect(
      onePageResumeStep(
        confirmed((m) => {
          m.aboutYou.emailVerification = true;
          m.aboutYou.loanPurposeConfirm = true;
          m.aboutYou.rentConfirm = true;
          m.aboutYou.addressUpdate = true;
        }),
      ),
    ).toBe('OpenBankingConnect');
  });

  it('is the submitted page once everything is done', () => {
    expect(
      onePageResumeStep(
        confirmed((m) => {
          m.aboutYou.emailVerification = true;
          m.aboutYou.loanPurposeConfirm = true;
          m.aboutYou.rentConfirm = true;
          m.aboutYou.addressUpdate = true;
          m.verifyIncome.openBanking = true;
          m.verifyIncome.isFinished = true;
          m.submission.isFinished = true;
        }),
      ),
    ).toBe('application_submitted');
  });
});

describe('the guard (spec §2 "Guards on the one-page journey")', () => {
  /** Loan confirmed, e-mail verified: the first incomplete step is the purpose. */
  const midway = journeyMap((m) => {
    m.yourLoan.loanValueConfirm = true;
    m.aboutYou.emailVerification = true;
  });

  function guard(input: Partial<GuardInput> & Pick<GuardInput, 'target'>) {
    return guardNavigation({ from: undefined, steps: ALL, visited: [], map: midway, fromRender: false, ...input });
  }

  it('refuses a typed URL to a later step on a first visit: it goes to the first incomplete step', () => {
    expect(guard({ target: 'IncomeDetails' })).toEqual({ kind: 'redirect', to: 'LoanPurpose' });
  });

  it('refuses a skip ahead within the journey: it stays on the step it was on', () => {
    expect(guard({ target: 'AddressVerification', from: 'LoanPurpose', visited: ['LoanPurpose'] })).toEqual({
      kind: 'redirect',
      to: 'LoanPurpose',
    });
  });

  it('allows a refresh of the step one is allowed to be on', () => {
    expect(guard({ target: 'LoanPurpose' })).toEqual({ kind: 'allow' });
  });

  it('allows moving on to the first incomplete step', () => {
    expect(guard({ target: 'LoanPurpose', from: 'EmailConfirmation' })).toEqual({ kind: 'allow' });
  });

  it('allows moving backward', () => {
    expect(guard({ target: 'EmailConfirmation', from: 'LoanPurpose' })).toEqual({ kind: 'allow' });
    expect(guard({ target: 'quote_review_b', from: 'LoanPurpose' })).toEqual({ kind: 'allow' });
  });

  it('allows revisiting a step visited in this tab, even beyond the first incomplete one', () => {
    expect(guard({ target: 'RentalInfo', from: 'LoanPurpose', visited: ['RentalInfo'] })).toEqual({ kind: 'allow' });
  });

  it('allows a refresh of a visited step', () => {
    expect(guard({ target: 'RentalInfo', visited: ['LoanPurpose', 'RentalInfo'] })).toEqual({ kind: 'allow' });
  });

  it('refuses a step that is not required', () => {
    const steps = requiredSteps(journeyMap((m) => (m.aboutYou.loanPurposeConfirm = true)));
    const map = journeyMap((m) => {
      m.yourLoan.loanValueConfirm = true;
      m.aboutYou.loanPurposeConfirm = true;
    });
    expect(guard({ target: 'LoanPurpose', steps, map })).toEqual({ kind: 'redirect', to: 'EmailConfirmation' });
  });

  it('refuses leaving submit for any step but the submitted page', () => {
    const ready = journeyMap((m) => {
      m.yourLoan.loanValueConfirm = true;
      m.aboutYou.emailVerification = true;
      m.aboutYou.loanPurposeConfirm = true;
      m.aboutYou.rentConfirm = true;
      m.aboutYou.addressUpdate = true;
      m.verifyIncome.isFinished = true;
      m.verifyIncome.openBanking = true;
    });
    for (const target of ALL.filter((step) => step !== 'ApplicationSubmit' && step !== 'application_submitted')) {
      expect(guard({ target, from: 'ApplicationSubmit', map: ready, visited: ALL })).toEqual({
        kind: 'redirect',
        to: 'ApplicationSubmit',
      });
    }
  });

  it('allows leaving submit toward the submitted page once submitted', () => {
    const submitted = journeyMap((m) => (m.submission.isFinished = true));
    expect(guard({ target: 'application_submitted', from: 'ApplicationSubmit', map: submitted })).toEqual({
      kind: 'allow',
    });
  });

  it('refuses the submitted page before the application is submitted', () => {
    expect(guard({ target: 'application_submitted' })).toEqual({ kind: 'redirect', to: 'LoanPurpose' });
  });

  it('sends every step to the submitted page once submitted', () => {
    const submitted = journeyMap((m) => (m.submission.isFinished = true));
    expect(guard({ target: 'RentalInfo', map: submitted, visited: ALL })).toEqual({
      kind: 'redirect',
      to: 'application_submitted',
    });
  });

  it('sends a return from open banking (from=render) straight to submit', () => {
    expect(guard({ target: 'OpenBankingConnect', fromRender: true })).toEqual({
      kind: 'redirect',
      to: 'ApplicationSubmit',
    });
    expect(guard({ target: 'ApplicationSubmit', fromRender: true })).toEqual({ kind: 'allow' });
  });
});

describe('the redirect loop limit (spec §9)', () => {
  const redirect = { kind: 'redirect', to: 'LoanPurpose' } as const;

  it('is 30', () => {
    expect(REDIRECT_LOOP_LIMIT).toBe(30);
  });

  it('follows 30 redirects in a row and refuses the 31st', () => {
    const counter = createRedirectCounter();
    for (let i = 0; i < 30; i += 1) expect(counter.record(redirect)).toBe(true);
    expect(counter.record(redirect)).toBe(false);
  });

  it('starts counting again after an allowed navigation', () => {
    const counter = createRedirectCounter();
    for (let i = 0; i < 30; i += 1) counter.record(redirect);
    expect(counter.record({ kind: 'allow' })).toBe(true);
    for (let i = 0; i < 30; i += 1) expect(counter.record(redirect)).toBe(true);
  });

  it('starts counting again after a loop was stopped', () => {
    const counter = createRedirectCounter(2);
    counter.record(redirect);
    counter.record(redirect);
    expect(counter.record(redirect)).toBe(false);
    expect(counter.record(redirect)).toBe(true);
  });
});
