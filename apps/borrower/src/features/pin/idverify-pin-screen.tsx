import { readStoredAccessToken } from '@lender/api-client';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { inlineMessage } from '../../components/inline-message';
import type { FieldError } from '../../components/error-summary';
import { useFinishSignIn, WRONG_PIN } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';
import { PinForm } from './pin-form';
import { pinError } from './pin-store';

const FIELD_ID = 'pin';

/**
 * /idverify/pinCode: a signed-in person proves it is still them with their PIN (user/checkPinCode without an
 * e-mail: the session says who). Success starts a new session. Without a session this is the PIN login.
 */
export function IdverifyPinScreen() {
  const [signedIn] = useState(() => readStoredAccessToken() !== null);
  const finishSignIn = useFinishSignIn();
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  if (!signedIn) return <Navigate replace to={paths.pinLogIn} />;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = pinError(pin);
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    if (message !== undefined) return;
    setBusy(true);
    api.post('/user/checkPinCode', { body: { pin } }).then(finishSignIn, (error: unknown) => {
      setBusy(false);
      setPin('');
      const inline = inlineMessage(error, [WRONG_PIN]);
      if (inline !== undefined) setErrors([{ fieldId: FIELD_ID, message: inline }]);
    });
  }

  return (
    <SignInPage title="Enter your PIN" backTo={paths.login.home}>
      <PinForm
        errors={errors}
        intro={<Typography sx={{ mb: 3 }}>To keep your account safe, we need to check it is you.</Typography>}
        fieldId={FIELD_ID}
        label="PIN"
        pin={pin}
        onPinChange={setPin}
        submitLabel="Continue"
        busy={busy}
        onSubmit={submit}
      />
    </SignInPage>
  );
}
