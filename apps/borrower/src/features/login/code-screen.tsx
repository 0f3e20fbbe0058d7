import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { ErrorSummary } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { inlineMessage } from '../../components/inline-message';
import type { FieldError } from '../../components/error-summary';
import { compactDigits, readPendingAddress, useFinishSignIn, WRONG_CODE } from '../../lib/sign-in';
import type { LoginType } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';

const FIELD_ID = 'code';

interface Variant {
  /** Where the person typed the address, and where they go without one. */
  startPath: string;
  where: string;
  hint: string;
}

const VARIANTS: Record<LoginType, Variant> = {
  EMAIL: {
    startPath: paths.login.emailLogin,
    where: 'e-mail',
    hint: 'The code is in the e-mail we sent you. It has 6 digits and works for 10 minutes.',
  },
  PHONE: {
    startPath: paths.login.phoneLogin,
    where: 'text message',
    hint: 'The code is in the text message we sent you. It has 6 digits and works for 10 minutes.',
  },
};

function codeError(code: string): string | undefined {
  if (code === '') return 'Enter the 6-digit code';
  if (!/^\d+$/.test(code)) return 'The code must only include numbers 0 to 9';
  if (code.length !== 6) return 'Enter the 6 digits of the code';
  return undefined;
}

/**
 * /login/emailCode and /login/phoneCode: one field for the 6-digit code (`one-time-code`, so phones offer the
 * code they received, and paste works with spaces). The address it was sent to comes from session storage;
 * without one there is nothing to verify and the person starts again. A wrong code says, inline, how many
 * tries are left (100614); a dead code is the shared 100502 path (login error, back to login).
 */
export function CodeScreen({ type }: { type: LoginType }) {
  const variant = VARIANTS[type];
  const [pending] = useState(() => readPendingAddress(type));
  const finishSignIn = useFinishSignIn();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  if (pending === null) return <Navigate replace to={variant.startPath} />;
  const address = pending.param;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = codeError(code);
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    if (message !== undefined) return;
    setBusy(true);
    api.post('/account/adminLogin', { body: { param: address, code, type } }).then(
      (result) => {
        finishSignIn(result);
      },
      (error: unknown) => {
        setBusy(false);
        const inline = inlineMessage(error, [WRONG_CODE]);
        if (inline !== undefined) setErrors([{ fieldId: FIELD_ID, message: inline }]);
      },
    );
  }

  function sendNewCode() {
    setBusy(true);
    api.post('/account/sendEmailVerify', { body: { param: address, type } }).then(
      () => {
        setBusy(false);
        setResent(true);
        setCode('');
        setErrors([]);
      },
      () => {
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title={`Check your ${variant.where}`} backTo={variant.startPath}>
      <ErrorSummary errors={errors} />
      <Typography sx={{ mb: 3 }}>
        We have sent a code to <strong>{address}</strong>, if it belongs to an account.
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id={FIELD_ID}
          name="code"
          label="Code"
          hint={variant.hint}
          value={code}
          error={errors.find((error) => error.fieldId === FIELD_ID)?.message}
          onChange={(event) => {
            setCode(compactDigits(event.target.value));
          }}
          input={{ autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false }}
          sx={{ mb: 3, maxWidth: '12em' }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Continue
        </Button>
      </Box>
      <Typography role="status" sx={{ mt: 3, fontWeight: 600 }}>
        {resent ? 'We have sent a new code. The old one no longer works.' : ''}
      </Typography>
      <Typography sx={{ mt: 1 }}>
        Not received it?{' '}
        <Link component="button" type="button" onClick={sendNewCode} disabled={busy} sx={{ verticalAlign: 'baseline' }}>
          Send a new code
        </Link>
      </Typography>
    </SignInPage>
  );
}

export function EmailCodeScreen() {
  return <CodeScreen type="EMAIL" />;
}

export function PhoneCodeScreen() {
  return <CodeScreen type="PHONE" />;
}
