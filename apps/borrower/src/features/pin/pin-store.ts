import { create } from 'zustand';

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

/** Whether a PIN has the lending core's shape: 4 to 6 digits. */
export function pinError(pin: string, empty = 'Enter your PIN'): string | undefined {
  if (pin === '') return empty;
  if (!/^\d+$/.test(pin)) return 'Your PIN must only include numbers 0 to 9';
  if (pin.length < 4 || pin.length > 6) return 'Your PIN must be 4 to 6 digits';
  return undefined;
}

/** The attributes of every PIN input: masked, a numeric keypad, and no saving by the browser. */
export const PIN_INPUT = { autoComplete: 'off', inputMode: 'numeric', spellCheck: false } as const;
