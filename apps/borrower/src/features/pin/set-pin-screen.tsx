import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { PinForm } from './pin-form';
import { pinError, useChosenPin } from './pin-store';

const FIELD_ID = 'pin';

/** /login/setPin: a signed-in person without a PIN chooses one (4 to 6 digits); repeatPin confirms it. */
export function SetPinScreen() {
  const navigate = useNavigate();
  // Where to go once the PIN is saved (an approved application's /approved), handed on to repeatPin.
  const onward: unknown = useLocation().state;
  const choose = useChosenPin((state) => state.choose);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = pinError(pin, 'Enter a PIN');
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    if (message !== undefined) return;
    choose(pin);
    void navigate(paths.login.repeatPin, { state: onward });
  }

  return (
    <SignInPage title="Choose a PIN" backTo={paths.login.home}>
      <PinForm
        errors={errors}
        intro={<Typography sx={{ mb: 3 }}>Next time, you can log in with your e-mail address and this PIN.</Typography>}
        fieldId={FIELD_ID}
        label="PIN"
        hint="4 to 6 digits. Do not use your date of birth or a number like 1234."
        pin={pin}
        onPinChange={setPin}
        submitLabel="Continue"
        onSubmit={submit}
      />
    </SignInPage>
  );
}
