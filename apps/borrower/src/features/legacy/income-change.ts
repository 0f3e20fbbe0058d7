import type { components } from '@lender/api-client';
import { z } from 'zod';
import type { FieldError } from '@lender/ui/components/error-summary';
import { defineDraft, JOURNEY_DRAFT_SECONDS } from '../../lib/drafts/draft-store';
import { draftKeys } from '../../lib/storage-keys';

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

/** The answer as the page holds it (and the draft keeps it): each choice, or '' before one is made. */
const heldAnswer = z.object({
  expected: z.enum(['', 'yes', 'no']),
  direction: z.enum(['', 'increase', 'decrease']),
  reason: z.enum(['', ...REASONS.map((option) => option.value)] as ['', ...Reason[]]),
  newIncome: z.string(),
}) satisfies z.ZodType<IncomeChangeDraft>;

const draft = defineDraft({
  key: draftKeys.legacyIncomeChange,
  schema: heldAnswer.partial().transform((kept): IncomeChangeDraft => ({ ...EMPTY, ...kept })),
  empty: (): IncomeChangeDraft => ({ ...EMPTY }),
  expirySeconds: JOURNEY_DRAFT_SECONDS,
});

/** The answer as last kept in this browser, or an empty one. */
export function readIncomeChangeDraft(): IncomeChangeDraft {
  return draft.read();
}

/** Keeps the answer, so a refresh or a failed submission loses nothing. */
export function keepIncomeChangeDraft(value: IncomeChangeDraft): void {
  draft.replace(value);
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

/** The page's check (validateIncomeChange): the answer as held, to the request, or each problem on its field. */
export const incomeChangeSchema = heldAnswer.transform((held, context): FutureIncomeChange => {
  const checked = validateIncomeChange(held);
  if (checked.ok) return checked.body;
  for (const { fieldId, message } of checked.errors) context.addIssue({ code: 'custom', message, path: [fieldId] });
  return z.NEVER;
});
