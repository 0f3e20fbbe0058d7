import { checkedText, TextAnswer } from '../../components/question';
import { compactDigits } from '../../lib/sign-in';
import { PIN_INPUT, pinError } from './pin-store';

/** A PIN answer's check: 4 to 6 digits, with `empty` as the message when none is typed. */
export const pinAnswer = (empty?: string) => checkedText((pin) => pinError(pin, empty));

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
