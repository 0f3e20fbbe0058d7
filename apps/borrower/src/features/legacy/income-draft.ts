import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import type { FieldError } from '../../components/error-summary';
import { wholePoundsOf } from '../../lib/application-draft';
import { sessionStorageKeys } from '../../lib/storage-keys';
import { EMPLOYMENT, FREQUENCY } from '../../lib/income-choices';

export type Income = components['schemas']['Income'];
export type CreditAssessmentQuestion = components['schemas']['CreditAssessmentQuestion'];
type CreditAssessmentAnswer = components['schemas']['CreditAssessmentAnswer'];

/** The income details and credit-assessment answers exactly as entered (amounts in pounds, as typed). */
export interface IncomeDraft {
  income: string;
  employment: string;
  frequency: string;
  /** Each question's answer by its id. */
  credit: Record<string, string>;
}

const EMPTY: IncomeDraft = { income: '', employment: '', frequency: '', credit: {} };

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export function readIncomeDraft(): IncomeDraft {
  const raw = expiringSessionStorage.getItem(sessionStorageKeys.legacyIncome);
  if (raw === null) return EMPTY;
  try {
    const parsed = JSON.parse(raw) as Partial<IncomeDraft>;
    return { ...EMPTY, ...parsed, credit: { ...parsed.credit } };
  } catch {
    return EMPTY;
  }
}

export function keepIncomeDraft(draft: IncomeDraft): void {
  expiringSessionStorage.setItem(sessionStorageKeys.legacyIncome, JSON.stringify(draft));
}

export function forgetIncomeDraft(): void {
  expiringSessionStorage.removeItem(sessionStorageKeys.legacyIncome);
}

/** The income details as the contract takes them, or undefined while one is missing or malformed. */
export function incomeOf(draft: IncomeDraft): Income | undefined {
  const pounds = wholePoundsOf(draft.income);
  const employment = EMPLOYMENT.find((option) => option.value === draft.employment);
  const frequency = FREQUENCY.find((option) => option.value === draft.frequency);
  if (pounds === undefined || employment === undefined || frequency === undefined) return undefined;
  return { annualIncomePence: pounds * 100, employmentStatus: employment.value, payFrequency: frequency.value };
}

/** The problems of the income details, in the order of the fields. */
export function incomeErrors(draft: IncomeDraft): FieldError[] {
  const errors: FieldError[] = [];
  if (draft.income.trim() === '') {
    errors.push({ fieldId: 'income', message: 'Enter your yearly income before tax' });
  } else if (wholePoundsOf(draft.income) === undefined) {
    errors.push({ fieldId: 'income', message: 'Enter your yearly income before tax in whole pounds, like 32,000' });
  }
  if (draft.employment === '') errors.push({ fieldId: 'employment', message: 'Select how you are employed' });
  if (draft.frequency === '') errors.push({ fieldId: 'frequency', message: 'Select how often you are paid' });
  return errors;
}

export function fieldIdOf(question: CreditAssessmentQuestion): string {
  return `question-${question.id}`;
}

/** The problems of the credit-assessment answers, in the order of the questions. */
export function creditErrors(draft: IncomeDraft, questions: readonly CreditAssessmentQuestion[]): FieldError[] {
  return questions.flatMap((question) => {
    const value = draft.credit[question.id] ?? '';
    const fieldId = fieldIdOf(question);
    if (value.trim() === '') return question.required ? [{ fieldId, message: `Answer the question: ${question.text}` }] : [];
    if (question.type === 'amount_pence' && wholePoundsOf(value) === undefined) {
      return [{ fieldId, message: 'Enter the amount in whole pounds, like 150' }];
    }
    return [];
  });
}

/** The answers as the contract takes them: amounts in pence, unanswered optional questions left out. */
export function creditAnswersOf(draft: IncomeDraft, questions: readonly CreditAssessmentQuestion[]): CreditAssessmentAnswer[] {
  return questions.flatMap((question) => {
    const value = (draft.credit[question.id] ?? '').trim();
    if (value === '') return [];
    const sent = question.type === 'amount_pence' ? String((wholePoundsOf(value) ?? 0) * 100) : value;
    return [{ questionId: question.id, value: sent }];
  });
}
