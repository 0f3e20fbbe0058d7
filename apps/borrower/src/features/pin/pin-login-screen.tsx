import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { FormField } from '../../components/form-field';
import { inlineMessage } from '../../components/inline-message';
import { errorOf } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { normaliseEmail, useFinishSignIn, WRONG_PIN } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';
import { PinForm } from './pin-form';
import { pinError } from './pin-store';

const EMAIL_ID = 'email';
const PIN_ID = 'pin';

function emailError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your e-mail address';
  if (normaliseEmail(value) === undefined) return 'Enter an e-mail address in the correct format, like name@example.com';
  return undefined;
}

/**
 * /pin_log_in: e-mail address and PIN (user/checkPinCode). A wrong PIN (100615) is said inline with the
 * server's message; a locked PIN (100603) and a customer without one (100638) are the shared error table's.
 */
export function PinLoginScreen() {
  const finishSignIn = useFinishSignIn();
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found: FieldError[] = [];
    const emailMessage = emailError(email);
    if (emailMessage !== undefined) found.push({ fieldId: EMAIL_ID, message: emailMessage });
    const pinMessage = pinError(pin);
    if (pinMessage !== undefined) found.push({ fieldId: PIN_ID, message: pinMessage });
    setErrors(found);
    const address = normaliseEmail(email);
    if (found.length > 0 || address === undefined) return;
    setBusy(true);
    api.post('/user/checkPinCode', { body: { email: address, pin } }).then(finishSignIn, (error: unknown) => {
      setBusy(false);
      setPin('');
      const inline = inlineMessage(error, [WRONG_PIN]);
      if (inline !== undefined) setErrors([{ fieldId: PIN_ID, message: inline }]);
    });
  }


  return (
    <SignInPage title="Log in with your PIN" backTo={paths.login.home}>
      <PinForm
        errors={errors}
        fieldId={PIN_ID}
        label="PIN"
        hint="The 4 to 6 digits you chose"
        pin={pin}
        onPinChange={setPin}
        submitLabel="Log in"
        busy={busy}
        onSubmit={submit}
      >
        <FormField
          id={EMAIL_ID}
          name="email"
          label="E-mail address"
          type="email"
          value={email}
          error={errorOf(errors, EMAIL_ID)}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          input={{ autoComplete: 'email', inputMode: 'email', spellCheck: false }}
          sx={{ mb: 3 }}
        />
      </PinForm>
      <Typography sx={{ mt: 4 }}>
        Forgotten your PIN?{' '}
        <Link component={RouterLink} to={paths.login.emailLogin}>
          Log in with your e-mail instead
        </Link>
      </Typography>
    </SignInPage>
  );
}
