import { describe, expect, it } from 'vitest';
import { incomeStepErrors } from './income-screen';
import type { CreditAssessmentQuestion } from './one-page-api';

const QUESTIONS: CreditAssessmentQuestion[] = [
  { id: 'dependants', text: 'How many people depend on you?', type: 'choice', options: [{ code: '0', label: 'None' }], required: true },
  { id: 'credit_commitments', text: 'How much do you pay towards credit?', type: 'amount_pence', options: [], required: true },
  { id: 'financial_difficulty', text: 'Are you in a debt plan?', type: 'boolean', options: [], required: false },
];

const COMPLETE = {
  income: '32,000',
  employment: 'full_time',
  frequency: 'monthly',
  futureChange: 'no',
  direction: '',
  reason: '',
  newIncome: '',
  credit: { dependants: '0', credit_commitments: '150' },
};

describe('the income step', () => {
  it('has no problem when everything required is answered', () => {
    expect(incomeStepErrors(COMPLETE, QUESTIONS)).toEqual([]);
  });

  it('names every missing answer, in the order of the fields, each required question by its text', () => {
    const empty = { ...COMPLETE, income: '', employment: '', frequency: '', futureChange: '', credit: {} };
    expect(incomeStepErrors(empty, QUESTIONS)).toEqual([
      { fieldId: 'income', message: 'Enter your yearly income before tax' },
      { fieldId: 'employment', message: 'Select how you are employed' },
      { fieldId: 'frequency', message: 'Select how often you are paid' },
      { fieldId: 'futureChange', message: 'Select yes if your income or outgoings are likely to change' },
      { fieldId: 'question-dependants', message: 'Answer the question: How many people depend on you?' },
      { fieldId: 'question-credit_commitments', message: 'Answer the question: How much do you pay towards credit?' },
    ]);
  });

  it('asks how the income will change when it is likely to', () => {
    expect(incomeStepErrors({ ...COMPLETE, futureChange: 'yes' }, QUESTIONS)).toEqual([
      { fieldId: 'direction', message: 'Select whether your income will go up or down' },
      { fieldId: 'reason', message: 'Select why your income will change' },
      { fieldId: 'newIncome', message: 'Enter what your yearly income will be' },
    ]);
  });

  it('wants amounts in whole pounds', () => {
    expect(incomeStepErrors({ ...COMPLETE, income: '32k', credit: { dependants: '0', credit_commitments: '1.5' } }, QUESTIONS)).toEqual([
      { fieldId: 'income', message: 'Enter your yearly income before tax in whole pounds, like 32,000' },
      { fieldId: 'question-credit_commitments', message: 'Enter the amount in whole pounds, like 150' },
    ]);
  });
});
