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
 * Whether the person signing in chooses a PIN next: someone without one, or whose PIN is locked (a code or link
 * just proved who they are, and the new PIN unlocks it), unless staff are acting for them (staff may not set a
 * borrower's PIN).
 */
export function mustChoosePin(result: PinState): boolean {
  return (!result.pinSet || result.pinLocked) && !result.staffActing;
}

/** Where a fresh sign-in of someone without an application, or with a locked PIN, leads: a PIN first, if they must choose one. */
export function pathAfterSignIn(result: PinState): string {
  return mustChoosePin(result) ? paths.login.setPin : paths.login.home;
}

/**
 * Keeps a sign-in (spec §3 keys) and moves on; the sign-in screen is replaced in the history. An applicant with
 * an application lands where it resumes (spec §4; a PIN is chosen at its setPassword stage, after approval),
 * unless their PIN is locked, which a new PIN unlocks first; when the application cannot be read (the person has
 * been told), they go where someone without one would.
 */
export function useFinishSignIn(): (result: LoginResult) => void {
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult) => {
      forgetPendingAddress();
      saveSignIn(result);
      const noResume = result.applyId === '' || (result.pinLocked && mustChoosePin(result));
      const target = noResume ? Promise.resolve(pathAfterSignIn(result)) : fetchResumeTarget();
      void target
        .catch(() => pathAfterSignIn(result))
        .then((path) => navigate(path, { replace: true }));
    },
    [navigate],
  );
}
