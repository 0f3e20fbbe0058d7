import { ErrorCodes, isApiError } from '@lender/api-client';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { changePin } from '../../api/profile';
import { QuestionPage, sentAs } from '../../components/question';
import { NEW_PIN_HINT, PinAnswer, pinAnswer } from '../../components/question-groups/pin';
import { saveSignedInUser } from '../../lib/auth-session';
import { paths } from '../../lib/paths';
import { useProfileChange } from './change-store';
import type { Changed } from './profile-page';
import { ChangeScreen, refusalsOf } from './profile-page';

const currentSchema = z.object({ currentPin: pinAnswer('Enter your current PIN') });

/**
 * /edit-pin: the PIN the borrower logs in with now. It is checked by the lending core when the new one is sent
 * (/reenter-new-pin), which brings the borrower back here with the reason when it is wrong.
 */
export function EditPinScreen() {
  const navigate = useNavigate();
  const set = useProfileChange((state) => state.set);
  const refused = refusalsOf(useLocation().state);
  return (
    <ChangeScreen title="Enter your current PIN">
      <QuestionPage
        question="Enter your current PIN"
        backTo={paths.profile.hub}
        intro={<Typography sx={{ mb: 3 }}>To keep your account safe, we need your current PIN before you choose a new one.</Typography>}
        schema={currentSchema}
        defaultValues={{ currentPin: '' }}
        initialErrors={refused}
        onSubmit={({ currentPin }) => {
          set({ currentPin, newPin: null });
          return navigate(paths.profile.enterNewPin);
        }}
      >
        <PinAnswer name="currentPin" label="Current PIN" />
      </QuestionPage>
    </ChangeScreen>
  );
}

/** A new PIN by the contract's rule for one (no run like 1234), in the BFF's words. */
const newSchema = z.object({ pin: sentAs(pinAnswer('Enter your new PIN'), '/profile/changePin', 'pin') });

/** /enter-new-pin: the new PIN, with the rules setPin shows; without the current PIN (a reload), back to it. */
export function EnterNewPinScreen() {
  const navigate = useNavigate();
  const { currentPin, set } = useProfileChange();
  const refused = refusalsOf(useLocation().state);
  if (currentPin === null) return <Navigate replace to={paths.profile.editPin} />;
  return (
    <ChangeScreen title="Choose a new PIN">
      <QuestionPage
        question="Choose a new PIN"
        backTo={paths.profile.editPin}
        schema={newSchema}
        defaultValues={{ pin: '' }}
        initialErrors={refused}
        onSubmit={({ pin }) => {
          set({ newPin: pin });
          return navigate(paths.profile.reenterNewPin);
        }}
      >
        <PinAnswer name="pin" label="New PIN" hint={NEW_PIN_HINT} />
      </QuestionPage>
    </ChangeScreen>
  );
}

const againSchema = z.object({ pinConfirm: pinAnswer('Enter your new PIN again') });

/**
 * /reenter-new-pin: the new PIN again; the three are sent together (profile/changePin). PINs that differ (100616)
 * are said here. A wrong current PIN (100615, with the tries left) goes back to /edit-pin, and a new PIN the
 * lending core refuses (the date of birth, the old PIN: 100400) back to /enter-new-pin, each saying why. The try
 * that locks the PIN, as in sign-in, is the locked-PIN dialog and the way to log in another way (100603).
 */
export function ReenterNewPinScreen() {
  const navigate = useNavigate();
  const { currentPin, newPin, forget } = useProfileChange();
  // The PINs are forgotten on the way out (changed, refused or locked): that is not a reload.
  const [leaving, setLeaving] = useState(false);
  if (leaving) return null;
  if (currentPin === null || newPin === null) return <Navigate replace to={paths.profile.editPin} />;
  const pins = { currentPin, pin: newPin };

  /** Sends the three PINs; a refusal of the current or the new PIN takes the borrower back to type it again. */
  async function send(pinConfirm: string): Promise<boolean> {
    try {
      saveSignedInUser(await changePin({ ...pins, pinConfirm }));
      return true;
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'envelope') throw error;
      const code = error.errorCode;
      if (code === ErrorCodes.wrongPin || (code === ErrorCodes.badRequest && error.field === 'currentPin')) {
        setLeaving(true);
        forget('currentPin', 'newPin');
        await navigate(paths.profile.editPin, { replace: true, state: { refused: { currentPin: error.errorMessage } } });
        return false;
      }
      if (code === ErrorCodes.badRequest) {
        setLeaving(true);
        forget('newPin');
        await navigate(paths.profile.enterNewPin, { replace: true, state: { refused: { pin: error.errorMessage } } });
        return false;
      }
      // A locked PIN (100603) is the shared error table's, as in sign-in (the dialog, then login): nothing typed
      // here is kept.
      if (code === ErrorCodes.accountLocked) {
        setLeaving(true);
        forget('currentPin', 'newPin');
        return false;
      }
      throw error;
    }
  }

  return (
    <ChangeScreen title="Type your new PIN again">
      <QuestionPage
        question="Type your new PIN again"
        backTo={paths.profile.enterNewPin}
        intro={<Typography sx={{ mb: 3 }}>This makes sure you typed the PIN you meant to.</Typography>}
        schema={againSchema}
        defaultValues={{ pinConfirm: '' }}
        serverField="pinConfirm"
        serverCodes={[ErrorCodes.pinMismatch]}
        resetAfterFailure={['pinConfirm']}
        submitLabel="Change my PIN"
        onSubmit={async ({ pinConfirm }) => {
          if (!(await send(pinConfirm))) return;
          setLeaving(true);
          forget('currentPin', 'newPin');
          const what: Changed = 'pin';
          await navigate(paths.profile.personalDetails, { replace: true, state: { changed: what } });
        }}
      >
        <PinAnswer name="pinConfirm" label="New PIN again" />
      </QuestionPage>
    </ChangeScreen>
  );
}
