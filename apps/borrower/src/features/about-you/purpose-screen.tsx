import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { RadioQuestion } from '../../components/question-forms';
import { LOAN_PURPOSES } from '../../lib/loan-purposes';

/** /amount/purpose: what the loan is for; `other` asks for it in words next. */
export function PurposeScreen() {
  const navigate = useNavigate();
  const [initial] = useState(() => readApplicationDraft().purpose);
  return (
    <RadioQuestion
      title="What is the loan for?"
      backTo={paths.amount.loanCalculation}
      name="purpose"
      options={LOAN_PURPOSES}
      initial={initial}
      required="Select what the loan is for"
      keep={(purpose) => keepApplicationAnswers({ purpose })}
      onValid={(purpose) => {
        void navigate(purpose === 'other' ? paths.amount.purposeText : paths.amount.name);
      }}
    />
  );
}
