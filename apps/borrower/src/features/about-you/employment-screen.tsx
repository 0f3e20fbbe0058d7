import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { EMPLOYMENT_STATUSES } from './answers';
import { RadioQuestion } from '../../components/question-forms';

/** /amount/employment: the last question about the applicant; their address comes next. */
export function EmploymentScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().employment);
  return (
    <RadioQuestion
      title="What is your employment status?"
      backTo={paths.amount.income}
      name="employment"
      options={EMPLOYMENT_STATUSES}
      initial={initial}
      required="Select your employment status"
      keep={(employment) => keepApplicationAnswers({ employment })}
      onValid={() => {
        void navigate(paths.amount.address);
      }}
    />
  );
}
