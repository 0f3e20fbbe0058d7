import type { components } from '@lender/api-client';
import { z } from 'zod';
import { defineDraft, JOURNEY_DRAFT_SECONDS } from './drafts/draft-store';
import { quoteDraft } from './drafts/quote-draft';
import { draftKeys } from './storage-keys';

export type HousingStatus = components['schemas']['EligibilityRequest']['housingStatus'];

/**
 * One address of the applicant's history. The parts are those of the eligibilitySubmit contract
 * (EligibilityAddress); a gazetteer address has them split from its `line` by the parsing rule of spec §3.
 */
export interface DraftAddress {
  /** The postcode lookup's id of the address (PostcodeAddress.id); empty for an address entered by hand. */
  gazetteerId: string;
  flat: string;
  houseName: string;
  houseNumber: string;
  street: string;
  town: string;
  /** May be empty (not every address has one). */
  county: string;
  postcode: string;
  /** The whole address on one line, as shown back to the applicant (`12A Orchard Close, Lowmere, LM3 8RD`). */
  label: string;
  /** When the applicant moved in: the month (`1`–`12`) and the four-digit year as typed; empty until answered. */
  movedInMonth: string;
  movedInYear: string;
}

/** The parts of an address being typed by hand on /amount/manual_address, kept as typed. */
export interface ManualAddressParts {
  flat: string;
  houseName: string;
  houseNumber: string;
  street: string;
  town: string;
  county: string;
  postcode: string;
}

/**
 * An address being looked up or typed, before it joins `addresses`: which entry it is for, the postcode
 * typed into the lookup and the parts typed by hand, so a refresh mid-address keeps them.
 */
export interface AddressInProgress {
  /** The index in `addresses` the address will take (0 = the current address). */
  index: number;
  postcode: string;
  manual: ManualAddressParts;
}

/**
 * The applicant's answers on the early application steps, kept in this browser (storage-keys.ts
 * `draftKeys.application`), so a screen shows back what was entered and a refresh loses nothing. The one-page
 * journey reads it as prefill: the shape is stable, a field is added rather than renamed or re-typed.
 */
export interface ApplicationDraft {
  /** A loan purpose of the eligibilitySubmit contract (`car`, `other`…), or empty. */
  purpose: string;
  /** What the loan is for, when the purpose is `other`. */
  purposeText: string;
  firstName: string;
  lastName: string;
  dobDay: string;
  dobMonth: string;
  dobYear: string;
  email: string;
  /** Gross yearly income in pounds, as typed (`£32,000`). */
  income: string;
  /** An employment status (`employed_full_time`…), or empty. */
  employment: string;
  /**
   * The address history, the current address first, then each earlier one in turn (moving-in months
   * strictly earlier each time), up to MAX_ADDRESSES, until the earliest moving-in covers 3 years.
   */
  addresses: DraftAddress[];
  /** The address being looked up or typed, or null. */
  addressInProgress: AddressInProgress | null;
  /** A housing status of the eligibilitySubmit contract (HOUSING_STATUSES), or empty. */
  housingStatus: string;
  /** What is paid (rent, mortgage) or contributed each month, in pounds as typed (`£650`, `0`). */
  housingCost: string;
}

/** The most addresses the history takes. */
export const MAX_ADDRESSES = 6;

/** How far back the address history must reach, in months. */
export const HISTORY_MONTHS = 36;

/** The housing situations of the eligibilitySubmit contract, in the order offered, with the words shown. */
export const HOUSING_STATUSES: readonly { value: HousingStatus; label: string; pays: boolean }[] = [
  { value: 'homeowner_mortgage', label: 'I own my home with a mortgage', pays: true },
  { value: 'homeowner_outright', label: 'I own my home outright', pays: false },
  { value: 'renting_private', label: 'I rent from a private landlord', pays: true },
  { value: 'renting_social', label: 'I rent from a council or housing association', pays: true },
  { value: 'living_with_family', label: 'I live with family or friends', pays: false },
  { value: 'other', label: 'Something else', pays: false },
];

/** Whether the housing status is one that pays rent or a mortgage (rent_payment), else a contribution (not_pay_rent). */
export function paysForHousing(status: string): boolean {
  return HOUSING_STATUSES.find((option) => option.value === status)?.pays ?? false;
}

export const EMPTY_MANUAL_ADDRESS: ManualAddressParts = {
  flat: '',
  houseName: '',
  houseNumber: '',
  street: '',
  town: '',
  county: '',
  postcode: '',
};

/** Text kept as typed; a field added later reads as empty from a draft written before it. */
const text = z.string().default('');

const addressSchema = z.object({
  gazetteerId: text,
  flat: text,
  houseName: text,
  houseNumber: text,
  street: text,
  town: text,
  county: text,
  postcode: text,
  label: text,
  movedInMonth: text,
  movedInYear: text,
});

const manualSchema = addressSchema.pick({
  flat: true,
  houseName: true,
  houseNumber: true,
  street: true,
  town: true,
  county: true,
  postcode: true,
});

const applicationDraftSchema = z.object({
  purpose: text,
  purposeText: text,
  firstName: text,
  lastName: text,
  dobDay: text,
  dobMonth: text,
  dobYear: text,
  email: text,
  income: text,
  employment: text,
  addresses: z.array(addressSchema).max(MAX_ADDRESSES).default([]),
  addressInProgress: z
    .object({ index: z.number().int().min(0).max(MAX_ADDRESSES - 1), postcode: text, manual: manualSchema })
    .nullable()
    .default(null),
  housingStatus: text,
  housingCost: text,
}) satisfies z.ZodType<ApplicationDraft>;

function emptyDraft(): ApplicationDraft {
  return applicationDraftSchema.parse({});
}

/** The early steps' answers (storage-keys.ts `draftKeys.application`), a day after the last change. */
const applicationDraft = defineDraft({
  key: draftKeys.application,
  schema: applicationDraftSchema,
  empty: emptyDraft,
  expirySeconds: JOURNEY_DRAFT_SECONDS,
});

/** The answers kept in this browser, or the empty draft. */
export function readApplicationDraft(): ApplicationDraft {
  return applicationDraft.read();
}

/** Keeps some answers, leaving the others as they were; returns the whole draft as now kept. */
export function keepApplicationAnswers(answers: Partial<ApplicationDraft>): ApplicationDraft {
  return applicationDraft.keep(answers);
}

/** Whole pounds as people type them: `£32,000`, `32000`, `32 000`, `650.00` → the number; anything else undefined. */
export function wholePoundsOf(text: string): number | undefined {
  const digits = text.replace(/[£,\s]/g, '').replace(/\.00$/, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

/**
 * The amount (pence) and term (months) chosen on /amount/amount_default (the quote draft, as the quote screens
 * keep it), or undefined while none usable is chosen.
 */
export function readQuoteAnswer(): { amountPence: number; termMonths: number } | undefined {
  const { amount, term } = quoteDraft.read();
  const pounds = wholePoundsOf(amount);
  if (pounds === undefined || pounds === 0 || !/^\d{1,3}$/.test(term) || Number(term) === 0) return undefined;
  return { amountPence: pounds * 100, termMonths: Number(term) };
}

/** A year and month as one count of months, for comparing and measuring moving-in dates. */
export function monthNumber(year: number, month: number): number {
  return year * 12 + (month - 1);
}

/** The moving-in month of an address as a month number, or undefined while it is not a real month. */
export function movedInMonthNumber(address: Pick<DraftAddress, 'movedInMonth' | 'movedInYear'>): number | undefined {
  const month = address.movedInMonth.trim();
  const year = address.movedInYear.trim();
  if (!/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return undefined;
  const m = Number(month);
  if (m < 1 || m > 12) return undefined;
  return monthNumber(Number(year), m);
}

/** Whether an address has what eligibilitySubmit needs: a street, a town, a postcode and a house name or number. */
export function addressIsComplete(address: DraftAddress): boolean {
  return (
    address.street.trim() !== '' &&
    address.town.trim() !== '' &&
    address.postcode.trim() !== '' &&
    (address.houseName.trim() !== '' || address.houseNumber.trim() !== '')
  );
}

/**
 * Whether the first `count` addresses of the history reach back 3 years from `today`: each is complete with
 * a moving-in month, and the earliest of them was at least HISTORY_MONTHS months ago.
 */
export function historyCovers(addresses: readonly DraftAddress[], today: Date, count = addresses.length): boolean {
  const taken = addresses.slice(0, count);
  if (taken.length === 0) return false;
  const months = taken.map(movedInMonthNumber);
  if (months.some((month) => month === undefined) || !taken.every(addressIsComplete)) return false;
  const earliest = Math.min(...(months as number[]));
  return monthNumber(today.getFullYear(), today.getMonth() + 1) - earliest >= HISTORY_MONTHS;
}

const MONTH_NAMES = [
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

/** The moving-in month as people read it (`March 2022`), or the parts as typed when not a month. */
export function movedInText(address: Pick<DraftAddress, 'movedInMonth' | 'movedInYear'>): string {
  const name = MONTH_NAMES[Number(address.movedInMonth) - 1];
  if (movedInMonthNumber(address) === undefined || name === undefined) {
    return [address.movedInMonth, address.movedInYear].filter((part) => part !== '').join(' ');
  }
  return `${name} ${address.movedInYear.trim()}`;
}

/** The one-line text of address parts (`Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT`). */
export function addressLabelOf(parts: ManualAddressParts): string {
  const numberAndStreet = [parts.houseNumber.trim(), parts.street.trim()].filter((part) => part !== '').join(' ');
  return [parts.flat, parts.houseName, numberAndStreet, parts.town, parts.county, parts.postcode]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}
