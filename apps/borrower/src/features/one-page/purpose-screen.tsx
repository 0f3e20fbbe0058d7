import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { updateLoanPurpose } from '../../api/one-page';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { JourneyPage, useGoNext, useJourney } from './journey-page';
import { addProblemsOf, QuestionPage } from '../../components/question';
import {
  PURPOSE_QUESTION,
  PurposeAnswer,
  purposeChoice,
  purposeText,
  PurposeTextAnswer,
} from '../../components/question-groups/purpose';

const schema = z
  .object({ purpose: purposeChoice, purposeText: z.string() })
  .superRefine((answers, context) => {
    if (answers.purpose === 'other') addProblemsOf(context, purposeText, answers.purposeText, 'purposeText');
  })
  .transform(({ purpose, purposeText: text }) =>
    purpose === 'other' ? { purpose, purposeText: text.trim() } : { purpose },
  );

/** /loan/purpose (LoanPurpose): what the loan is for, prefilled with what the application records. */
export function LoanPurposeScreen() {
  const { info } = useJourney();
  const goNext = useGoNext();
  const [defaults] = useState(() => {
    const kept = readOnePageAnswers();
    return {
      purpose: kept.purpose ?? info.purpose?.purpose ?? '',
      purposeText: kept.purposeText ?? info.purpose?.purposeText ?? '',
    };
  });
  return (
    <QuestionPage
      question={PURPOSE_QUESTION}
      frame={JourneyPage}
      schema={schema}
      defaultValues={defaults}
      onChange={keepOnePageAnswers}
      onSubmit={async (body) => {
        await updateLoanPurpose(body);
        goNext();
      }}
    >
      <PurposeAnswer />
      <PurposeTextWhenOther />
    </QuestionPage>
  );
}

function PurposeTextWhenOther() {
  return useWatch({ name: 'purpose' }) === 'other' ? <PurposeTextAnswer /> : null;
}
