import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage, sentAs } from '../../components/question';
import { NEW_PIN_HINT, PinAnswer, pinAnswer } from '../../components/question-groups/pin';
import { readPinScreensState, useChosenPin } from './pin-store';

/**
 * A new PIN: 4 to 6 digits, then the contract's rule for a PIN a person chooses (no run like 1234, 4321 or 1111),
 * in the BFF's words. The date of birth and the last PIN only the lending core knows: it refuses those when the
 * PIN is sent, and repeatPin brings the person back here with the reason.
 */
const schema = z.object({ pin: sentAs(pinAnswer('Enter a PIN'), '/user/setPinCode', 'pin') });

/**
 * /login/setPin: a signed-in person without a PIN, or whose PIN is locked, chooses one (4 to 6 digits); repeatPin
 * confirms it.
 */
export function SetPinScreen() {
  const navigate = useNavigate();
  // Where to go once the PIN is saved (an approved application's /approved), and why the last PIN sent was refused.
  const { afterPin, refused } = readPinScreensState(useLocation().state);
  const choose = useChosenPin((state) => state.choose);
  // A PIN chosen before (then refused, or left by going back) is not kept while another is chosen.
  const forget = useChosenPin((state) => state.forget);
  useEffect(forget, [forget]);
  return (
    <QuestionPage
      question="Choose a PIN"
      backTo={paths.login.home}
      intro={<Typography sx={{ mb: 3 }}>Next time, you can log in with your e-mail address and this PIN.</Typography>}
      schema={schema}
      defaultValues={{ pin: '' }}
      initialErrors={refused === undefined ? undefined : { pin: refused }}
      onSubmit={({ pin }) => {
        choose(pin);
        return navigate(paths.login.repeatPin, { state: { afterPin } });
      }}
    >
      <PinAnswer
        name="pin"
        label="PIN"
        hint={NEW_PIN_HINT}
      />
    </QuestionPage>
  );
}
