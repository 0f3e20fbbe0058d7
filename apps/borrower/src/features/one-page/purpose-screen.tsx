import { useState } from 'react';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { api } from '../../lib/api';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { RadioField } from '../../components/radio-field';
import { useJourney } from './journey-page';
import { StepForm, errorOf } from './step-form';
import { PURPOSE_TEXT_MAX, purposeError, purposeTextError } from './validation';
import { isLoanPurpose, LOAN_PURPOSES } from '../../lib/loan-purposes';

/** /loan/purpose (LoanPurpose): what the loan is for, prefilled with what the application records. */
export function LoanPurposeScreen() {
  const { info } = useJourney();
  const [purpose, setPurpose] = useState(() => readOnePageAnswers().purpose ?? info.purpose?.purpose ?? '');
  const [text, setText] = useState(() => readOnePageAnswers().purposeText ?? info.purpose?.purposeText ?? '');

  function validate(): FieldError[] {
    const found: FieldError[] = [];
    const purposeMessage = purposeError(purpose);
    if (purposeMessage !== undefined) found.push({ fieldId: 'purpose', message: purposeMessage });
    const textMessage = purposeTextError(purpose, text);
    if (textMessage !== undefined) found.push({ fieldId: 'purposeText', message: textMessage });
    return found;
  }

  function send() {
    if (!isLoanPurpose(purpose)) return Promise.reject(new Error('no purpose'));
    return api.post('/onePage/user/updateLoanPurpose', {
      body: purpose === 'other' ? { purpose, purposeText: text.trim() } : { purpose },
    });
  }

  return (
    <StepForm title="What is the loan for?" validate={validate} send={send}>
      {(errors) => (
        <>
          <RadioField
            name="purpose"
            legend="What is the loan for?"
            hideLegend
            options={LOAN_PURPOSES}
            value={purpose}
            onChange={(value) => {
              setPurpose(value);
              keepOnePageAnswers({ purpose: value });
            }}
            error={errorOf(errors, 'purpose')}
          />
          {purpose === 'other' ? (
            <FormField
              id="purposeText"
              name="purposeText"
              label="Tell us what the loan is for"
              hint={`Up to ${PURPOSE_TEXT_MAX} characters`}
              value={text}
              error={errorOf(errors, 'purposeText')}
              onChange={(event) => {
                setText(event.target.value);
                keepOnePageAnswers({ purposeText: event.target.value });
              }}
              input={{ maxLength: PURPOSE_TEXT_MAX * 2, spellCheck: true }}
              sx={{ mb: 3 }}
            />
          ) : null}
        </>
      )}
    </StepForm>
  );
}
