import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import type { FieldError } from '../../components/error-summary';
import { sessionStorageKeys } from '../../lib/storage-keys';

export type FutureIncomeChange = components['schemas']['FutureIncomeChange'];
type Reason = NonNullable<FutureIncomeChange['reason']>;

/** The future-income-change answer exactly as entered (the income as typed, in pounds). */
export interface IncomeChangeDraft {
  expected: '' | 'yes' | 'no';
  direction: '' | 'increase' | 'decrease';
  reason: '' | Reason;
  newIncome: string;
}

const EMPTY: IncomeChangeDraft = { expected: '', direction: '', reason: '', newIncome: '' };

export const REASONS: readonly { value: Reason; label: string }[] = [
  { value: 'new_job', label: 'A new job' },
  { value: 'reduced_hours', label: 'Fewer hours' },
  { value: 'retirement', label: 'Retirement' },
  { value: 'redundancy', label: 'Redundancy' },
  { value: 'parental_leave', label: 'Parental leave' },
  { value: 'health', label: 'Health' },
  { value: 'other', label: 'Something else' },
];

/** The answer as this tab last kept it, or an empty one. */
export function readIncomeChangeDraft(): IncomeChangeDraft {
  const raw = expiringSessionStorage.getItem(sessionStorageKeys.legacyIncomeChange);
  if (raw === null) return EMPTY;
  try {
    return { ...EMPTY, ...(JSON.parse(raw) as Partial<IncomeChangeDraft>) };
  } catch {
    return EMPTY;
  }
}

/** Keeps the answer for this tab, so a refresh or a failed submission loses nothing. */
export function keepIncomeChangeDraft(draft: IncomeChangeDraft): void {
  expiringSessionStorage.setItem(sessionStorageKeys.legacyIncomeChange, JSON.stringify(draft));
}

export function forgetIncomeChangeDraft(): void {
  expiringSessionStorage.removeItem(sessionStorageKeys.legacyIncomeChange);
}

/** The largest yearly income the BFF takes: £10,000,000. */
const MAX_PENCE = 1_000_000_000;

/** Pounds as typed ("32,500" or "32500.50", a leading £ allowed) in pence, or undefined when it is not an amount. */
export function poundsToPence(value: string): number | undefined {
  const typed = value.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return undefined;
  const [pounds = '0', pence = ''] = typed.split('.');
  const total = Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
  return Number.isSafeInteger(total) ? total : undefined;
}

/** The answer checked on submit: the request to send, or the errors to show (each tied to its field's id). */
export function validateIncomeChange(
  draft: IncomeChangeDraft,
): { ok: true; body: FutureIncomeChange } | { ok: false; errors: FieldError[] } {
  if (draft.expected === '') {
    return { ok: false, errors: [{ fieldId: 'expected', message: 'Select yes if you expect your income to change' }] };
  }
  if (draft.expected === 'no') return { ok: true, body: { expected: false } };
  const errors: FieldError[] = [];
  if (draft.direction === '') {
    errors.push({ fieldId: 'direction', message: 'Select whether your income will go up or down' });
  }
  if (draft.reason === '') errors.push({ fieldId: 'reason', message: 'Select why your income will change' });
  const pence = poundsToPence(draft.newIncome);
  if (draft.newIncome.trim() === '') {
    errors.push({ fieldId: 'newIncome', message: 'Enter your new yearly income before tax' });
  } else if (pence === undefined || pence > MAX_PENCE) {
    errors.push({ fieldId: 'newIncome', message: 'Enter your new yearly income as an amount in pounds, like 24,000' });
  }
  if (errors.length > 0 || draft.direction === '' || draft.reason === '' || pence === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    body: { expected: true, direction: draft.direction, reason: draft.reason, newAnnualIncomePence: pence },
  };
}
