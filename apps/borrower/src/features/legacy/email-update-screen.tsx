import { ACCESS_TOKEN_STORAGE_SECONDS, ErrorCodes } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmailAddress } from '../../components/email-address';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { inlineMessage } from '../../components/inline-message';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import {
  EMAIL_CHANGED_STATE,
  emailUpdateReturn,
  forgetEmailDraft,
  keepEmailDraft,
  readEmailDraft,
} from '../../lib/email-change';
import { fetchResumeTarget } from '../../lib/resume-application';
import { normaliseEmail } from '../../lib/sign-in';
import { storageKeys } from '../../lib/storage-keys';

const EMAIL_ID = 'email';

/** The GOV.UK email address pattern's checks, before the BFF checks the rest (taken, unchanged, confirmed). */
export function newEmailError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your new email address';
  if (normaliseEmail(value) === undefined) return 'Enter an email address in the correct format, like name@example.com';
  return undefined;
}

/**
 * /email_update: an applicant whose confirmation link went to a mistyped address gives the right one
 * (user/updateApplicationEmail), which gets a new link; they then go back to the confirmation screen they came
 * from (`?from=`), which says so. Possible only while the address is unconfirmed: the BFF says why when it is
 * not. The field starts with the address on record; what is typed is kept for the tab, so a refresh or a failed
 * call loses nothing.
 */
export function EmailUpdateScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const back = emailUpdateReturn(searchParams);
  const [current] = useState(() => expiringLocalStorage.getItem(storageKeys.email) ?? '');
  const [email, setEmail] = useState(() => readEmailDraft() ?? current);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    const message = newEmailError(email);
    setErrors(message === undefined ? [] : [{ fieldId: EMAIL_ID, message }]);
    if (message !== undefined) return;
    setBusy(true);
    api
      .post('/user/updateApplicationEmail', { body: { email: email.trim() } })
      .then(async (user) => {
        // The app keeps the signed-in person's address (spec §3): the confirmation screens show it.
        expiringLocalStorage.setItem(storageKeys.email, user.email, ACCESS_TOKEN_STORAGE_SECONDS);
        forgetEmailDraft();
        const target = back ?? (await fetchResumeTarget());
        await navigate(target, { replace: true, state: EMAIL_CHANGED_STATE });
      })
      .catch((error: unknown) => {
        setBusy(false);
        // The BFF's 100400 says what is wrong with the address (the error table leaves it to the field); any
        // other failure the table has told the person about, and they can try again.
        const inline = inlineMessage(error, [ErrorCodes.badRequest, ErrorCodes.staffForbidden]);
        if (inline !== undefined) setErrors([{ fieldId: EMAIL_ID, message: inline }]);
      });
  }

  return (
    <SignInPage title="Change your email address" {...(back === undefined ? {} : { backTo: back })}>
      <ErrorSummary errors={errors} />
      <Typography sx={{ mb: 3 }}>
        We sent the link to confirm your email address to{' '}
        {current === '' ? 'the address you gave us' : <EmailAddress address={current} />}. If that is not right,
        enter your email address below and we will send a new link to it. Links we sent before will stop working.
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id={EMAIL_ID}
          name={EMAIL_ID}
          label="Email address"
          type="email"
          value={email}
          error={errors[0]?.message}
          onChange={(event) => {
            setEmail(event.target.value);
            keepEmailDraft(event.target.value);
          }}
          input={{ autoComplete: 'email', inputMode: 'email', spellCheck: false, autoCapitalize: 'none' }}
          sx={{ mb: 4 }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Send a new link
        </Button>
      </Box>
    </SignInPage>
  );
}
