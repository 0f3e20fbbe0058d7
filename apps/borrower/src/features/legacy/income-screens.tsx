import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { components } from '@lender/api-client';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { creditQuestionsQuery, updateCreditAssessment } from '../../api/one-page';
import { useServerData } from '../../api/query-client';
import { incomeDraft } from '../../lib/drafts/income-draft';
import { LoadFailed, Loading } from '../../components/load-state';
import { QuestionPage } from '../../components/question';
import {
  CreditAssessmentAnswers,
  CreditAssessmentIntro,
  creditAnswersSchema,
  creditDefaults,
  IncomeDetailsAnswers,
  incomeDetailsDefaults,
  incomeDetailsSchema,
  keepIncome,
} from '../../components/question-groups/income';

type CreditAssessmentQuestion = components['schemas']['CreditAssessmentQuestion'];

/**
 * /income_verify (the incomeVerification stage, first part): the income details (yearly income, employment, how
 * often paid), the same questions as the one-page income step. They are sent with the credit-assessment answers
 * of /income_verify2.
 */
export function IncomeVerifyScreen() {
  const navigate = useNavigate();
  const [defaults] = useState(() => incomeDetailsDefaults());
  return (
    <QuestionPage
      question="Your income"
      schema={incomeDetailsSchema}
      defaultValues={defaults}
      onChange={keepIncome}
      onSubmit={() => navigate(paths.legacy.incomeVerify2)}
    >
      <IncomeDetailsAnswers />
    </QuestionPage>
  );
}

/**
 * /income_verify2 (the incomeVerification stage, second part): the credit-assessment questions, then the income
 * details and the answers are recorded together (onePage/application/UpdateCreditAssessment, which records them
 * on the applicant's latest application, legacy or not) and the application goes on to /all_submit.
 */
export function IncomeVerify2Screen() {
  const { result, retry } = useServerData(creditQuestionsQuery);
  const [income] = useState(() => incomeDetailsSchema.safeParse(incomeDetailsDefaults()));
  if (!income.success) return <Navigate replace to={paths.legacy.incomeVerify} />;
  if (result.state !== 'ready') {
    return (
      <SignInPage title="About your finances" backTo={paths.legacy.incomeVerify}>
        {result.state === 'loading' ? (
          <Loading label="Loading the questions" />
        ) : (
          <LoadFailed message="We could not load the questions." onRetry={retry} />
        )}
      </SignInPage>
    );
  }
  return <CreditQuestions questions={result.value.questions} income={income.data} />;
}

function CreditQuestions({
  questions,
  income,
}: {
  questions: readonly CreditAssessmentQuestion[];
  income: components['schemas']['Income'];
}) {
  const navigate = useNavigate();
  const [schema] = useState(() => z.object({ credit: creditAnswersSchema(questions) }));
  const [defaults] = useState(() => ({ credit: creditDefaults(questions) }));
  return (
    <QuestionPage
      question="About your finances"
      backTo={paths.legacy.incomeVerify}
      intro={<CreditAssessmentIntro />}
      schema={schema}
      defaultValues={defaults}
      onChange={keepIncome}
      onSubmit={async ({ credit }) => {
        await updateCreditAssessment({ income, answers: credit });
        incomeDraft.forget();
        await navigate(paths.legacy.allSubmit, { replace: true });
      }}
    >
      <CreditAssessmentAnswers questions={questions} />
    </QuestionPage>
  );
}
