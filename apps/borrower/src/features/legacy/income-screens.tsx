import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import { EMPLOYMENT, FREQUENCY } from '../../lib/income-choices';
import {
  creditAnswersOf,
  creditErrors,
  fieldIdOf,
  forgetIncomeDraft,
  incomeErrors,
  incomeOf,
  keepIncomeDraft,
  readIncomeDraft,
  YES_NO,
} from './income-draft';
import type { CreditAssessmentQuestion, IncomeDraft } from './income-draft';
import { LoadFailed, Loading, useLoad } from '../../components/load-state';
import { RadioField } from '../../components/radio-field';

const POUNDS = { input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } };

function errorOf(errors: readonly FieldError[], fieldId: string): string | undefined {
  return errors.find((error) => error.fieldId === fieldId)?.message;
}

/** The draft kept on every change, so a refresh or a failed call loses nothing. */
function useIncomeDraft(): [IncomeDraft, (next: Partial<IncomeDraft>) => void] {
  const [draft, setDraft] = useState(readIncomeDraft);
  return [
    draft,
    (next) => {
      const value = { ...draft, ...next };
      setDraft(value);
      keepIncomeDraft(value);
    },
  ];
}

/**
 * /income_verify (the incomeVerification stage, first part): the income details (yearly income, employment, how
 * often paid). They are sent with the credit-assessment answers of /income_verify2.
 */
export function IncomeVerifyScreen() {
  const navigate = useNavigate();
  const [draft, change] = useIncomeDraft();
  const [errors, setErrors] = useState<FieldError[]>([]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = incomeErrors(draft);
    setErrors(found);
    if (found.length === 0) void navigate(paths.legacy.incomeVerify2);
  }

  return (
    <SignInPage title="Your income">
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id="income"
          label="What is your yearly income before tax?"
          hint="Include wages, pensions and benefits, in whole pounds"
          value={draft.income}
          error={errorOf(errors, 'income')}
          onChange={(event) => {
            change({ income: event.target.value });
          }}
          input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
          slotProps={POUNDS}
          sx={{ mb: 3 }}
        />
        <RadioField
          name="employment"
          legend="How are you employed?"
          options={EMPLOYMENT}
          value={draft.employment}
          error={errorOf(errors, 'employment')}
          onChange={(employment) => {
            change({ employment });
          }}
        />
        <RadioField
          name="frequency"
          legend="How often are you paid?"
          options={FREQUENCY}
          value={draft.frequency}
          error={errorOf(errors, 'frequency')}
          onChange={(frequency) => {
            change({ frequency });
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}

const loadQuestions = (signal: AbortSignal) =>
  api.get('/onePage/application/getCreditAssessmentQuestionsMetadata', { signal });

/**
 * /income_verify2 (the incomeVerification stage, second part): the credit-assessment questions, then the income
 * details and the answers are recorded together (onePage/application/UpdateCreditAssessment, which records them
 * on the applicant's latest application, legacy or not) and the application goes on to /all_submit.
 */
export function IncomeVerify2Screen() {
  const { result, retry } = useLoad(loadQuestions);
  const [draft] = useState(readIncomeDraft);
  if (incomeOf(draft) === undefined) return <Navigate replace to={paths.legacy.incomeVerify} />;
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
  return <CreditQuestions questions={result.value.questions} />;
}

function CreditQuestions({ questions }: { questions: readonly CreditAssessmentQuestion[] }) {
  const navigate = useNavigate();
  const [draft, change] = useIncomeDraft();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function answer(question: CreditAssessmentQuestion, value: string) {
    change({ credit: { ...draft.credit, [question.id]: value } });
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    const found = creditErrors(draft, questions);
    setErrors(found);
    const income = incomeOf(draft);
    if (found.length > 0 || income === undefined) return;
    setBusy(true);
    api
      .post('/onePage/application/UpdateCreditAssessment', { body: { income, answers: creditAnswersOf(draft, questions) } })
      .then(
        () => {
          forgetIncomeDraft();
          return navigate(paths.legacy.allSubmit, { replace: true });
        },
        () => {
          // The shared error table has told the person; the answers stay for another try.
          setBusy(false);
        },
      );
  }

  return (
    <SignInPage title="About your finances" backTo={paths.legacy.incomeVerify}>
      <ErrorSummary errors={errors} />
      <Typography sx={{ mb: 3 }}>These answers help us lend only what you can afford to repay.</Typography>
      <Box component="form" noValidate onSubmit={submit}>
        {questions.map((question) =>
          question.type === 'amount_pence' ? (
            <FormField
              key={question.id}
              id={fieldIdOf(question)}
              label={question.text}
              hint={question.hint ?? 'In whole pounds'}
              value={draft.credit[question.id] ?? ''}
              error={errorOf(errors, fieldIdOf(question))}
              onChange={(event) => {
                answer(question, event.target.value);
              }}
              input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
              slotProps={POUNDS}
              sx={{ mb: 3 }}
            />
          ) : (
            <RadioField
              key={question.id}
              name={fieldIdOf(question)}
              legend={question.text}
              hint={question.hint}
              options={
                question.type === 'boolean'
                  ? YES_NO
                  : question.options.map((option) => ({ value: option.code, label: option.label }))
              }
              value={draft.credit[question.id] ?? ''}
              error={errorOf(errors, fieldIdOf(question))}
              onChange={(value) => {
                answer(question, value);
              }}
            />
          ),
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
