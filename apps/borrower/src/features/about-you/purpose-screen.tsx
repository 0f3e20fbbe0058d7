import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { QuestionPage } from '../../components/question';
import { PURPOSE_QUESTION, PurposeAnswer, purposeChoice } from '../../components/question-groups/purpose';

const schema = z.object({ purpose: purposeChoice });

/** /amount/purpose: what the loan is for; `other` asks for it in words next. */
export function PurposeScreen() {
  const navigate = useNavigate();
  const [purpose] = useState(() => readApplicationDraft().purpose);
  return (
    <QuestionPage
      question={PURPOSE_QUESTION}
      backTo={paths.amount.loanCalculation}
      schema={schema}
      defaultValues={{ purpose }}
      onChange={keepApplicationAnswers}
      onSubmit={(answer) => navigate(answer.purpose === 'other' ? paths.amount.purposeText : paths.amount.name)}
    >
      <PurposeAnswer />
    </QuestionPage>
  );
}
