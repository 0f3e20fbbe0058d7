import type { DraftAddress } from '../../lib/application-draft';
import { historyCovers, MAX_ADDRESSES, monthNumber, movedInMonthNumber, movedInText } from '../../lib/application-draft';

export type MovedInPart = 'month' | 'year';

export interface MovedInProblem {
  message: string;
  parts: readonly MovedInPart[];
}

const BOTH: readonly MovedInPart[] = ['month', 'year'];

/**
 * What is wrong with the moving-in month and year typed for the address at `entry` of `addresses`, in GOV.UK
 * words, or undefined when it is a real month, not in the future, strictly before the moving-in month of the
 * later address (entry − 1), and — on the last address the history takes — at least 3 years ago.
 */
export function movedInProblem(
  month: string,
  year: string,
  entry: number,
  addresses: readonly DraftAddress[],
  today: Date,
): MovedInProblem | undefined {
  const m = month.trim();
  const y = year.trim();
  if (m === '' && y === '') return { message: 'Enter the month and year you moved in', parts: BOTH };
  if (m === '') return { message: 'The date you moved in must include a month', parts: ['month'] };
  if (y === '') return { message: 'The date you moved in must include a year', parts: ['year'] };
  const typed = movedInMonthNumber({ movedInMonth: m, movedInYear: y });
  if (typed === undefined || Number(y) < 1900) return { message: 'The date you moved in must be a real date', parts: BOTH };
  if (typed > monthNumber(today.getFullYear(), today.getMonth() + 1)) {
    return { message: 'The date you moved in must be in the past', parts: BOTH };
  }
  const later = entry > 0 ? addresses[entry - 1] : undefined;
  const laterMonth = later === undefined ? undefined : movedInMonthNumber(later);
  if (later !== undefined && laterMonth !== undefined && typed >= laterMonth) {
    return {
      message: `The date you moved in must be before ${movedInText(later)}, when you moved to your next address`,
      parts: BOTH,
    };
  }
  const current = addresses[entry];
  if (entry === MAX_ADDRESSES - 1 && current !== undefined) {
    const withThis = [...addresses.slice(0, entry), { ...current, movedInMonth: m, movedInYear: y }];
    if (!historyCovers(withThis, today)) {
      return { message: 'This is the last address we can take: the date you moved in must be at least 3 years ago', parts: BOTH };
    }
  }
  return undefined;
}

/**
 * The history after the moving-in month of `entry` is set: once it reaches back 3 years the earlier addresses
 * are no longer needed, and an earlier address that is no longer strictly earlier is dropped with those after it.
 */
export function historyWithMovedIn(
  addresses: readonly DraftAddress[],
  entry: number,
  month: string,
  year: string,
  today: Date,
): DraftAddress[] {
  const current = addresses[entry];
  if (current === undefined) return [...addresses];
  const updated = [...addresses];
  updated[entry] = { ...current, movedInMonth: month.trim(), movedInYear: year.trim() };
  if (historyCovers(updated, today, entry + 1)) return updated.slice(0, entry + 1);
  const next = updated[entry + 1];
  const nextMonth = next === undefined ? undefined : movedInMonthNumber(next);
  const thisMonth = movedInMonthNumber(updated[entry]);
  if (nextMonth !== undefined && thisMonth !== undefined && nextMonth >= thisMonth) return updated.slice(0, entry + 1);
  return updated;
}
