import { compactDigits } from '../../lib/sign-in';
import { checkedText, TextAnswer } from '../question';

/**
 * A PIN, asked the same way wherever one is typed: signing in with it, choosing one after a first sign-in, and
 * changing it from the profile.
 */

/** Whether a PIN has the lending core's shape: 4 to 6 digits. */
export function pinError(pin: string, empty = 'Enter your PIN'): string | undefined {
  if (pin === '') return empty;
  if (!/^\d+$/.test(pin)) return 'Your PIN must only include numbers 0 to 9';
  if (pin.length < 4 || pin.length > 6) return 'Your PIN must be 4 to 6 digits';
  return undefined;
}

/** The attributes of every PIN input: masked, a numeric keypad, and no saving by the browser. */
export const PIN_INPUT = { autoComplete: 'off', inputMode: 'numeric', spellCheck: false } as const;

/** A PIN answer's check: 4 to 6 digits, with `empty` as the message when none is typed. */
export const pinAnswer = (empty?: string) => checkedText((pin) => pinError(pin, empty));

/** What a new PIN must not be, as the screens choosing one say it under the PIN. */
export const NEW_PIN_HINT = '4 to 6 digits. Do not use your date of birth, numbers in order like 1234, or your last PIN.';

/**
 * The PIN of every PIN screen: masked, a numeric keypad, never saved by the browser, and as typed or pasted with
 * everything but digits taken out.
 */
export function PinAnswer({ name, label, hint }: { name: string; label: string; hint?: string }) {
  return (
    <TextAnswer
      name={name}
      label={label}
      hint={hint}
      type="password"
      input={PIN_INPUT}
      tidy={compactDigits}
      sx={{ mb: 3, maxWidth: '12em' }}
    />
  );
}
