/** The three parts of a GOV.UK date input, as typed. */
export interface DateText {
  day: string;
  month: string;
  year: string;
}

/**
 * A date typed in the three boxes of a GOV.UK date input as an ISO date (`2026-03-27`), or undefined when it is
 * not a real date: a day and month of one or two digits, a four-digit year from 1900, and a day the month has.
 * Spaces around a part are ignored.
 */
export function isoDateOf({ day, month, year }: DateText): string | undefined {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (!/^\d{1,2}$/.test(d) || !/^\d{1,2}$/.test(m) || !/^\d{4}$/.test(y)) return undefined;
  const [dd, mm, yyyy] = [Number(d), Number(m), Number(y)];
  const date = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (yyyy < 1900 || date.getUTCFullYear() !== yyyy || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}
