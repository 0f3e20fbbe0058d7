import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { api } from '../../lib/api';
import { readApplicationDraft } from '../../lib/application-draft';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { RadioField } from '../../components/radio-field';
import { useJourney } from './journey-page';
import { JourneyPage } from './journey-page';
import { LoadFailed, Loading, useLoad } from '../../components/load-state';
import type { HousingOptions, OnePageInfo } from './one-page-api';
import { StepForm, errorOf } from './step-form';
import { housingCostError, livingSituationError, payMethodError, poundsOf } from './validation';

type Housing = NonNullable<OnePageInfo['housing']>;

const loadOptions = (signal: AbortSignal) =>
  api.get('/onePage/application/fetchPayMethodsAndLivingSituations', { signal });

/** Pence as the whole pounds someone would type (`65000` → `650`); fractions of a pound are kept. */
function poundsText(pence: number | undefined): string {
  if (pence === undefined) return '';
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

function HousingForm({ options }: { options: HousingOptions }) {
  const { info } = useJourney();
  // As entered here, else as recorded, else as given on the /amount steps in this tab, else the check's cost.
  const kept = readOnePageAnswers();
  const early = readApplicationDraft();
  const [situation, setSituation] = useState(
    kept.livingSituation ?? info.housing?.housingStatus ?? early.housingStatus,
  );
  const [payMethod, setPayMethod] = useState(kept.payMethod ?? info.housing?.payMethod ?? '');
  const [cost, setCost] = useState(
    kept.housingCost ??
      (info.housing === undefined && early.housingCost !== ''
        ? early.housingCost.replace(/^£/, '')
        : poundsText(info.housing?.monthlyCostPence ?? info.prefill?.monthlyHousingCostPence)),
  );
  const asksCost = options.livingSituations.find((option) => option.code === situation)?.asksCost ?? false;

  function validate(): FieldError[] {
    const found: FieldError[] = [];
    const situationMessage = livingSituationError(situation);
    if (situationMessage !== undefined) found.push({ fieldId: 'livingSituation', message: situationMessage });
    if (asksCost) {
      const costMessage = housingCostError(cost);
      if (costMessage !== undefined) found.push({ fieldId: 'housingCost', message: costMessage });
      const methodMessage = payMethodError(payMethod);
      if (methodMessage !== undefined) found.push({ fieldId: 'payMethod', message: methodMessage });
    }
    return found;
  }

  function send() {
    const pence = asksCost ? (poundsOf(cost) ?? 0) * 100 : 0;
    const body = {
      housingStatus: situation as Housing['housingStatus'],
      monthlyCostPence: pence,
      ...(pence > 0 ? { payMethod: payMethod as NonNullable<Housing['payMethod']> } : {}),
    };
    return api.post('/onePage/user/updateRentInformation', { body });
  }

  return (
    <StepForm title="Your housing" validate={validate} send={send}>
      {(errors) => (
        <>
          <RadioField
            name="livingSituation"
            legend="Where do you live?"
            options={options.livingSituations.map((option) => ({ value: option.code, label: option.label }))}
            value={situation}
            onChange={(value) => {
              setSituation(value);
              keepOnePageAnswers({ livingSituation: value });
            }}
            error={errorOf(errors, 'livingSituation')}
          />
          {asksCost ? (
            <>
              <FormField
                id="housingCost"
                name="housingCost"
                label="How much do you pay each month?"
                hint="Your share of the rent, mortgage or board, in pounds"
                value={cost}
                error={errorOf(errors, 'housingCost')}
                onChange={(event) => {
                  setCost(event.target.value);
                  keepOnePageAnswers({ housingCost: event.target.value });
                }}
                input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
                sx={{ mb: 3 }}
              />
              <RadioField
                name="payMethod"
                legend="How do you pay it?"
                options={options.payMethods.map((option) => ({ value: option.code, label: option.label }))}
                value={payMethod}
                onChange={(value) => {
                  setPayMethod(value);
                  keepOnePageAnswers({ payMethod: value });
                }}
                error={errorOf(errors, 'payMethod')}
              />
            </>
          ) : null}
        </>
      )}
    </StepForm>
  );
}

/** /loan/housing-info (RentalInfo): where the applicant lives and what it costs them each month. */
export function HousingInfoScreen() {
  const { result, retry } = useLoad(loadOptions);
  if (result.state === 'ready') return <HousingForm options={result.value} />;
  return (
    <JourneyPage title="Your housing">
      {result.state === 'loading' ? <Loading label="Loading the housing questions" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load the housing questions." onRetry={retry} /> : null}
    </JourneyPage>
  );
}
