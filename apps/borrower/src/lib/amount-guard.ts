import { paths } from './paths';
import type { ApplicationDraft } from './application-draft';
import {
  addressIsComplete,
  historyCovers,
  MAX_ADDRESSES,
  movedInMonthNumber,
  paysForHousing,
  wholePoundsOf,
} from './application-draft';

/**
 * The guard of the /amount steps: someone who types a later step's URL while an earlier answer is missing is
 * sent to the first unanswered step. The steps are ordered by a rank; a step may be shown when no answer
 * before it is missing. The address steps repeat for each address of the history, told apart by the
 * `entry` search parameter (0 = the current address).
 */

/** The search parameter naming which address of the history an address step is about. */
export const ENTRY_PARAM = 'entry';

/** The address of the history a step's URL is about: `?entry=2` → 2; none or malformed → 0. */
export function entryOf(search: URLSearchParams): number {
  const text = search.get(ENTRY_PARAM) ?? '0';
  return /^\d$/.test(text) ? Number(text) : 0;
}

/** A step's URL for an address of the history (`/amount/moved_in?entry=1`); the current address has none. */
export function entryPath(path: string, entry: number): string {
  return entry === 0 ? path : `${path}?${ENTRY_PARAM}=${String(entry)}`;
}

/** The lookup step of an address: /amount/address for the current one, /amount/previous_address after. */
export function lookupPath(entry: number): string {
  return entry === 0 ? paths.amount.address : entryPath(paths.amount.previousAddress, entry);
}

const BEFORE_ADDRESSES: readonly string[] = [
  paths.amount.amountDefault,
  paths.amount.loanCalculation,
  paths.amount.purpose,
  paths.amount.purposeText,
  paths.amount.name,
  paths.amount.lastName,
  paths.amount.dobInput,
  paths.amount.email,
  paths.amount.income,
  paths.amount.employment,
];
const ADDRESS_RANK = BEFORE_ADDRESSES.length;
/** Each address takes three ranks: its lookup (or manual entry), its moving-in date, then years3 (first only). */
const AFTER_ADDRESSES: readonly string[] = [
  paths.amount.addressHistory,
  paths.amount.rentCost,
  paths.amount.rentPayment,
  paths.amount.step2,
  paths.amount.creditConsent,
];
const AFTER_RANK = ADDRESS_RANK + 3 * MAX_ADDRESSES;

/** The rank of a step in the order of the /amount steps, or undefined for a path that is not one. */
export function rankOf(path: string, entry: number): number | undefined {
  const before = BEFORE_ADDRESSES.indexOf(path);
  if (before !== -1) return before;
  const addressRank = (sub: number) => ADDRESS_RANK + 3 * Math.min(entry, MAX_ADDRESSES - 1) + sub;
  switch (path) {
    case paths.amount.address:
      return addressRank(0);
    case paths.amount.previousAddress:
    case paths.amount.manualAddress:
      return addressRank(0);
    case paths.amount.movedIn:
      return addressRank(1);
    case paths.amount.years3:
      return ADDRESS_RANK + 2;
    case paths.amount.notPayRent:
      return AFTER_RANK + AFTER_ADDRESSES.indexOf(paths.amount.rentPayment);
  }
  const after = AFTER_ADDRESSES.indexOf(path);
  return after === -1 ? undefined : AFTER_RANK + after;
}

/** What the guard reads: the draft, whether a quote is chosen, and today (for the 3 years of addresses). */
export interface GuardInput {
  draft: ApplicationDraft;
  quoteChosen: boolean;
  today: Date;
}

export interface Step {
  path: string;
  entry: number;
}

function dobAnswered(draft: ApplicationDraft): boolean {
  return draft.dobDay.trim() !== '' && draft.dobMonth.trim() !== '' && draft.dobYear.trim() !== '';
}

/** The first step whose answer is missing, or undefined when every answer up to the consent is given. */
export function firstUnansweredStep({ draft, quoteChosen, today }: GuardInput): Step | undefined {
  const at = (path: string, entry = 0): Step => ({ path, entry });
  if (!quoteChosen) return at(paths.amount.amountDefault);
  if (draft.purpose === '') return at(paths.amount.purpose);
  if (draft.purpose === 'other' && draft.purposeText.trim() === '') return at(paths.amount.purposeText);
  if (draft.firstName.trim() === '') return at(paths.amount.name);
  if (draft.lastName.trim() === '') return at(paths.amount.lastName);
  if (!dobAnswered(draft)) return at(paths.amount.dobInput);
  if (draft.email.trim() === '') return at(paths.amount.email);
  if (wholePoundsOf(draft.income) === undefined) return at(paths.amount.income);
  if (draft.employment === '') return at(paths.amount.employment);

  for (let entry = 0; entry < MAX_ADDRESSES; entry += 1) {
    const address = draft.addresses[entry];
    if (address === undefined || !addressIsComplete(address)) {
      return at(entry === 0 ? paths.amount.address : paths.amount.previousAddress, entry);
    }
    if (movedInMonthNumber(address) === undefined) return at(paths.amount.movedIn, entry);
    if (historyCovers(draft.addresses, today, entry + 1)) break;
  }
  if (!historyCovers(draft.addresses, today)) return at(paths.amount.addressHistory);

  if (draft.housingStatus === '') return at(paths.amount.rentCost);
  if (wholePoundsOf(draft.housingCost) === undefined) {
    return at(paysForHousing(draft.housingStatus) ? paths.amount.rentPayment : paths.amount.notPayRent);
  }
  return undefined;
}

/** A step's URL. */
export function stepPath(step: Step): string {
  if (step.path === paths.amount.previousAddress || step.path === paths.amount.movedIn) {
    return entryPath(step.path, step.entry);
  }
  return step.path;
}

/**
 * Where someone asking for the /amount step at `path` (with its `entry`) is sent instead, or undefined when the
 * step may be shown: every step up to and including the first unanswered one may be.
 */
export function amountGuardRedirect(path: string, entry: number, input: GuardInput): string | undefined {
  const rank = rankOf(path, entry);
  if (rank === undefined) return undefined;
  const first = firstUnansweredStep(input);
  if (first === undefined) return undefined;
  const firstRank = rankOf(first.path, first.entry) ?? 0;
  return rank > firstRank ? stepPath(first) : undefined;
}
