import { paths } from '../../lib/paths';
import { entryOf, entryPath } from '../../lib/amount-guard';
import { EMPTY_MANUAL_ADDRESS, keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import type { AddressInProgress, DraftAddress } from '../../lib/application-draft';

/**
 * Which address of the history a screen is about: /amount/address is the current one (0); the other address
 * screens read `?entry=`. /amount/previous_address is never the current one.
 */
export function screenEntry(pathname: string, search: URLSearchParams): number {
  if (pathname === paths.amount.address) return 0;
  const entry = entryOf(search);
  return pathname === paths.amount.previousAddress ? Math.max(1, entry) : entry;
}

/** The heading of an address lookup or manual entry, by which address of the history it is. */
export function addressQuestion(entry: number): string {
  if (entry === 0) return 'What is your address?';
  if (entry === 1) return 'What was your previous address?';
  return 'What was your address before that?';
}

/** Where Back leads from an address's lookup: the question before it in the journey. */
export function lookupBackPath(entry: number): string {
  if (entry === 0) return paths.amount.employment;
  if (entry === 1) return paths.amount.years3;
  return entryPath(paths.amount.movedIn, entry - 1);
}

/** The address being looked up or typed for `entry`, starting from the kept address when changing one. */
export function inProgressFor(entry: number): AddressInProgress {
  const draft = readApplicationDraft();
  if (draft.addressInProgress?.index === entry) return draft.addressInProgress;
  const kept = draft.addresses[entry];
  if (kept === undefined) return { index: entry, postcode: '', manual: { ...EMPTY_MANUAL_ADDRESS } };
  const { flat, houseName, houseNumber, street, town, county, postcode } = kept;
  return {
    index: entry,
    postcode,
    // A gazetteer address is changed by looking it up again; one typed by hand is shown back as typed.
    manual: kept.gazetteerId === '' ? { flat, houseName, houseNumber, street, town, county, postcode } : { ...EMPTY_MANUAL_ADDRESS },
  };
}

export function keepInProgress(progress: AddressInProgress): void {
  keepApplicationAnswers({ addressInProgress: progress });
}

/**
 * Keeps the address chosen or typed for `entry` (its moving-in date kept when the same entry is changed) and
 * clears the one in progress.
 */
export function keepAddress(entry: number, address: Omit<DraftAddress, 'movedInMonth' | 'movedInYear'>): void {
  const draft = readApplicationDraft();
  const addresses = [...draft.addresses];
  const before = addresses[entry];
  const kept: DraftAddress = { ...address, movedInMonth: before?.movedInMonth ?? '', movedInYear: before?.movedInYear ?? '' };
  if (entry < addresses.length) addresses[entry] = kept;
  else addresses.push(kept);
  keepApplicationAnswers({ addresses, addressInProgress: null });
}

/** After an address is kept, its moving-in date. */
export function movedInPath(entry: number): string {
  return entryPath(paths.amount.movedIn, entry);
}
