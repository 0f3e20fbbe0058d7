import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { checkEmailStatus } from '../../api/eligibility';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { emailAddress, QuestionPage, TextAnswer } from '../../components/question';

const schema = z.object({
  email: emailAddress('Enter your email address'),
});

/**
 * /amount/email: the e-mail address, checked as the BFF checks it, then with the BFF before moving on. An address
 * that already has an account is answered 100613, which the shared error table turns into the login and the
 * 'already registered' popup (spec §4); any other failure is told by the table too, and the person can try again.
 */
export function EmailScreen() {
  const navigate = useNavigate();
  const [email] = useState(() => readApplicationDraft().email);
  return (
    <QuestionPage
      question="What is your email address?"
      backTo={paths.amount.dobInput}
      schema={schema}
      defaultValues={{ email }}
      onChange={keepApplicationAnswers}
      onSubmit={async (answer) => {
        await checkEmailStatus({ email: answer.email });
        await navigate(paths.amount.income);
      }}
    >
      <TextAnswer
        name="email"
        label="Email address"
        hint="We will use this to contact you about your application"
        type="email"
        input={{ autoComplete: 'email', spellCheck: false }}
      />
    </QuestionPage>
  );
}
