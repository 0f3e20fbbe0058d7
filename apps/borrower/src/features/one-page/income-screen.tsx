import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { api } from '../../lib/api';
import { readApplicationDraft } from '../../lib/application-draft';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import type { OnePageAnswers } from './answers-draft';
import { RadioField, YES_NO } from '../../components/radio-field';
import type { Choice } from '../../components/radio-field';
import { EMPLOYMENT, FREQUENCY } from '../../lib/income-choices';
import { JourneyPage, useJourney } from './journey-page';
import { LoadFailed, Loading, useLoad } from '../../components/load-state';
import type { CreditAssessmentQuestion, OnePageInfo } from './one-page-api';
import { StepForm, errorOf } from './step-form';
import { futureChangeError, incomeError, poundsError, poundsOf } from './validation';

type Income = NonNullable<OnePageInfo['income']>;
type FutureChange = NonNullable<OnePageInfo['futureIncomeChange']>;

const DIRECTION: readonly (Choice & { value: NonNullable<FutureChange['direction']> })[] = [
  { value: 'increase', label: 'Go up' },
  { value: 'decrease', label: 'Go down' },
];

const REASON: readonly (Choice & { value: NonNullable<FutureChange['reason']> })[] = [
  { value: 'new_job', label: 'A new job' },
  { value: 'reduced_hours', label: 'Fewer hours' },
  { value: 'redundancy', label: 'Redundancy' },
  { value: 'retirement', label: 'Retirement' },
  { value: 'parental_leave', label: 'Parental leave' },
  { value: 'health', label: 'Health' },
  { value: 'other', label: 'Something else' },
];

const loadQuestions = (signal: AbortSignal) =>
  api.get('/onePage/application/getCreditAssessmentQuestionsMetadata', { signal });

function poundsText(pence: number | undefined): string {
  return pence === undefined ? '' : String(Math.floor(pence / 100));
}

/** An answer as the person sees it: pence become pounds for an amount question. */
function shownAnswer(question: CreditAssessmentQuestion, value: string): string {
  return question.type === 'amount_pence' && /^\d+$/.test(value) ? poundsText(Number(value)) : value;
}

function choicesOf(question: CreditAssessmentQuestion): readonly Choice[] {
  return question.type === 'boolean' ? YES_NO : question.options.map((option) => ({ value: option.code, label: option.label }));
}

function fieldIdOf(question: CreditAssessmentQuestion): string {
  return `question-${question.id}`;
}

/** The income step's answers as entered, with what the application records where nothing was entered. */
function initialAnswers(info: OnePageInfo, questions: readonly CreditAssessmentQuestion[]) {
  const kept = readOnePageAnswers();
  const recorded = Object.fromEntries(
    info.creditAssessment.map((answer) => {
      const question = questions.find((candidate) => candidate.id === answer.questionId);
      return [answer.questionId, question === undefined ? answer.value : shownAnswer(question, answer.value)];
    }),
  );
  const change = info.futureIncomeChange;
  return {
    // As entered here, else as recorded, else as given on the /amount steps in this tab.
    income: kept.income ?? (info.income === undefined ? readApplicationDraft().income : poundsText(info.income.annualIncomePence)),
    employment: kept.employment ?? info.income?.employmentStatus ?? '',
    frequency: kept.frequency ?? info.income?.payFrequency ?? '',
    futureChange: kept.futureChange ?? (change === undefined ? '' : change.expected ? 'yes' : 'no'),
    direction: kept.direction ?? change?.direction ?? '',
    reason: kept.reason ?? change?.reason ?? '',
    newIncome: kept.newIncome ?? poundsText(change?.newAnnualIncomePence),
    credit: { ...recorded, ...kept.credit },
  };
}

type IncomeAnswers = ReturnType<typeof initialAnswers>;

/** The problems of the income step's answers, in the order of the fields. */
export function incomeStepErrors(answers: IncomeAnswers, questions: readonly CreditAssessmentQuestion[]): FieldError[] {
  const checks: [string, string | undefined][] = [
    ['income', incomeError(answers.income)],
    ['employment', answers.employment === '' ? 'Select how you are employed' : undefined],
    ['frequency', answers.frequency === '' ? 'Select how often you are paid' : undefined],
    ['futureChange', futureChangeError(answers.futureChange)],
  ];
  if (answers.futureChange === 'yes') {
    checks.push(
      ['direction', answers.direction === '' ? 'Select whether your income will go up or down' : undefined],
      ['reason', answers.reason === '' ? 'Select why your income will change' : undefined],
      ['newIncome', poundsError(answers.newIncome, 'what your yearly income will be', '28,000')],
    );
  }
  for (const question of questions) {
    const value = answers.credit[question.id] ?? '';
    const id = fieldIdOf(question);
    if (value === '') {
      if (question.required) checks.push([id, `Answer the question: ${question.text}`]);
    } else if (question.type === 'amount_pence') {
      checks.push([id, poundsOf(value) === undefined ? 'Enter the amount in whole pounds, like 150' : undefined]);
    }
  }
  return checks.flatMap(([fieldId, message]) => (message === undefined ? [] : [{ fieldId, message }]));
}

function IncomeForm({ questions }: { questions: readonly CreditAssessmentQuestion[] }) {
  const { info } = useJourney();
  const [answers, setAnswers] = useState(() => initialAnswers(info, questions));

  function change(next: Partial<IncomeAnswers>) {
    const merged = { ...answers, ...next };
    setAnswers(merged);
    const kept: OnePageAnswers = { ...merged };
    keepOnePageAnswers(kept);
  }

  async function send() {
    const income = {
      annualIncomePence: (poundsOf(answers.income) ?? 0) * 100,
      employmentStatus: answers.employment as Income['employmentStatus'],
      payFrequency: answers.frequency as Income['payFrequency'],
    };
    const credit = questions.flatMap((question) => {
      const value = answers.credit[question.id] ?? '';
      if (value === '') return [];
      const sent = question.type === 'amount_pence' ? String((poundsOf(value) ?? 0) * 100) : value;
      return [{ questionId: question.id, value: sent }];
    });
    await api.post('/onePage/application/UpdateCreditAssessment', { body: { income, answers: credit } });
    const expected = answers.futureChange === 'yes';
    await api.post('/onePage/application/updateFutureIncomeChange', {
      body: expected
        ? {
            expected,
            direction: answers.direction as NonNullable<FutureChange['direction']>,
            reason: answers.reason as NonNullable<FutureChange['reason']>,
            newAnnualIncomePence: (poundsOf(answers.newIncome) ?? 0) * 100,
          }
        : { expected },
    });
  }

  const pounds = { input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } };
  return (
    <StepForm title="Your income" validate={() => incomeStepErrors(answers, questions)} send={send}>
      {(errors) => (
        <>
          <FormField
            id="income"
            label="What is your yearly income before tax?"
            hint="Include wages, pensions and benefits"
            value={answers.income}
            error={errorOf(errors, 'income')}
            onChange={(event) => {
              change({ income: event.target.value });
            }}
            input={{ inputMode: 'numeric', autoComplete: 'off' }}
            slotProps={pounds}
            sx={{ mb: 3 }}
          />
          <RadioField
            name="employment"
            legend="How are you employed?"
            options={EMPLOYMENT}
            value={answers.employment}
            onChange={(employment) => {
              change({ employment });
            }}
            error={errorOf(errors, 'employment')}
          />
          <RadioField
            name="frequency"
            legend="How often are you paid?"
            options={FREQUENCY}
            value={answers.frequency}
            onChange={(frequency) => {
              change({ frequency });
            }}
            error={errorOf(errors, 'frequency')}
          />
          <RadioField
            name="futureChange"
            legend="Is your income likely to change in the next 12 months?"
            options={YES_NO}
            value={answers.futureChange}
            onChange={(futureChange) => {
              change({ futureChange });
            }}
            error={errorOf(errors, 'futureChange')}
          />
          {answers.futureChange === 'yes' ? (
            <>
              <RadioField
                name="direction"
                legend="Will it go up or down?"
                options={DIRECTION}
                value={answers.direction}
                onChange={(direction) => {
                  change({ direction });
                }}
                error={errorOf(errors, 'direction')}
              />
              <RadioField
                name="reason"
                legend="Why will it change?"
                options={REASON}
                value={answers.reason}
                onChange={(reason) => {
                  change({ reason });
                }}
                error={errorOf(errors, 'reason')}
              />
              <FormField
                id="newIncome"
                label="What will your yearly income before tax be?"
                value={answers.newIncome}
                error={errorOf(errors, 'newIncome')}
                onChange={(event) => {
                  change({ newIncome: event.target.value });
                }}
                input={{ inputMode: 'numeric', autoComplete: 'off' }}
                slotProps={pounds}
                sx={{ mb: 3 }}
              />
            </>
          ) : null}
          {questions.map((question) => {
            const id = fieldIdOf(question);
            const value = answers.credit[question.id] ?? '';
            const set = (next: string) => {
              change({ credit: { ...answers.credit, [question.id]: next } });
            };
            return question.type === 'amount_pence' ? (
              // A question too long for the field's own label is written above it, as the radios' legends are.
              <Box key={question.id}>
                <Typography component="label" htmlFor={id} sx={{ display: 'block', typography: 'h6', mb: 1 }}>
                  {question.text}
                </Typography>
                <FormField
                  id={id}
                  hint={question.hint}
                  value={value}
                  error={errorOf(errors, id)}
                  onChange={(event) => {
                    set(event.target.value);
                  }}
                  input={{ inputMode: 'numeric', autoComplete: 'off' }}
                  slotProps={pounds}
                  sx={{ mb: 3 }}
                />
              </Box>
            ) : (
              <RadioField
                key={question.id}
                name={id}
                legend={question.text}
                hint={question.hint}
                options={choicesOf(question)}
                value={value}
                onChange={set}
                error={errorOf(errors, id)}
              />
            );
          })}
        </>
      )}
    </StepForm>
  );
}

/** /loan/income (IncomeDetails): income, a likely change, and the credit-assessment questions of the metadata. */
export function IncomeScreen() {
  const { result, retry } = useLoad(loadQuestions);
  if (result.state === 'ready') return <IncomeForm questions={result.value.questions} />;
  return (
    <JourneyPage title="Your income">
      {result.state === 'loading' ? <Loading label="Loading the questions" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load the questions." onRetry={retry} /> : null}
    </JourneyPage>
  );
}
