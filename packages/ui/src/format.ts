/**
 * How the product writes money, dates and phone numbers (spec §9). Pure functions with no React or MUI, so
 * any screen, store or test can use them without adding to a bundle more than they are.
 */

/**
 * An amount of money in pence (the unit of every amount the API sends) as pounds, with thousands commas and
 * two decimals: `123456` → `£1,234.56`, `5` → `£0.05`, `0` → `£0.00`, `-250` → `-£2.50`.
 *
 * A fraction of a penny is rounded to the nearest penny, halves away from zero (`0.5` → `£0.01`,
 * `-0.5` → `-£0.01`); an amount that rounds to zero is `£0.00`, never `-£0.00`. Amounts are exact up to
 * `Number.MAX_SAFE_INTEGER` pence; beyond that (and for `NaN` or an infinity) it throws a `RangeError`,
 * because no digit written would be trustworthy.
 */
export function formatPence(pence: number): string {
  const magnitude = Math.round(Math.abs(pence));
  if (!Number.isSafeInteger(magnitude)) {
    throw new RangeError(`formatPence needs a finite amount of pence within ±${Number.MAX_SAFE_INTEGER}`);
  }
  const penceOnly = magnitude % 100;
  const pounds = String((magnitude - penceOnly) / 100).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = pence < 0 && magnitude !== 0 ? '-' : '';
  return `${sign}£${pounds}.${String(penceOnly).padStart(2, '0')}`;
}

/**
 * An amount in pence as pounds without the pence when there are none, for bounds and round sums: `100000` →
 * `£1,000`, `2500000` → `£25,000`; an amount with pence keeps them as formatPence writes them (`123456` →
 * `£1,234.56`).
 */
export function formatWholePounds(pence: number): string {
  return formatPence(pence).replace(/\.00$/, '');
}

// Written out rather than taken from Intl: recent ICU data spells September "Sept" in en-GB.
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day of the month with its English ordinal suffix: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd … */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A date as ordinal day, short month and year: `1st Mar 2026`.
 *
 * - A string must be a calendar date `YYYY-MM-DD` (as the API sends dates). It is read as that calendar day,
 *   with no time zone involved, so `2026-03-01` is `1st Mar 2026` wherever the browser is.
 * - A `Date` is an instant: it is written as the day it falls on in the browser's time zone (so
 *   `new Date(2026, 2, 1)` is `1st Mar 2026`).
 * - Anything else (a date-time or other string, an impossible date such as `2026-02-30`, an invalid `Date`,
 *   `null`, `undefined`) gives the empty string: an absent or broken date shows nothing rather than
 *   breaking the screen or showing a wrong day.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    return writeDate(value.getFullYear(), value.getMonth() + 1, value.getDate());
  }
  const parts = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!parts) return '';
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return '';
  return writeDate(year, month, day);
}

function writeDate(year: number, month: number, day: number): string {
  return `${ordinal(day)} ${SHORT_MONTHS[month - 1] ?? ''} ${String(year).padStart(4, '0')}`;
}

/** Spaces, hyphens, dots and brackets people and systems put between the digits of a phone number. */
const PHONE_SEPARATORS = /[\s\-.()]/g;

/** The fewest digits a masked number may have: four masked and the last four shown. */
const MIN_MASKABLE_DIGITS = 8;
/** The most digits a phone number has (E.164). */
const MAX_PHONE_DIGITS = 15;

/**
 * A phone number with four of its digits masked (spec §9), for showing a borrower their own number.
 *
 * The number is first written without separators (spaces, hyphens, dots, brackets). A UK number in
 * international form (`+44` or `0044`, with or without a `(0)` after the code) is written in its national form,
 * `0` and the ten digits after the code, so one number always shows the same way. Then the four digits before
 * the last four are masked and every other digit shows. For a UK number (11 digits) that keeps the first
 * three and the last four: `07700 900123`, `+44 7700 900123` and `+44 (0)7700-900-123` all give
 * `077****0123`. Another country's number keeps its `+`: `+353 87 123 4567` gives `+3538****4567`.
 *
 * Input with anything other than digits, those separators and one leading `+`, or with fewer than 8 or more
 * than 15 digits, gives the empty string: showing a malformed number unmasked would defeat the mask.
 */
export function maskPhone(value: string | null | undefined): string {
  if (typeof value !== 'string') return '';
  let number = value.replace(PHONE_SEPARATORS, '');
  if (number.startsWith('0044')) number = `+${number.slice(2)}`;
  if (number.startsWith('+44')) number = `0${number.slice(3).replace(/^0/, '')}`;

  const international = number.startsWith('+');
  const digits = international ? number.slice(1) : number;
  if (!/^\d+$/.test(digits) || digits.length < MIN_MASKABLE_DIGITS || digits.length > MAX_PHONE_DIGITS) return '';

  const shownAtEnd = digits.length - 4;
  const maskedFrom = shownAtEnd - 4;
  return `${international ? '+' : ''}${digits.slice(0, maskedFrom)}****${digits.slice(shownAtEnd)}`;
}
