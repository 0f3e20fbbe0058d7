import { contractMaxLength, contractProblem } from '../../components/question';
import { wholePoundsOf } from '../../lib/application-draft';
import type { ApplicationDraft } from '../../lib/application-draft';
import { isoDateOf } from '../../lib/calendar-date';

export const EMPLOYMENT_STATUSES: readonly { value: string; label: string }[] = [
  { value: 'employed_full_time', label: 'Employed full time' },
  { value: 'employed_part_time', label: 'Employed part time' },
  { value: 'self_employed', label: 'Self-employed' },
  { value: 'retired', label: 'Retired' },
  { value: 'not_working', label: 'Not working' },
  { value: 'other', label: 'Other' },
];

/** What the legacy journey sends its first answers with: the contract's limits and words are this call's. */
const ELIGIBILITY = '/eligibility/eligibilitySubmit';

export const PURPOSE_TEXT_MAX = contractMaxLength(ELIGIBILITY, 'purposeText');

export function labelOf(options: readonly { value: string; label: string }[], value: string): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

export function purposeTextError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter what the loan is for';
  return contractProblem(ELIGIBILITY, 'purposeText', text.trim());
}

export function firstNameError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter your first name';
  return contractProblem(ELIGIBILITY, 'firstName', text.trim());
}

export function lastNameError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter your last name';
  return contractProblem(ELIGIBILITY, 'lastName', text.trim());
}

/** Whole pounds as people type them: `£32,000`, `32000`, `32 000` → 32000; anything else undefined. */
export function incomePoundsOf(text: string): number | undefined {
  return wholePoundsOf(text);
}

export function incomeError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter your yearly income before tax';
  if (incomePoundsOf(text) === undefined) return 'Enter your yearly income before tax in whole pounds, like 32,000';
  return undefined;
}

/** Which of the three date fields a message is about: the error summary links to the first of them. */
export type DobPart = 'day' | 'month' | 'year';

export interface DobProblem {
  message: string;
  parts: readonly DobPart[];
}

/**
 * The date of birth's message in GOV.UK words, or undefined for a real date at least 18 years before `today`
 * (a birthday today counts as turned 18).
 */
export function dobProblem(day: string, month: string, year: string, today: Date): DobProblem | undefined {
  const texts = { day: day.trim(), month: month.trim(), year: year.trim() };
  const empty = (Object.keys(texts) as DobPart[]).filter((part) => texts[part] === '');
  if (empty.length === 3) return { message: 'Enter your date of birth', parts: ['day', 'month', 'year'] };
  const all: DobPart[] = ['day', 'month', 'year'];
  const realDate = { message: 'Date of birth must be a real date', parts: empty.length > 0 ? empty : all };
  if (empty.length > 0) return realDate;
  const iso = isoDateOf(texts);
  if (iso === undefined) return realDate;
  const date = new Date(iso);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  const todayUTC = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (date.getTime() >= todayUTC) return { message: 'Date of birth must be in the past', parts: all };
  const eighteenth = Date.UTC(y + 18, m - 1, d);
  if (eighteenth > todayUTC) return { message: 'You must be 18 or over to apply', parts: all };
  return undefined;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The date of birth as the summary shows it (`7 March 1990`), or the parts as typed when not a date. */
export function dobText(draft: ApplicationDraft): string {
  const month = MONTHS[Number(draft.dobMonth) - 1];
  if (month === undefined || draft.dobDay === '' || draft.dobYear === '') {
    return [draft.dobDay, draft.dobMonth, draft.dobYear].filter((part) => part !== '').join(' ');
  }
  return `${Number(draft.dobDay)} ${month} ${draft.dobYear}`;
}

/** Yearly income as the summary shows it: `£32,000`. */
export function incomeText(text: string): string {
  const pounds = incomePoundsOf(text);
  return pounds === undefined ? text : `£${pounds.toLocaleString('en-GB')}`;
}
