import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { emailError } from './answers';
import { TextQuestion } from '../../components/question-forms';

/**
 * /amount/email: the e-mail address, checked with the BFF before moving on. An address that already has an
 * account is answered 100613, which the shared error table turns into the login and the 'already registered'
 * popup (spec §4); any other failure is told by the table too, and the person can try again.
 */
export function EmailScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().email);
  return (
    <TextQuestion
      title="What is your email address?"
      backTo={paths.amount.dobInput}
      id="email"
      label="Email address"
      hint="We will use this to contact you about your application"
      initial={initial}
      input={{ type: 'email', autoComplete: 'email', spellCheck: false }}
      validate={emailError}
      keep={(email) => keepApplicationAnswers({ email })}
      onValid={(email) =>
        api.post('/eligibility/verifyUserStatusByEmail', { body: { email: email.trim() } }).then(() => {
          void navigate(paths.amount.income);
        })
      }
    />
  );
}
