import { describe, expect, it } from 'vitest';
import { mustChoosePin, needsResumeTarget, signInDestination } from './sign-in';
import type { SignInFacts } from './sign-in';

const borrower: SignInFacts = { pinSet: true, pinLocked: false, staffActing: false, hasLoan: true, applyId: '' };
const applicant: SignInFacts = { pinSet: true, pinLocked: false, staffActing: false, hasLoan: false, applyId: 'app_1' };
const newcomer: SignInFacts = { pinSet: false, pinLocked: false, staffActing: false, hasLoan: false, applyId: '' };
const RESUME = '/phoneNumber';

describe('signInDestination', () => {
  it.each([
    { why: 'a borrower with a loan: the dashboard', facts: borrower, to: '/loanDashboard/main', pin: false },
    {
      why: 'a borrower whose application was paid out: the dashboard, whatever the application says',
      facts: { ...borrower, applyId: 'app_1' },
      to: '/loanDashboard/main',
      pin: false,
    },
    {
      why: 'a borrower with a locked PIN: a new PIN first, then the dashboard',
      facts: { ...borrower, pinLocked: true },
      to: '/loanDashboard/main',
      pin: true,
    },
    {
      why: 'staff acting for a borrower with a locked PIN: the dashboard, the PIN is not theirs to set',
      facts: { ...borrower, pinLocked: true, staffActing: true },
      to: '/loanDashboard/main',
      pin: false,
    },
    {
      why: 'a borrower without a PIN: one is chosen, then the dashboard',
      facts: { ...borrower, pinSet: false },
      to: '/loanDashboard/main',
      pin: true,
    },
    { why: 'an applicant: where the application resumes', facts: applicant, to: RESUME, pin: false },
    {
      why: 'an applicant without a PIN: where it resumes; the PIN comes at setPassword, after approval',
      facts: { ...applicant, pinSet: false },
      to: RESUME,
      pin: false,
    },
    {
      why: 'an applicant with a locked PIN: a new PIN first, then where it resumes',
      facts: { ...applicant, pinLocked: true },
      to: RESUME,
      pin: true,
    },
    {
      why: 'an applicant whose application could not be read: the signed-in home, not a guessed stage',
      facts: applicant,
      resume: undefined,
      to: '/login/home',
      pin: false,
    },
    {
      why: 'someone with neither: a PIN, then the start of an application',
      facts: newcomer,
      to: '/amount/amount_default',
      pin: true,
    },
    {
      why: 'staff acting for someone with neither: the start of an application, no PIN',
      facts: { ...newcomer, staffActing: true },
      to: '/amount/amount_default',
      pin: false,
    },
  ])('$why', ({ facts, to, pin, ...rest }) => {
    const resume = 'resume' in rest ? rest.resume : RESUME;
    const destination = signInDestination(facts, needsResumeTarget(facts) ? resume : undefined);
    expect(destination).toEqual({ path: to, choosePinFirst: pin });
  });
});

describe('mustChoosePin', () => {
  it.each([
    { pinSet: true, pinLocked: false, staffActing: false, must: false, why: 'a PIN that works' },
    { pinSet: false, pinLocked: false, staffActing: false, must: true, why: 'no PIN yet' },
    { pinSet: true, pinLocked: true, staffActing: false, must: true, why: 'a locked PIN: a new one unlocks it' },
    { pinSet: true, pinLocked: true, staffActing: true, must: false, why: 'staff may not set a borrower’s PIN' },
    { pinSet: false, pinLocked: false, staffActing: true, must: false, why: 'staff, no PIN: still not theirs to set' },
  ])('$why', ({ must, ...facts }) => {
    expect(mustChoosePin(facts)).toBe(must);
  });
});
