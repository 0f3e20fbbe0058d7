import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { EMPLOYMENT_STATUSES } from './answers';
import { RadioQuestion } from './question-forms';

/** /amount/employment: the last question of these steps; the answers are then checked on /amount/step2. */
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
        void navigate(paths.amount.step2);
      }}
    />
  );
}
