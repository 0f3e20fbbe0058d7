import { create } from 'zustand';
import type { BillingCard } from '../../api/profile';
import type { ManualAddressParts } from '../../lib/application-draft';

/** A new address on its way to being confirmed: one found by its postcode, or one typed by hand. */
export type NewAddress =
  | { kind: 'found'; gazetteerId: string; label: string; postcode: string }
  | { kind: 'typed'; parts: ManualAddressParts; label: string };

/** What the cards' billing address did after the address changed: followed (each card now), or failed. */
export type BillingOutcome = { kind: 'followed'; cards: readonly BillingCard[] } | { kind: 'failed' };

interface ProfileChangeState {
  /** The number the last code went to (/edit-phone → /verify-phone). */
  codeSentTo: string | null;
  /** The postcode last looked up and the address chosen or typed (/edit-addressA, B → C). */
  postcode: string;
  address: NewAddress | null;
  /** What followed the change (C → D). */
  billing: BillingOutcome | null;
  /** The current PIN and the new one, until the new one is typed again and all three are sent. */
  currentPin: string | null;
  newPin: string | null;
  set: (change: Partial<Omit<ProfileChangeState, 'set' | 'forget'>>) => void;
  /** Forgets the changes in progress (a PIN is never kept past its call). */
  forget: (...keys: readonly (keyof Omit<ProfileChangeState, 'set' | 'forget'>)[]) => void;
}

const EMPTY = { codeSentTo: null, postcode: '', address: null, billing: null, currentPin: null, newPin: null };

/**
 * The changes in progress between the profile's screens, in memory only: never in storage or the URL (a PIN, a
 * phone number, an address). A reload loses them, and the later screen sends the borrower back to the first.
 */
export const useProfileChange = create<ProfileChangeState>()((set) => ({
  ...EMPTY,
  set: (change) => {
    set(change);
  },
  forget: (...keys) => {
    set(Object.fromEntries((keys.length === 0 ? Object.keys(EMPTY) : keys).map((key) => [key, EMPTY[key as keyof typeof EMPTY]])));
  },
}));
