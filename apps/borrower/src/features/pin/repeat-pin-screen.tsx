import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { setPin } from '../../api/auth';
import { QuestionPage, serverFieldErrors } from '../../components/question';
import { PIN_MISMATCH, STAFF_FORBIDDEN } from '../../lib/sign-in';
import { PinAnswer, pinAnswer } from '../../components/question-groups/pin';
import { readPinScreensState, useChosenPin } from './pin-store';

const schema = z.object({ pinConfirm: pinAnswer('Enter your PIN again') });

/**
 * /login/repeatPin: the PIN again, and both are sent (user/setPinCode). PINs that differ (100616) and staff
 * mode, where a borrower's PIN cannot be changed (100617), are said inline. A PIN the lending core refuses (the
 * date of birth, the last PIN: 100400 on `pin`) is chosen again: back to setPin, which says why. Without a chosen
 * PIN (a reload) the person chooses again.
 */
export function RepeatPinScreen() {
  const navigate = useNavigate();
  // Where the sign-in ends (lib/sign-in.ts), or /approved for an approved applicant, which moves on to their next
  // stage; the signed-in home when the screen was opened without one.
  const { afterPin } = readPinScreensState(useLocation().state);
  const next = afterPin ?? paths.login.home;
  const chosen = useChosenPin((state) => state.pin);
  const forget = useChosenPin((state) => state.forget);
  const [saved, setSaved] = useState(false);

  // Once saved, the PIN is forgotten on the way out: that is not a reload.
  if (chosen === null && !saved) return <Navigate replace to={paths.login.setPin} />;
  const first = chosen ?? '';

  /** Sends both PINs; a refusal of the chosen PIN itself takes the person back to choose another. */
  async function save(pinConfirm: string): Promise<boolean> {
    try {
      await setPin({ pin: first, pinConfirm });
      return true;
    } catch (error) {
      const refused = serverFieldErrors(error, { has: (name) => name === 'pin' })?.pin;
      if (refused === undefined) throw error;
      // setPin forgets the refused PIN as it opens.
      await navigate(paths.login.setPin, { replace: true, state: { afterPin, refused } });
      return false;
    }
  }

  return (
    <QuestionPage
      question="Type your PIN again"
      backTo={paths.login.setPin}
      intro={<Typography sx={{ mb: 3 }}>This makes sure you typed the PIN you meant to.</Typography>}
      schema={schema}
      defaultValues={{ pinConfirm: '' }}
      serverField="pinConfirm"
      serverCodes={[PIN_MISMATCH, STAFF_FORBIDDEN]}
      resetAfterFailure={['pinConfirm']}
      submitLabel="Save my PIN"
      onSubmit={async ({ pinConfirm }) => {
        if (!(await save(pinConfirm))) return;
        setSaved(true);
        forget();
        await navigate(next, { replace: true });
      }}
    >
      <PinAnswer name="pinConfirm" label="PIN again" />
    </QuestionPage>
  );
}
