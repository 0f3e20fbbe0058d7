import { create } from 'zustand';
import { isAppPath } from '../../lib/paths';

interface ChosenPinState {
  /** The PIN typed on setPin, waiting to be typed again on repeatPin; null when there is none. */
  pin: string | null;
  choose: (pin: string) => void;
  forget: () => void;
}

/**
 * The PIN between setPin and repeatPin: in memory only, never in storage or the URL. A reload loses it, and
 * repeatPin then sends the person back to choose it again.
 */
export const useChosenPin = create<ChosenPinState>()((set) => ({
  pin: null,
  choose: (pin) => {
    set({ pin });
  },
  forget: () => {
    set({ pin: null });
  },
}));

/**
 * What the PIN screens hand each other in the location's state (never the URL): where to go once the PIN is saved
 * (`/approved` for an approved applicant, where the sign-in ends for someone signing in: lib/sign-in.ts), and why
 * the lending core refused the PIN last sent, for setPin to say.
 */
export interface PinScreensState {
  afterPin?: string;
  refused?: string;
}

/** The PIN screens' state from a location's, keeping only what they hand each other. */
export function readPinScreensState(state: unknown): PinScreensState {
  const given = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  return {
    ...(isAppPath(given.afterPin) ? { afterPin: given.afterPin } : {}),
    ...(typeof given.refused === 'string' && given.refused !== '' ? { refused: given.refused } : {}),
  };
}
