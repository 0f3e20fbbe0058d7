import { z } from 'zod';
import { normaliseUkMobile } from '../../lib/sign-in';
import { checkedText } from '../question';

/**
 * A mobile number proved by a texted code, asked the same way after approval (/phoneNumber, /phoneNumberCode) and
 * when a borrower changes it (/edit-phone, /verify-phone).
 */

/** The GOV.UK telephone number pattern's checks, for a UK mobile. */
export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter a UK mobile number';
  if (normaliseUkMobile(value) === undefined) {
    return 'Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982';
  }
  return undefined;
}

export function codeError(value: string): string | undefined {
  if (value === '') return 'Enter the code we sent you';
  if (!/^\d{6}$/.test(value)) return 'The code must be 6 digits';
  return undefined;
}

/** The number's page: a UK mobile, sent in its national form. */
export const phoneNumberSchema = z.object({
  phoneNumber: checkedText(phoneError).transform((phone) => normaliseUkMobile(phone) ?? phone),
});

/** The code's page: the 6 digits texted. */
export const phoneCodeSchema = z.object({ code: checkedText(codeError) });
