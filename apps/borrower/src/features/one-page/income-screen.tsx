import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { YES_NO } from '../../components/radio-field';
import type { Choice } from '../../components/radio-field';
import { JourneyPage, useJourney } from './journey-page';
import { LoadFailed, Loading } from '../../components/load-state';
import { creditQuestionsQuery, updateCreditAssessment, updateFutureIncomeChange } from '../../api/one-page';
import { useServerData } from '../../api/query-client';
import { MoneyAnswer, optionalPence, QuestionPage, RadiosAnswer, requiredChoice } from '../../components/question';
import {
  CreditAssessmentAnswers,
  creditAnswersSchema,
  creditDefaults,
  IncomeDetailsAnswers,
  incomeDetailsDefaults,
  incomeDetailsShape,
  incomeOf,
  keepIncome,
} from '../../components/question-groups/income';
import type { CreditAssessmentQuestion, OnePageInfo } from './one-page-api';
import { useGoNext } from './journey-page';

type FutureChange = NonNullable<OnePageInfo['futureIncomeChange']>;
type Direction = NonNullable<FutureChange['direction']>;
type Reason = NonNullable<FutureChange['reason']>;

const DIRECTION: readonly (Choice & { value: Direction })[] = [
  { value: 'increase', label: 'Go up' },
  { value: 'decrease', label: 'Go down' },
];

const REASON: readonly (Choice & { value: Reason })[] = [
  { value: 'new_job', label: 'A new job' },
  { value: 'reduced_hours', label: 'Fewer hours' },
  { value: 'redundancy', label: 'Redundancy' },
  { value: 'retirement', label: 'Retirement' },
  { value: 'parental_leave', label: 'Parental leave' },
  { value: 'health', label: 'Health' },
  { value: 'other', label: 'Something else' },
];

/** The income step's check: the income details, whether and how it is likely to change, the credit questions. */
export function incomeStepSchema(questions: readonly CreditAssessmentQuestion[]) {
  return z
    .object({
      ...incomeDetailsShape,
      futureChange: requiredChoice('Select yes if your income or outgoings are likely to change'),
      direction: z.string(),
      reason: z.string(),
      newIncome: optionalPence('Enter what your yearly income will be in whole pounds, like 28,000'),
      credit: creditAnswersSchema(questions),
    })
    .superRefine((answers, context) => {
      // How it will change is asked only when it is likely to.
      if (answers.futureChange !== 'yes') return;
      const missing: [string, boolean, string][] = [
        ['direction', answers.direction === '', 'Select whether your income will go up or down'],
        ['reason', answers.reason === '', 'Select why your income will change'],
        ['newIncome', answers.newIncome === undefined, 'Enter what your yearly income will be'],
      ];
      for (const [path, empty, message] of missing) if (empty) context.addIssue({ code: 'custom', message, path: [path] });
    })
    .transform((answers) => ({
      income: incomeOf(answers),
      future: (answers.futureChange === 'yes'
        ? {
            expected: true,
            direction: answers.direction as Direction,
            reason: answers.reason as Reason,
            newAnnualIncomePence: answers.newIncome ?? 0,
          }
        : { expected: false }) satisfies FutureChange,
      answers: answers.credit,
    }));
}

/** The step's answers to start from: as being given, else as the application records them, else as answered earlier. */
function initialAnswers(info: OnePageInfo, questions: readonly CreditAssessmentQuestion[]) {
  const kept = readOnePageAnswers();
  const change = info.futureIncomeChange;
  return {
    ...incomeDetailsDefaults(info.income),
    futureChange: kept.futureChange ?? (change === undefined ? '' : change.expected ? 'yes' : 'no'),
    direction: kept.direction ?? change?.direction ?? '',
    reason: kept.reason ?? change?.reason ?? '',
    newIncome: kept.newIncome ?? change?.newAnnualIncomePence ?? null,
    credit: creditDefaults(questions, info.creditAssessment),
  };
}

type IncomeAnswers = ReturnType<typeof initialAnswers>;

/** Keeps each answer where it belongs: the income questions in the income draft, the change with the step's. */
function keep({ income, employment, frequency, credit, futureChange, direction, reason, newIncome }: IncomeAnswers) {
  keepIncome({ income, employment, frequency, credit });
  keepOnePageAnswers({ futureChange, direction, reason, newIncome });
}

function IncomeForm({ questions }: { questions: readonly CreditAssessmentQuestion[] }) {
  const { info } = useJourney();
  const goNext = useGoNext();
  const [schema] = useState(() => incomeStepSchema(questions));
  const [defaults] = useState(() => initialAnswers(info, questions));
  return (
    <QuestionPage
      question="Your income"
      frame={JourneyPage}
      schema={schema}
      defaultValues={defaults}
      onChange={keep}
      onSubmit={async ({ income, future, answers }) => {
        await updateCreditAssessment({ income, answers });
        await updateFutureIncomeChange(future);
        goNext();
      }}
    >
      <IncomeDetailsAnswers />
      <RadiosAnswer name="futureChange" legend="Is your income likely to change in the next 12 months?" options={YES_NO} />
      <FutureChangeAnswers />
      <CreditAssessmentAnswers questions={questions} />
    </QuestionPage>
  );
}

/** How the income will change, asked when it is likely to. */
function FutureChangeAnswers() {
  const likely = useWatch({ name: 'futureChange' }) === 'yes';
  if (!likely) return null;
  return (
    <>
      <RadiosAnswer name="direction" legend="Will it go up or down?" options={DIRECTION} />
      <RadiosAnswer name="reason" legend="Why will it change?" options={REASON} />
      <MoneyAnswer name="newIncome" label="What will your yearly income before tax be?" />
    </>
  );
}

/** /loan/income (IncomeDetails): income, a likely change, and the credit-assessment questions of the metadata. */
export function IncomeScreen() {
  const { result, retry } = useServerData(creditQuestionsQuery);
  if (result.state === 'ready') return <IncomeForm questions={result.value.questions} />;
  return (
    <JourneyPage title="Your income">
      {result.state === 'loading' ? <Loading label="Loading the questions" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load the questions." onRetry={retry} /> : null}
    </JourneyPage>
  );
}
