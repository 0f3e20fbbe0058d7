import { ErrorCodes } from '@lender/api-client';

/** What the popup's one button does: close it, or close it and go to the e-mail login. */
export type PopupAction = 'close' | 'log-in';

export interface PopupContent {
  title: string;
  description: string;
  buttonLabel: string;
  action: PopupAction;
}

/**
 * The bottom popup for an event's code (spec §4 "Popups in the root shell"), with the server's `message`
 * and the brand's name:
 * - 100608: e-mail verification failed, with the server's message;
 * - 100613: the person is already a customer of the brand, with the server's message, and `Close`;
 * - any other code: the e-mail is already registered, with `Log in`, which goes to the e-mail login.
 */
export function popupContent(code: number, message: string, brandName: string): PopupContent {
  switch (code) {
    case ErrorCodes.emailVerificationFailed:
      return { title: 'Email verification failed', description: message, buttonLabel: 'Close', action: 'close' };
    case ErrorCodes.alreadyRegistered:
      return {
        title: `You are already a ${brandName} customer`,
        description: message,
        buttonLabel: 'Close',
        action: 'close',
      };
    default:
      return {
        title: 'This email is already registered',
        description: 'Please login to your existing account',
        buttonLabel: 'Log in',
        action: 'log-in',
      };
  }
}
