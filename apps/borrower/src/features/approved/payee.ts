import type { components } from '@lender/api-client';

export type PayeeResult = components['schemas']['PayeeResult'];

export interface BankDetails {
  sortCode: string;
  accountNumber: string;
  accountName: string;
}

/** The sort code as 6 digits, or undefined: people type it with hyphens or spaces between the pairs. */
export function sortCodeDigits(value: string): string | undefined {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** The checks of the GOV.UK bank details pattern, one per field. */
export function accountNameError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter the name on the account';
  if (value.trim().length > 140) return 'Name on the account must be 140 characters or fewer';
  return undefined;
}

export function sortCodeError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter a sort code';
  if (sortCodeDigits(value) === undefined) return 'Enter a valid sort code like 309430';
  return undefined;
}

export function accountNumberError(value: string): string | undefined {
  const account = value.replace(/\s/g, '');
  if (account === '') return 'Enter an account number';
  if (!/^\d{8}$/.test(account)) return 'Enter a valid account number like 00733445';
  return undefined;
}

/** What to tell someone whose details do not match an account (PayeeResult `reason`). */
export function noMatchMessage(reason: string): string {
  switch (reason) {
    case 'account_not_found':
      return 'We could not find an account with this sort code and account number. Check them and try again.';
    case 'business_account':
      return 'This is a business account. Your loan can only be paid into a personal account in your name.';
    default:
      return 'The name does not match the name on this account. Check the name the bank holds for it and try again.';
  }
}
