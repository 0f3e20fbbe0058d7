import { formatDate } from '@lender/ui/format';
import type { StatementAnswer } from '../../api/loan';
import type { DatePart, DateProblem } from '../../components/date-input';
import { isoDateOf } from '../../lib/calendar-date';
import type { DateText } from '../../lib/calendar-date';

/** The two dates of a period statement, as typed. */
export interface PeriodText {
  from: DateText;
  to: DateText;
}

export type PeriodField = keyof PeriodText;

const ALL: readonly DatePart[] = ['day', 'month', 'year'];

/** The days a period statement may span (statementPeriods): from the drawdown to today, or the settlement day. */
export interface PeriodBounds {
  earliest: string;
  latest: string;
}

/** How each date is named in its messages, in the contract's words (bff/openapi.yaml, loanStatement). */
const WORDS: Readonly<Record<PeriodField, { required: string; real: string }>> = {
  from: {
    required: 'Enter the date the statement starts from',
    real: 'Enter the date the statement starts from as a real date, like 27 3 2026',
  },
  to: {
    required: 'Enter the date the statement runs to',
    real: 'Enter the date the statement runs to as a real date, like 27 3 2026',
  },
};

/** One date's problem on its own: missing, not a real date, or outside the days a statement may span. */
function dateProblem(field: PeriodField, text: DateText, { earliest, latest }: PeriodBounds): DateProblem | undefined {
  const empty = ALL.filter((part) => text[part].trim() === '');
  if (empty.length === ALL.length) return { message: WORDS[field].required, parts: ALL };
  if (empty.length > 0) return { message: WORDS[field].real, parts: empty };
  const iso = isoDateOf(text);
  if (iso === undefined) return { message: WORDS[field].real, parts: ALL };
  const what = field === 'from' ? 'start' : 'end';
  if (iso < earliest) return { message: `The statement cannot ${what} before ${formatDate(earliest)}`, parts: ALL };
  if (iso > latest) return { message: `The statement cannot ${what} after ${formatDate(latest)}`, parts: ALL };
  return undefined;
}

/**
 * What is wrong with a period as typed, by date, in GOV.UK words: each date must be a real date within the days a
 * statement may span, and the period must not end before it starts. Nothing for a period that can be asked for.
 */
export function periodProblems(period: PeriodText, bounds: PeriodBounds): Partial<Record<PeriodField, DateProblem>> {
  const from = dateProblem('from', period.from, bounds);
  const to = dateProblem('to', period.to, bounds);
  const problems: Partial<Record<PeriodField, DateProblem>> = {};
  if (from !== undefined) problems.from = from;
  if (to !== undefined) problems.to = to;
  if (from === undefined && to === undefined && (isoDateOf(period.to) ?? '') < (isoDateOf(period.from) ?? '')) {
    problems.to = { message: 'The date the statement runs to must be the same as or after the date it starts from', parts: ALL };
  }
  return problems;
}

/**
 * The date a refused statement call is about (a 100400 naming `from` or `to`), to show by that date; undefined for
 * any other answer, which the page says as it is.
 */
export function refusedDate(answer: StatementAnswer): PeriodField | undefined {
  if (answer.errorCode !== 100400) return undefined;
  const field = (answer.resultData as { field?: unknown } | undefined)?.field;
  return field === 'from' || field === 'to' ? field : undefined;
}
