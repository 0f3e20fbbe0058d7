import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { QuestionPage, RadiosAnswer, requiredChoice } from '../../components/question';
import { EMPLOYMENT_STATUSES } from './answers';

const QUESTION = 'What is your employment status?';
const schema = z.object({ employment: requiredChoice('Select your employment status') });

/** /amount/employment: the last question about the applicant; their address comes next. */
export function EmploymentScreen() {
  const navigate = useNavigate();
  const [employment] = useState(() => readApplicationDraft().employment);
  return (
    <QuestionPage
      question={QUESTION}
      backTo={paths.amount.income}
      schema={schema}
      defaultValues={{ employment }}
      onChange={keepApplicationAnswers}
      onSubmit={() => navigate(paths.amount.address)}
    >
      <RadiosAnswer name="employment" legend={QUESTION} hideLegend options={EMPLOYMENT_STATUSES} />
    </QuestionPage>
  );
}
