import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { recordPurposeText } from '../../lib/legacy-stages';
import { firstNameError, incomeError, lastNameError, PURPOSE_TEXT_MAX, purposeTextError } from './answers';
import { TextQuestion } from '../../components/question-forms';

/** /amount/purpose_text: the purpose in words, when "Something else" was chosen. */
export function PurposeTextScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().purposeText);
  return (
    <TextQuestion
      title="What is the loan for?"
      backTo={paths.amount.purpose}
      id="purposeText"
      label="Tell us what the loan is for"
      hint={`Up to ${PURPOSE_TEXT_MAX} characters`}
      initial={initial}
      input={{ autoComplete: 'off', maxLength: PURPOSE_TEXT_MAX }}
      validate={purposeTextError}
      keep={(purposeText) => keepApplicationAnswers({ purposeText })}
      // A signed-in applicant whose application waits for the words has them recorded, then resumes.
      onValid={(purposeText) =>
        recordPurposeText(purposeText).then((next) =>
          next === undefined ? navigate(paths.amount.name) : navigate(next, { replace: true }),
        )
      }
    />
  );
}

/** /amount/name: the first name. Back leads to where the purpose was answered. */
export function FirstNameScreen() {
  const navigate = useNavigate();
  const [draft] = useState(readApplicationDraft);
  return (
    <TextQuestion
      title="What is your first name?"
      backTo={draft.purpose === 'other' ? paths.amount.purposeText : paths.amount.purpose}
      id="firstName"
      label="First name"
      initial={draft.firstName}
      input={{ autoComplete: 'given-name', spellCheck: false }}
      validate={firstNameError}
      keep={(firstName) => keepApplicationAnswers({ firstName })}
      onValid={() => {
        void navigate(paths.amount.lastName);
        return undefined;
      }}
    />
  );
}

/** /amount/last_name: the family name. */
export function LastNameScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().lastName);
  return (
    <TextQuestion
      title="What is your last name?"
      backTo={paths.amount.name}
      id="lastName"
      label="Last name"
      initial={initial}
      input={{ autoComplete: 'family-name', spellCheck: false }}
      validate={lastNameError}
      keep={(lastName) => keepApplicationAnswers({ lastName })}
      onValid={() => {
        void navigate(paths.amount.dobInput);
        return undefined;
      }}
    />
  );
}

/** /amount/income: gross yearly income in whole pounds. */
export function IncomeScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().income);
  return (
    <TextQuestion
      title="What is your yearly income before tax?"
      backTo={paths.amount.email}
      id="income"
      label="Yearly income before tax"
      hint="In whole pounds, like 32,000"
      initial={initial}
      input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
      pounds
      validate={incomeError}
      keep={(income) => keepApplicationAnswers({ income })}
      onValid={() => {
        void navigate(paths.amount.employment);
        return undefined;
      }}
    />
  );
}
