import type { components } from '@lender/api-client';

/** A loan purpose of the contract (the same list for the eligibility check and both journeys). */
export type LoanPurpose = components['schemas']['EligibilityRequest']['purpose'];

/** The loan purposes in the order they are offered, with the words shown for each. */
export const LOAN_PURPOSES: readonly { value: LoanPurpose; label: string }[] = [
  { value: 'car', label: 'A car' },
  { value: 'home_improvements', label: 'Home improvements' },
  { value: 'debt_consolidation', label: 'Paying off other debts' },
  { value: 'holiday', label: 'A holiday' },
  { value: 'wedding', label: 'A wedding' },
  { value: 'medical', label: 'Medical costs' },
  { value: 'other', label: 'Something else' },
];

export function isLoanPurpose(value: string): value is LoanPurpose {
  return LOAN_PURPOSES.some((purpose) => purpose.value === value);
}

/** The words shown for a purpose; an unknown code (a newer one from the server) as it is. */
export function loanPurposeLabel(value: string): string {
  return LOAN_PURPOSES.find((purpose) => purpose.value === value)?.label ?? value;
}
