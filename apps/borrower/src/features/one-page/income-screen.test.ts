import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../test/schema-problems';
import { incomeStepSchema } from './income-screen';
import type { CreditAssessmentQuestion } from './one-page-api';

const QUESTIONS: CreditAssessmentQuestion[] = [
  { id: 'dependants', text: 'How many people depend on you?', type: 'choice', options: [{ code: '0', label: 'None' }], required: true },
  { id: 'credit_commitments', text: 'How much do you pay towards credit?', type: 'amount_pence', options: [], required: true },
  { id: 'financial_difficulty', text: 'Are you in a debt plan?', type: 'boolean', options: [], required: false },
];

/** As the step's fields hold them: money in pence once typed as money, else as typed. */
const COMPLETE = {
  income: 3_200_000 as number | string | null,
  employment: 'full_time',
  frequency: 'monthly',
  futureChange: 'no',
  direction: '',
  reason: '',
  newIncome: null as number | string | null,
  credit: { dependants: '0', credit_commitments: 15_000, financial_difficulty: '' } as Record<string, number | string | null>,
};

/** The problems the step's check finds, as the error summary lists them (field id and message). */
function problems(values: typeof COMPLETE) {
  return problemsOf(incomeStepSchema(QUESTIONS), values);
}

describe('the income step', () => {
  it('has no problem when everything required is answered, and sends it as the contract takes it', () => {
    expect(problems(COMPLETE)).toEqual([]);
    expect(incomeStepSchema(QUESTIONS).parse(COMPLETE)).toEqual({
      income: { annualIncomePence: 3_200_000, employmentStatus: 'full_time', payFrequency: 'monthly' },
      future: { expected: false },
      answers: [
        { questionId: 'dependants', value: '0' },
        { questionId: 'credit_commitments', value: '15000' },
      ],
    });
  });

  it('names every missing answer, in the order of the fields, each required question by its text', () => {
    const empty = { ...COMPLETE, income: null, employment: '', frequency: '', futureChange: '', credit: {} };
    expect(problems(empty)).toEqual([
      { fieldId: 'income', message: 'Enter your yearly income before tax' },
      { fieldId: 'employment', message: 'Select how you are employed' },
      { fieldId: 'frequency', message: 'Select how often you are paid' },
      { fieldId: 'futureChange', message: 'Select yes if your income or outgoings are likely to change' },
      { fieldId: 'credit-dependants', message: 'Answer the question: How many people depend on you?' },
      { fieldId: 'credit-credit_commitments', message: 'Answer the question: How much do you pay towards credit?' },
    ]);
  });

  it('asks how the income will change when it is likely to', () => {
    expect(problems({ ...COMPLETE, futureChange: 'yes' })).toEqual([
      { fieldId: 'direction', message: 'Select whether your income will go up or down' },
      { fieldId: 'reason', message: 'Select why your income will change' },
      { fieldId: 'newIncome', message: 'Enter what your yearly income will be' },
    ]);
  });

  it('wants amounts in whole pounds', () => {
    expect(problems({ ...COMPLETE, income: '32k', credit: { dependants: '0', credit_commitments: 150 } })).toEqual([
      { fieldId: 'income', message: 'Enter your yearly income before tax in whole pounds, like 32,000' },
      { fieldId: 'credit-credit_commitments', message: 'Enter the amount in whole pounds, like 150' },
    ]);
  });
});
