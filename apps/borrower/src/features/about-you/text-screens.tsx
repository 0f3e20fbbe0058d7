import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { recordPurposeText } from '../../lib/legacy-stages';
import { moneyTextOf, moneyValueOf } from '../../lib/money';
import type { MoneyValue } from '../../lib/money';
import { checkedText, MoneyAnswer, QuestionPage, TextAnswer } from '../../components/question';
import { incomeAmount, INCOME_HINT, INCOME_QUESTION } from '../../components/question-groups/income';
import { PURPOSE_QUESTION, PurposeTextAnswer, purposeText } from '../../components/question-groups/purpose';
import { firstNameError, lastNameError } from './answers';

const purposeTextSchema = z.object({ purposeText });

/** /amount/purpose_text: the purpose in words, when "Something else" was chosen. */
export function PurposeTextScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().purposeText);
  return (
    <QuestionPage
      question={PURPOSE_QUESTION}
      backTo={paths.amount.purpose}
      schema={purposeTextSchema}
      defaultValues={{ purposeText: initial }}
      onChange={keepApplicationAnswers}
      // A signed-in applicant whose application waits for the words has them recorded, then resumes.
      onSubmit={(answer) =>
        recordPurposeText(answer.purposeText).then((next) =>
          next === undefined ? navigate(paths.amount.name) : navigate(next, { replace: true }),
        )
      }
    >
      <PurposeTextAnswer />
    </QuestionPage>
  );
}

const firstNameSchema = z.object({ firstName: checkedText(firstNameError) });

/** /amount/name: the first name. Back leads to where the purpose was answered. */
export function FirstNameScreen() {
  const navigate = useNavigate();
  const [draft] = useState(readApplicationDraft);
  return (
    <QuestionPage
      question="What is your first name?"
      backTo={draft.purpose === 'other' ? paths.amount.purposeText : paths.amount.purpose}
      schema={firstNameSchema}
      defaultValues={{ firstName: draft.firstName }}
      onChange={keepApplicationAnswers}
      onSubmit={() => navigate(paths.amount.lastName)}
    >
      <TextAnswer name="firstName" label="First name" input={{ autoComplete: 'given-name', spellCheck: false }} />
    </QuestionPage>
  );
}

const lastNameSchema = z.object({ lastName: checkedText(lastNameError) });

/** /amount/last_name: the family name. */
export function LastNameScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().lastName);
  return (
    <QuestionPage
      question="What is your last name?"
      backTo={paths.amount.name}
      schema={lastNameSchema}
      defaultValues={{ lastName: initial }}
      onChange={keepApplicationAnswers}
      onSubmit={() => navigate(paths.amount.dobInput)}
    >
      <TextAnswer name="lastName" label="Last name" input={{ autoComplete: 'family-name', spellCheck: false }} />
    </QuestionPage>
  );
}

const incomeSchema = z.object({ income: incomeAmount });

/**
 * /amount/income: gross yearly income, the income question of both journeys (question-groups/income.tsx). The
 * early steps' draft keeps it as text, as the eligibility check and the later steps read it.
 */
export function IncomeScreen() {
  const navigate = useNavigate();
  const [income] = useState(() => moneyValueOf(readApplicationDraft().income));
  return (
    <QuestionPage
      question={INCOME_QUESTION}
      backTo={paths.amount.email}
      schema={incomeSchema}
      defaultValues={{ income }}
      onChange={(answer: { income: MoneyValue }) => keepApplicationAnswers({ income: moneyTextOf(answer.income) })}
      onSubmit={() => navigate(paths.amount.employment)}
    >
      <MoneyAnswer name="income" label="Yearly income before tax" hint={INCOME_HINT} />
    </QuestionPage>
  );
}
