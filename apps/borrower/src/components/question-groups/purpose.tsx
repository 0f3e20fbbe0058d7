import { z } from 'zod';
import { LOAN_PURPOSES } from '../../lib/loan-purposes';
import type { LoanPurpose } from '../../lib/loan-purposes';
import { contractMaxLength, RadiosAnswer, requiredChoice, requiredText, sentAs, TextAnswer } from '../question';

/**
 * What the loan is for, asked the same way by both application journeys (the legacy /amount/purpose and
 * /amount/purpose_text pages, the one-page /loan/purpose step) and by borrow-more later.
 */

export const PURPOSE_QUESTION = 'What is the loan for?';

/** The contract's limit on purposeText (the same on every operation that takes it). */
export const PURPOSE_TEXT_MAX = contractMaxLength('/onePage/user/updateLoanPurpose', 'purposeText');

export const purposeChoice = requiredChoice('Select what the loan is for').pipe(
  z.enum(LOAN_PURPOSES.map((option) => option.value) as [LoanPurpose, ...LoanPurpose[]]),
);

export const purposeText = sentAs(
  requiredText('Enter what the loan is for').transform((text) => text.trim()),
  '/onePage/user/updateLoanPurpose',
  'purposeText',
);

/** The purpose, as radios whose legend repeats the page's question. */
export function PurposeAnswer() {
  return <RadiosAnswer name="purpose" legend={PURPOSE_QUESTION} hideLegend options={LOAN_PURPOSES} />;
}

/** The purpose in words, for "Something else", up to the contract's limit. */
export function PurposeTextAnswer() {
  return (
    <TextAnswer
      name="purposeText"
      label="Tell us what the loan is for"
      hint={`Up to ${PURPOSE_TEXT_MAX} characters`}
      input={{ autoComplete: 'off', spellCheck: true, maxLength: PURPOSE_TEXT_MAX }}
    />
  );
}
