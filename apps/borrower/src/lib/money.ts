import { z } from 'zod';

/**
 * Money as people type it, in pounds (`£1,200`, `1200`, `1 200`, `1200.50`), held as a whole number of pence:
 * the one reading of typed money for every money field. A pound sign, commas and spaces are allowed anywhere.
 */
export function penceOf(text: string): number | undefined {
  const typed = text.replace(/[£,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{2}))?$/.exec(typed);
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number(match[2] ?? '0');
}

/** Pence as a person would type them back: whole pounds without pence (`32000`), else with them (`12.50`). */
export function poundsTextOf(pence: number): string {
  const pounds = Math.floor(pence / 100);
  const rest = pence % 100;
  return rest === 0 ? String(pounds) : `${pounds}.${String(rest).padStart(2, '0')}`;
}

/** What a money answer is kept as, in a form or a draft (see MoneyValue). */
export const moneyValue = z.union([z.number(), z.string(), z.null()]);

/**
 * What a money field holds: pence once the text is money, null while it is empty, else the text as typed
 * (so the schema can say it is not an amount, and the field shows it back).
 */
export type MoneyValue = number | string | null;

/** The value a money field holds for `text`. */
export function moneyValueOf(text: string): MoneyValue {
  if (text.trim() === '') return null;
  return penceOf(text) ?? text;
}

/** A money value as text a person typed (drafts written before money was held in pence keep text). */
export function moneyTextOf(value: MoneyValue | undefined): string {
  if (typeof value === 'number') return poundsTextOf(value);
  return value ?? '';
}

/**
 * The check of a money field, to pence: `required` when empty, `invalid` when the text is not an amount (or
 * has pence, when `wholePounds`).
 */
export function pence({ required, invalid, wholePounds = true }: { required: string; invalid: string; wholePounds?: boolean }) {
  return moneyValue.transform((value, context): number => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const amount = typeof value === 'string' ? penceOf(value) : value;
    if (amount === undefined || !Number.isInteger(amount) || amount < 0 || (wholePounds && amount % 100 !== 0)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return amount;
  });
}

/** An optional money field: undefined when empty, else as `pence`. */
export function optionalPence(invalid: string, wholePounds = true) {
  return moneyValue.transform((value, context): number | undefined => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
    const amount = typeof value === 'string' ? penceOf(value) : value;
    if (amount === undefined || (wholePounds && amount % 100 !== 0)) {
      context.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return amount;
  });
}
