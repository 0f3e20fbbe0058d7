import type { DraftAddress } from '../../lib/application-draft';
import { historyCovers, movedInMonthNumber } from '../../lib/application-draft';
import { MAX_ADDRESSES, MOVED_IN_PARTS, movedInProblemOf } from '../../components/question-groups/address-history';
import type { MovedInProblem, MovedInWords } from '../../components/question-groups/address-history';

/** How the /amount steps word a moving-in date that will not do. */
const WORDS: MovedInWords = {
  empty: 'Enter the month and year you moved in',
  noMonth: 'The date you moved in must include a month',
  noYear: 'The date you moved in must include a year',
  notReal: 'The date you moved in must be a real date',
  future: 'The date you moved in must be in the past',
  notBefore: (later) => `The date you moved in must be before ${later}, when you moved to your next address`,
};

/**
 * What is wrong with the moving-in month and year typed for the address at `entry` of `addresses`, in GOV.UK
 * words, or undefined when it is a real month since 1900, not in the future, strictly before the moving-in month
 * of the later address (entry − 1), and — on the last address the history takes — at least 3 years ago.
 */
export function movedInProblem(
  month: string,
  year: string,
  entry: number,
  addresses: readonly DraftAddress[],
  today: Date,
): MovedInProblem | undefined {
  const typed = { movedInMonth: month, movedInYear: year };
  const later = entry > 0 ? addresses[entry - 1] : undefined;
  const problem = movedInProblemOf(WORDS, typed, today, { later, earliestYear: 1900 });
  if (problem !== undefined) return problem;
  const current = addresses[entry];
  if (entry === MAX_ADDRESSES - 1 && current !== undefined) {
    const withThis = [...addresses.slice(0, entry), { ...current, movedInMonth: month.trim(), movedInYear: year.trim() }];
    if (!historyCovers(withThis, today)) {
      return {
        message: 'This is the last address we can take: the date you moved in must be at least 3 years ago',
        parts: MOVED_IN_PARTS,
      };
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
