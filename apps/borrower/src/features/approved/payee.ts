import type { components } from '@lender/api-client';
import type { FieldError } from '../../components/error-summary';

export type PayeeResult = components['schemas']['PayeeResult'];

export const SORT_CODE_ID = 'sortCode';
export const ACCOUNT_NUMBER_ID = 'accountNumber';
export const ACCOUNT_NAME_ID = 'accountName';

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

/** The checks of the GOV.UK bank details pattern, in the order the fields are shown. */
export function bankDetailsErrors(details: BankDetails): FieldError[] {
  const errors: FieldError[] = [];
  if (details.accountName.trim() === '') {
    errors.push({ fieldId: ACCOUNT_NAME_ID, message: 'Enter the name on the account' });
  } else if (details.accountName.trim().length > 140) {
    errors.push({ fieldId: ACCOUNT_NAME_ID, message: 'Name on the account must be 140 characters or fewer' });
  }
  if (details.sortCode.trim() === '') {
    errors.push({ fieldId: SORT_CODE_ID, message: 'Enter a sort code' });
  } else if (sortCodeDigits(details.sortCode) === undefined) {
    errors.push({ fieldId: SORT_CODE_ID, message: 'Enter a valid sort code like 309430' });
  }
  const account = details.accountNumber.replace(/\s/g, '');
  if (account === '') {
    errors.push({ fieldId: ACCOUNT_NUMBER_ID, message: 'Enter an account number' });
  } else if (!/^\d{8}$/.test(account)) {
    errors.push({ fieldId: ACCOUNT_NUMBER_ID, message: 'Enter a valid account number like 00733445' });
  }
  return errors;
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
