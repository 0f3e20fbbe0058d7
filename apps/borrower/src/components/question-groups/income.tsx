import Typography from '@mui/material/Typography';
import type { components } from '@lender/api-client';
import { z } from 'zod';
import { readApplicationDraft } from '../../lib/application-draft';
import { incomeDraft } from '../../lib/drafts/income-draft';
import type { IncomeDraft } from '../../lib/drafts/income-draft';
import { EMPLOYMENT, employmentFromEligibility, FREQUENCY } from '../../lib/income-choices';
import { moneyValue, moneyValueOf, optionalPence, pence } from '../../lib/money';
import type { MoneyValue } from '../../lib/money';
import { addProblemsOf, MoneyAnswer, RadiosAnswer, requiredChoice } from '../question';
import { YES_NO } from '../radio-field';

/**
 * The income questions, asked the same way by both application journeys (the legacy /amount/income and
 * /income_verify pages, the one-page /loan/income step) and by borrow-more later: one wording, one check,
 * one draft (lib/drafts/income-draft.ts), prefilled with whatever the applicant already answered.
 */

type Income = components['schemas']['Income'];
type CreditAssessmentQuestion = components['schemas']['CreditAssessmentQuestion'];
type CreditAssessmentAnswer = components['schemas']['CreditAssessmentAnswer'];

export const INCOME_QUESTION = 'What is your yearly income before tax?';
export const INCOME_HINT = 'Include wages, pensions and benefits, in whole pounds, like 32,000';

/** The yearly income, to pence. */
export const incomeAmount = pence({
  required: 'Enter your yearly income before tax',
  invalid: 'Enter your yearly income before tax in whole pounds, like 32,000',
});

const employmentStatus = requiredChoice('Select how you are employed').pipe(
  z.enum(EMPLOYMENT.map((option) => option.value) as [Income['employmentStatus'], ...Income['employmentStatus'][]]),
);
const payFrequency = requiredChoice('Select how often you are paid').pipe(
  z.enum(FREQUENCY.map((option) => option.value) as [Income['payFrequency'], ...Income['payFrequency'][]]),
);

/** The checks of the income details, to spread into a page's schema beside its other answers. */
export const incomeDetailsShape = { income: incomeAmount, employment: employmentStatus, frequency: payFrequency };

/** The checked income details as the contract's Income takes them. */
export function incomeOf(details: {
  income: number;
  employment: Income['employmentStatus'];
  frequency: Income['payFrequency'];
}): Income {
  return { annualIncomePence: details.income, employmentStatus: details.employment, payFrequency: details.frequency };
}

/** The income details on a page of their own. */
export const incomeDetailsSchema = z.object(incomeDetailsShape).transform(incomeOf);

export interface IncomeDetailsValues {
  income: MoneyValue;
  employment: string;
  frequency: string;
}

/**
 * The income details to start from: as being given (the income draft), else as the application records them,
 * else as answered on the early steps (/amount/income, /amount/employment) in this browser.
 */
export function incomeDetailsDefaults(recorded?: Income): IncomeDetailsValues {
  const kept = incomeDraft.read();
  const early = readApplicationDraft();
  return {
    income: kept.income ?? recorded?.annualIncomePence ?? moneyValueOf(early.income),
    employment: kept.employment ?? recorded?.employmentStatus ?? employmentFromEligibility(early.employment) ?? '',
    frequency: kept.frequency ?? recorded?.payFrequency ?? '',
  };
}

/** Keeps what is being given, for a refresh or a new tab. */
export function keepIncome(values: Partial<IncomeDraft>): void {
  incomeDraft.keep(values);
}

/** The yearly income, how the applicant is employed and how often paid. */
export function IncomeDetailsAnswers() {
  return (
    <>
      <MoneyAnswer name="income" label={INCOME_QUESTION} hint={INCOME_HINT} />
      <RadiosAnswer name="employment" legend="How are you employed?" options={EMPLOYMENT} />
      <RadiosAnswer name="frequency" legend="How often are you paid?" options={FREQUENCY} />
    </>
  );
}

/** The form name of a credit-assessment question's answer: `credit.<id>` (its field id `credit-<id>`). */
export function creditName(question: CreditAssessmentQuestion): string {
  return `credit.${question.id}`;
}

const AMOUNT_INVALID = 'Enter the amount in whole pounds, like 150';

/** One question's check, as its metadata says: money in whole pounds or a choice, required or not. */
function answerCheck(question: CreditAssessmentQuestion): z.ZodType {
  const required = `Answer the question: ${question.text}`;
  if (question.type === 'amount_pence') {
    return question.required ? pence({ required, invalid: AMOUNT_INVALID }) : optionalPence(AMOUNT_INVALID);
  }
  return question.required ? requiredChoice(required) : z.string().optional();
}

/** A question's answer, an unanswered one being empty. */
function answerOf(answers: Record<string, MoneyValue>, question: CreditAssessmentQuestion): MoneyValue {
  return answers[question.id] ?? (question.type === 'amount_pence' ? null : '');
}

/**
 * The answers of the credit-assessment questions, checked as their metadata says, to what the contract takes:
 * amounts in pence, unanswered optional questions left out.
 */
export function creditAnswersSchema(questions: readonly CreditAssessmentQuestion[]) {
  return z
    .record(z.string(), moneyValue)
    .superRefine((answers, context) => {
      for (const question of questions) addProblemsOf(context, answerCheck(question), answerOf(answers, question), question.id);
    })
    .transform((answers): CreditAssessmentAnswer[] =>
      questions.flatMap((question) => {
        const value: unknown = answerCheck(question).parse(answerOf(answers, question));
        if (typeof value === 'number') return [{ questionId: question.id, value: String(value) }];
        return typeof value === 'string' && value !== '' ? [{ questionId: question.id, value }] : [];
      }),
    );
}

/**
 * The answers to start from: as being given, else as recorded (amounts come back in pence, as text).
 */
export function creditDefaults(
  questions: readonly CreditAssessmentQuestion[],
  recorded: readonly CreditAssessmentAnswer[] = [],
): Record<string, MoneyValue> {
  const kept = incomeDraft.read().credit ?? {};
  return Object.fromEntries(
    questions.map((question) => {
      const answer = recorded.find((candidate) => candidate.questionId === question.id)?.value;
      const shown = question.type === 'amount_pence' && answer !== undefined && /^\d+$/.test(answer) ? Number(answer) : answer;
      return [question.id, kept[question.id] ?? shown ?? (question.type === 'amount_pence' ? null : '')];
    }),
  );
}

/** One answer per question of the metadata: money after a £, else radios (yes or no, or the options). */
export function CreditAssessmentAnswers({ questions }: { questions: readonly CreditAssessmentQuestion[] }) {
  return (
    <>
      {questions.map((question) =>
        question.type === 'amount_pence' ? (
          <MoneyAnswer
            key={question.id}
            name={creditName(question)}
            label={question.text}
            hint={question.hint ?? 'In whole pounds'}
          />
        ) : (
          <RadiosAnswer
            key={question.id}
            name={creditName(question)}
            legend={question.text}
            hint={question.hint}
            options={
              question.type === 'boolean'
                ? YES_NO
                : question.options.map((option) => ({ value: option.code, label: option.label }))
            }
          />
        ),
      )}
    </>
  );
}

/** Said above the credit-assessment questions. */
export function CreditAssessmentIntro() {
  return <Typography sx={{ mb: 3 }}>These answers help us lend only what you can afford to repay.</Typography>;
}
