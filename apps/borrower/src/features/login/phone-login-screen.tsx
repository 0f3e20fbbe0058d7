import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { ErrorSummary } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import type { FieldError } from '../../components/error-summary';
import { normaliseUkMobile, rememberPendingAddress } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';

const FIELD_ID = 'phone';

function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your mobile phone number';
  if (normaliseUkMobile(value) === undefined) return 'Enter a UK mobile number, like 07700 900 982';
  return undefined;
}

/** /login/phoneLogin: one question, the UK mobile number; a 6-digit code is sent by SMS (account/sendEmailVerify). */
export function PhoneLoginScreen() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = phoneError(phone);
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    const number = normaliseUkMobile(phone);
    if (message !== undefined || number === undefined) return;
    setBusy(true);
    api.post('/account/sendEmailVerify', { body: { param: number, type: 'PHONE' } }).then(
      () => {
        rememberPendingAddress({ type: 'PHONE', param: number });
        void navigate(paths.login.phoneCode);
      },
      () => {
        // The shared error table has told the person (a toast); they can try again.
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title="Log in with your phone" backTo={paths.login.home}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <Typography sx={{ mb: 3 }}>We will send a 6-digit code to your mobile phone by text message.</Typography>
        <FormField
          id={FIELD_ID}
          name="phone"
          label="UK mobile number"
          hint="For example, 07700 900 982"
          type="tel"
          value={phone}
          error={errors.find((error) => error.fieldId === FIELD_ID)?.message}
          onChange={(event) => {
            setPhone(event.target.value);
          }}
          input={{ autoComplete: 'tel', inputMode: 'tel' }}
          sx={{ mb: 3 }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Text me a code
        </Button>
      </Box>
      <Typography sx={{ mt: 4 }}>
        <Link component={RouterLink} to={paths.login.emailLogin}>
          Log in with your e-mail instead
        </Link>
      </Typography>
    </SignInPage>
  );
}
