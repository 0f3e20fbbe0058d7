import { expiringSessionStorage } from '@lender/api-client/storage';
import { useState } from 'react';
import { paths } from './paths';
import { sendVerificationEmail } from '../api/one-page';
import { sessionStorageKeys } from './storage-keys';

/**
 * Correcting the e-mail address the confirmation link goes to (/email_update), shared by the screens that lead
 * there (the e-mail confirmation screens of both journeys) and the screen itself: where it returns to, what it
 * tells the screen it returns to, and the address being typed.
 */

/** The screens an applicant can come from, and go back to once a new link has gone to the new address. */
export const EMAIL_CONFIRMATION_PATHS: readonly string[] = [
  paths.legacy.emailVerifyAgain,
  paths.emailVerifySoft,
  paths.onePage.confirmEmail,
];

/**
 * Where and for how long the confirmation link works, as the confirmation screens say it. A new registration's
 * link confirms the address only in the browser that registered, while its session lasts (an hour); the e-mail
 * says exactly how long.
 */
export const LINK_HINT =
  'Open the link on this device, in this browser: the e-mail says how long it works. Check your spam folder if you cannot find it.';

/** The query parameter naming the screen the applicant came from (a path, never an address: DESIGN §10). */
const FROM = 'from';

/** The link to /email_update from the confirmation screen at `from`. */
export function emailUpdatePath(from: string): string {
  return `${paths.legacy.emailUpdate}?${new URLSearchParams({ [FROM]: from }).toString()}`;
}

/** The confirmation screen /email_update returns to, or undefined when `search` names none of them. */
export function emailUpdateReturn(search: URLSearchParams): string | undefined {
  const from = search.get(FROM);
  return from !== null && EMAIL_CONFIRMATION_PATHS.includes(from) ? from : undefined;
}

/**
 * "Send the link again" of the e-mail confirmation screens: onePage/user/sendVerificationEmail serves both
 * journeys. `sent` turns true once a link has gone (`onSent` lets a screen clear what it said before); a
 * failure is the shared error table's, and the button can be pressed again.
 */
export function useResendLink(onSent: () => void = () => undefined): { sending: boolean; sent: boolean; resend: () => void } {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  function resend() {
    setSending(true);
    sendVerificationEmail().then(
      () => {
        setSent(true);
        setSending(false);
        onSent();
      },
      () => {
        setSending(false);
      },
    );
  }
  return { sending, sent, resend };
}

/** The router state /email_update leaves on the screen it returns to: a new link went to the new address. */
export const EMAIL_CHANGED_STATE = { emailChanged: true } as const;

/** Whether the screen was reached from /email_update after the address changed (its router state). */
export function cameFromEmailChange(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { emailChanged?: unknown }).emailChanged === true;
}

/** How long the address being typed is kept: an hour, for this tab only. */
const DRAFT_SECONDS = 60 * 60;

/** The address being typed on /email_update, or null when none was kept. */
export function readEmailDraft(): string | null {
  return expiringSessionStorage.getItem(sessionStorageKeys.emailUpdate);
}

export function keepEmailDraft(email: string): void {
  expiringSessionStorage.setItem(sessionStorageKeys.emailUpdate, email, DRAFT_SECONDS);
}

export function forgetEmailDraft(): void {
  expiringSessionStorage.removeItem(sessionStorageKeys.emailUpdate);
}
