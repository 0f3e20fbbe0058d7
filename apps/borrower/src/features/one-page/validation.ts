import { movedInProblemOf, reachesBackThreeYears } from '../../components/question-groups/address-history';
import type { MovedIn, MovedInWords } from '../../components/question-groups/address-history';
import { movedInMonthNumber } from '../../lib/application-draft';

/**
 * The checks of the one-page steps' answers, with messages in GOV.UK style. Each answers the message to show,
 * or undefined when the answer is fine. Answers are kept as typed (text) until they are sent.
 */

/** Whole pounds as people type them: `£1,200`, `1200`, `1 200`, `1200.00` → 1200; anything else undefined. */
export function poundsOf(text: string): number | undefined {
  const digits = text.replace(/[£,\s]/g, '').replace(/\.00$/, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

/** A month and year as typed (`3`, `2021`), to `YYYY-MM`; undefined unless it is a real month. */
export function monthOf(monthText: string, yearText: string): string | undefined {
  const month = monthText.trim();
  const year = yearText.trim();
  if (!/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return undefined;
  const m = Number(month);
  if (m < 1 || m > 12) return undefined;
  return `${year}-${String(m).padStart(2, '0')}`;
}

/** How the one-page step words a moving-in date that will not do. */
const MOVED_IN_WORDS: MovedInWords = {
  empty: 'Enter when you moved in to this address',
  noMonth: 'When you moved in must include a month',
  noYear: 'When you moved in must include a year',
  notReal: 'When you moved in must be a real month, like 3 2021',
  future: 'When you moved in must be in the past',
  notBefore: () => 'When you moved in must be before you moved in to the address after it',
};

/** A `YYYY-MM` month as the parts a person types (`2021-03` → 3, 2021). */
function typedOf(month: string): MovedIn {
  const [year = '', number = ''] = month.split('-');
  return { movedInMonth: String(Number(number)), movedInYear: year };
}

/**
 * When someone moved in to an address: a real month, not in the future, and (for every address but the
 * current one) strictly before the move to the address after it (`later`, the newer address's month).
 */
export function movedInError(monthText: string, yearText: string, today: Date, later?: string): string | undefined {
  const typed = { movedInMonth: monthText, movedInYear: yearText };
  return movedInProblemOf(MOVED_IN_WORDS, typed, today, { later: later === undefined ? undefined : typedOf(later) })?.message;
}

/** Whether addresses moved in to at these months (newest first) cover the 3 years up to `today`. */
export function coversThreeYears(movedIn: readonly string[], today: Date): boolean {
  const oldest = movedIn.at(-1);
  return reachesBackThreeYears(oldest === undefined ? undefined : movedInMonthNumber(typedOf(oldest)), today);
}

export const HOUSING_COST_EXAMPLE = '650';

/** An amount of money in whole pounds that must be given; `what` names it in the message ("your rent"). */
function poundsError(text: string, what: string, example: string): string | undefined {
  if (text.trim() === '') return `Enter ${what}`;
  if (poundsOf(text) === undefined) return `Enter ${what} in whole pounds, like ${example}`;
  return undefined;
}

export function housingCostError(text: string): string | undefined {
  return poundsError(text, 'how much you pay each month', HOUSING_COST_EXAMPLE);
}

const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;

export function streetError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the street';
  if (text.length > 100) return 'The street must be 100 characters or fewer';
  return undefined;
}

export function townError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the town or city';
  if (text.length > 60) return 'The town or city must be 60 characters or fewer';
  return undefined;
}

export function postcodeError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the postcode';
  if (!POSTCODE.test(text.trim())) return 'Enter a real postcode, like AB1 2CD';
  return undefined;
}

export function houseError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the house number or name';
  if (text.length > 100) return 'The house number or name must be 100 characters or fewer';
  return undefined;
}

/** A house given as `10` or `10A` is a number; anything else (`Rose Cottage`) is a name. */
export function isHouseNumber(text: string): boolean {
  return /^\d{1,5}[A-Za-z]?$/.test(text.trim());
}

export function loanAmountError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter how much you want to borrow';
  if (poundsOf(text) === undefined) return 'Enter how much you want to borrow in whole pounds, like 7,500';
  return undefined;
}

export function loanTermError(text: string): string | undefined {
  if (text.trim() === '') return 'Enter how many months you want to repay over';
  if (!/^\d{1,3}$/.test(text.trim()) || Number(text.trim()) === 0) {
    return 'Enter how many months you want to repay over, like 24';
  }
  return undefined;
}
