import { expiringLocalStorage } from '@lender/api-client/storage';
import { create } from 'zustand';
import { readStaffActing, readStaffToken } from './auth-session';
import { storageKeys } from './storage-keys';

/** The borrower a staff-started session acts for, from what the sign-in stored (spec §3 keys). */
function actingFor(): string | null {
  if (!readStaffActing()) return null;
  const name = [expiringLocalStorage.getItem(storageKeys.firstName), expiringLocalStorage.getItem(storageKeys.lastName)]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return name === '' ? null : name;
}

export interface StaffModeState {
  /** Whether a staff token is stored (spec §6: the staff_login flag, kept 12 hours). */
  active: boolean;
  /**
   * Whether the borrower's session was started by staff acting for them: the screens that change the borrower's
   * e-mail, phone, address or PIN are then read-only (the BFF refuses those changes anyway: 100617).
   */
  acting: boolean;
  /** The name of the borrower staff are signed in as, or null. */
  borrower: string | null;
  /** Reads local storage again: after a staff sign-in or leaving staff mode, and on every navigation. */
  sync: () => void;
}

function read(): Pick<StaffModeState, 'active' | 'acting' | 'borrower'> {
  return { active: readStaffToken() !== null, acting: readStaffActing(), borrower: actingFor() };
}

/**
 * Staff mode as the screens see it. The flag and the sign-in live in local storage (auth-session); this
 * store only lets the banner and the home screen redraw when they change, and notices the flag's 12-hour
 * expiry at the next navigation.
 */
export const useStaffMode = create<StaffModeState>()((set) => ({
  ...read(),
  sync: () => {
    set(read());
  },
}));
