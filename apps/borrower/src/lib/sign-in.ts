import { ErrorCodes } from '@lender/api-client';
import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { z } from 'zod';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from './paths';
import { saveSignIn } from './auth-session';
import { defineDraft } from './drafts/draft-store';
import { fetchResumeTarget } from './resume-application';

export type LoginResult = components['schemas']['LoginResult'];
export type LoginType = components['schemas']['LoginType'];

/** The silent codes of spec §8 that the sign-in screens show inline (docs/api-errors.md). */
export const WRONG_CODE = ErrorCodes.wrongCode;
export const WRONG_PIN = ErrorCodes.wrongPin;
export const PIN_MISMATCH = ErrorCodes.pinMismatch;
export const STAFF_FORBIDDEN = ErrorCodes.staffForbidden;

/**
 * Where the address a code was sent to waits for the code screen: session storage (this tab only, gone when
 * it closes), never the URL (DESIGN §10: no PII in URLs). Ten minutes, as long as a code works.
 */
const PENDING_ADDRESS_KEY = 'signInAddress';
const PENDING_ADDRESS_SECONDS = 10 * 60;

export interface PendingAddress {
  type: LoginType;
  param: string;
}

const pendingAddress = defineDraft({
  key: PENDING_ADDRESS_KEY,
  schema: z.object({ type: z.enum(['EMAIL', 'PHONE']), param: z.string() }).nullable(),
  empty: (): PendingAddress | null => null,
  expirySeconds: PENDING_ADDRESS_SECONDS,
  storage: expiringSessionStorage,
});

export function rememberPendingAddress(address: PendingAddress): void {
  pendingAddress.replace(address);
}

/** The address a code of `type` was last sent to in this tab, or null. */
export function readPendingAddress(type: LoginType): PendingAddress | null {
  const kept = pendingAddress.read();
  return kept?.type === type ? kept : null;
}

export function forgetPendingAddress(): void {
  pendingAddress.forget();
}

/**
 * A UK mobile number without its spaces, dashes and brackets (07…, +447… or 00447…), or undefined when it is
 * not one.
 */
export function normaliseUkMobile(value: string): string | undefined {
  const number = value.replace(/[\s().-]/g, '');
  return /^(?:\+44|0044|0)7\d{9}$/.test(number) ? number : undefined;
}

/** What a person typed or pasted into a code or PIN field, without the spaces and dashes people add. */
export function compactDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

type PinState = Pick<LoginResult, 'pinSet' | 'pinLocked' | 'staffActing'>;

/**
 * Whether the person signing in has no working PIN of their own to use next time: none yet, or a locked one (a
 * code or link just proved who they are, and the new PIN unlocks it). Staff acting for them may not set it.
 */
export function mustChoosePin(result: PinState): boolean {
  return (!result.pinSet || result.pinLocked) && !result.staffActing;
}

/** What a sign-in's destination is decided on: the signed-in user's facts. */
export type SignInFacts = Pick<LoginResult, 'pinSet' | 'pinLocked' | 'staffActing' | 'hasLoan' | 'applyId'>;

/** Where a sign-in ends, and whether a PIN is chosen on the way (setPin, then repeatPin, then `path`). */
export interface SignInDestination {
  path: string;
  choosePinFirst: boolean;
}

/** Whether the destination of a sign-in depends on where the person's application resumes (spec §4). */
export function needsResumeTarget(facts: SignInFacts): boolean {
  return !facts.hasLoan && facts.applyId !== '';
}

/**
 * Where every sign-in ends (link, code, phone, PIN, and staff acting for a borrower), one rule for all:
 * - a borrower with a loan (active or repaid): the loan dashboard;
 * - an applicant: where their application resumes (spec §4, one-page or legacy: `resume`, read by the caller when
 *   needsResumeTarget says so). When it could not be read (the person has been told why), the signed-in home,
 *   which offers to sign out or try again, rather than a guess at a stage;
 * - someone with neither: the start of an application, the quote.
 * A PIN is chosen first by whoever must (mustChoosePin) unless they are mid-application without one: an applicant
 * chooses their PIN at the setPassword stage, after approval (spec §4), so they are not asked twice. A locked PIN
 * is always replaced first: only a new PIN unlocks it.
 */
export function signInDestination(facts: SignInFacts, resume: string | undefined): SignInDestination {
  let path: string;
  if (facts.hasLoan) path = paths.legacy.loanDashboardMain;
  else if (facts.applyId === '') path = paths.amount.amountDefault;
  else path = resume ?? paths.login.home;
  const applicantWithoutPin = needsResumeTarget(facts) && !facts.pinSet;
  return { path, choosePinFirst: mustChoosePin(facts) && (facts.pinLocked || !applicantWithoutPin) };
}

/**
 * Keeps a sign-in (spec §3 keys) and moves on to where it ends (signInDestination); the sign-in screen is
 * replaced in the history.
 */
export function useFinishSignIn(): (result: LoginResult) => void {
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult) => {
      forgetPendingAddress();
      saveSignIn(result);
      const resume = needsResumeTarget(result)
        ? fetchResumeTarget().catch(() => undefined)
        : Promise.resolve(undefined);
      void resume.then(async (target) => {
        const { path, choosePinFirst } = signInDestination(result, target);
        if (choosePinFirst) await navigate(paths.login.setPin, { replace: true, state: { afterPin: path } });
        else await navigate(path, { replace: true });
      });
    },
    [navigate],
  );
}
