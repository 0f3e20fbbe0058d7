import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { SignInPage } from '../../components/sign-in-page';
import { keepApplicationAnswers, paysForHousing, readApplicationDraft, wholePoundsOf } from '../../lib/application-draft';
import { keepPayMethod, PAY_METHODS, readPayMethod, recordRentInfo } from '../../lib/legacy-stages';
import type { PayMethod } from '../../lib/legacy-stages';
import { signedInWithApplication } from '../../lib/signed-in-application';
import { monthlyAmountError } from './housing-cost';

interface CostQuestionProps {
  title: string;
  label: string;
  hint: string;
  /** Why we ask, under the h1. */
  explanation?: string;
  zeroAllowed: boolean;
  empty: string;
}

/** One monthly amount in pounds, kept on every change; then the answers are checked on /amount/step2. */
function CostQuestion({ title, label, hint, explanation, zeroAllowed, empty }: CostQuestionProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(() => readApplicationDraft().housingCost);
  const [errors, setErrors] = useState<FieldError[]>([]);
  // A signed-in applicant's housing is recorded here (the rentInfo stage), which needs how it is paid.
  const [recording] = useState(signedInWithApplication);
  const [payMethod, setPayMethod] = useState(readPayMethod);
  const [busy, setBusy] = useState(false);
  const asksPayMethod = recording && (wholePoundsOf(value) ?? 0) > 0;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (busy) return;
    const message = monthlyAmountError(value, zeroAllowed, empty);
    const found: FieldError[] = message === undefined ? [] : [{ fieldId: 'housingCost', message }];
    if (asksPayMethod && payMethod === '') found.push({ fieldId: 'payMethod', message: PAY_METHOD_ERROR });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    recordRentInfo(readApplicationDraft(), payMethod).then(
      (next) => navigate(next ?? paths.amount.step2, { replace: next !== undefined }),
      () => {
        // The shared error table has told the person; the answers stay for another try.
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title={title} backTo={paths.amount.rentCost}>
      <ErrorSummary errors={errors} />
      {explanation === undefined ? null : <Typography sx={{ mb: 3 }}>{explanation}</Typography>}
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id="housingCost"
          name="housingCost"
          label={label}
          hint={hint}
          value={value}
          error={errors.find((error) => error.fieldId === 'housingCost')?.message}
          onChange={(event) => {
            setValue(event.target.value);
            keepApplicationAnswers({ housingCost: event.target.value });
          }}
          input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
          sx={{ mb: 4, maxWidth: '16em' }}
        />
        {asksPayMethod ? (
          <PayMethodQuestion
            value={payMethod}
            error={errors.find((error) => error.fieldId === 'payMethod')?.message}
            onChange={(chosen) => {
              setPayMethod(chosen);
              keepPayMethod(chosen);
            }}
          />
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}

const PAY_METHOD_ERROR = 'Select how you pay it';

/** How the monthly amount is paid (radios), asked only when a signed-in applicant's housing is recorded. */
function PayMethodQuestion({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: PayMethod) => void;
}) {
  return (
    <FormControl
      component="fieldset"
      error={error !== undefined}
      aria-describedby={error === undefined ? undefined : 'payMethod-error'}
      sx={{ mb: 4, display: 'block' }}
    >
      <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 700, mb: 1 }}>
        How do you pay it?
      </FormLabel>
      {error === undefined ? null : (
        <FormHelperText id="payMethod-error" sx={{ typography: 'body2', mx: 0, mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      <RadioGroup
        name="payMethod"
        value={value}
        onChange={(event) => {
          const chosen = PAY_METHODS.find((option) => option.value === event.target.value);
          if (chosen !== undefined) onChange(chosen.value);
        }}
      >
        {PAY_METHODS.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio id={index === 0 ? 'payMethod' : `payMethod-${option.value}`} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** /amount/rent_payment: the monthly rent or mortgage payment, for a housing situation that has one. */
export function RentPaymentScreen() {
  const [status] = useState(() => readApplicationDraft().housingStatus);
  if (!paysForHousing(status)) return <Navigate replace to={paths.amount.notPayRent} />;
  const mortgage = status === 'homeowner_mortgage';
  return (
    <CostQuestion
      title={mortgage ? 'How much is your mortgage each month?' : 'How much is your rent each month?'}
      label={mortgage ? 'Monthly mortgage payment' : 'Monthly rent'}
      hint="Your share only, in whole pounds, like 650"
      zeroAllowed={false}
      empty={mortgage ? 'Enter how much your mortgage is each month' : 'Enter how much your rent is each month'}
    />
  );
}

/**
 * /amount/not_pay_rent: for someone who owns their home outright, lives with family or friends, or lives some
 * other way: what they give towards the household each month, 0 allowed.
 */
export function NotPayRentScreen() {
  const [status] = useState(() => readApplicationDraft().housingStatus);
  if (status !== '' && paysForHousing(status)) return <Navigate replace to={paths.amount.rentPayment} />;
  return (
    <CostQuestion
      title="How much do you pay towards your household each month?"
      explanation="You do not pay rent or a mortgage, but you may give something towards bills, food or keep. We take it into account when working out what you can afford to repay."
      label="Monthly contribution"
      hint="In whole pounds, like 150. Enter 0 if you do not pay anything."
      zeroAllowed
      empty="Enter how much you pay towards your household each month, or 0"
    />
  );
}
