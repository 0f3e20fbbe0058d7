import { ACCESS_TOKEN_STORAGE_SECONDS, ErrorCodes } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { updateApplicationEmail } from '../../api/auth';
import { EmailAddress } from '../../components/email-address';
import { emailAddress, QuestionPage, TextAnswer } from '../../components/question';
import {
  EMAIL_CHANGED_STATE,
  emailUpdateReturn,
  forgetEmailDraft,
  keepEmailDraft,
  readEmailDraft,
} from '../../lib/email-change';
import { fetchResumeTarget } from '../../lib/resume-application';
import { storageKeys } from '../../lib/storage-keys';

/** The address as the BFF checks it, before it checks the rest (taken, unchanged, already confirmed). */
const schema = z.object({
  email: emailAddress('Enter your new email address'),
});

/** What the BFF answers inline about the address: its checks (100400), and a change staff may not make (100617). */
const INLINE_CODES = [ErrorCodes.badRequest, ErrorCodes.staffForbidden];

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
  const [email] = useState(() => readEmailDraft() ?? current);

  return (
    <QuestionPage
      question="Change your email address"
      backTo={back}
      intro={
        <Typography sx={{ mb: 3 }}>
          We sent the link to confirm your email address to{' '}
          {current === '' ? 'the address you gave us' : <EmailAddress address={current} />}. If that is not right,
          enter your email address below and we will send a new link to it. Links we sent before will stop working.
        </Typography>
      }
      schema={schema}
      defaultValues={{ email }}
      onChange={(values) => {
        keepEmailDraft(values.email);
      }}
      onSubmit={async (answer) => {
        const user = await updateApplicationEmail({ email: answer.email });
        // The app keeps the signed-in person's address (spec §3): the confirmation screens show it.
        expiringLocalStorage.setItem(storageKeys.email, user.email, ACCESS_TOKEN_STORAGE_SECONDS);
        forgetEmailDraft();
        const target = back ?? (await fetchResumeTarget());
        await navigate(target, { replace: true, state: EMAIL_CHANGED_STATE });
      }}
      serverField="email"
      serverCodes={INLINE_CODES}
      submitLabel="Send a new link"
    >
      <TextAnswer
        name="email"
        label="Email address"
        type="email"
        input={{ autoComplete: 'email', inputMode: 'email', spellCheck: false, autoCapitalize: 'none' }}
      />
    </QuestionPage>
  );
}
