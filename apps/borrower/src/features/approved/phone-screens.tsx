import { maskPhone } from '@lender/ui/format';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { sendPhoneCode, verifyPhone } from '../../api/approval';
import { compactDigits, normaliseUkMobile } from '../../lib/sign-in';
import { envelopeMessage } from './call-message';
import { keepDraft, readDraft } from './draft';
import { useContinueAfterApproval } from '../../lib/resume-application';
import { StepForm } from './step-form';
import { errorOf } from '../../components/error-summary';

const PHONE_ID = 'phoneNumber';
const CODE_ID = 'code';

/** The GOV.UK telephone number pattern's checks, for a UK mobile. */
export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter a UK mobile number';
  if (normaliseUkMobile(value) === undefined) {
    return 'Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982';
  }
  return undefined;
}

export function codeError(value: string): string | undefined {
  if (value === '') return 'Enter the code we sent you';
  if (!/^\d{6}$/.test(value)) return 'The code must be 6 digits';
  return undefined;
}

/** /phoneNumber (the setPhone stage): the applicant's UK mobile, to which a code is texted. */
export function PhoneNumberScreen() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState(() => readDraft().phoneNumber ?? '');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit() {
    const message = phoneError(phone);
    setErrors(message === undefined ? [] : [{ fieldId: PHONE_ID, message }]);
    const number = normaliseUkMobile(phone);
    if (message !== undefined || number === undefined) return;
    setBusy(true);
    sendPhoneCode({ phoneNumber: number }).then(
      () => {
        keepDraft({ codeSentTo: number });
        void navigate(paths.legacy.phoneNumberCode);
      },
      (error: unknown) => {
        setBusy(false);
        // No toast for this call (spec §8): the field says what went wrong.
        const inline = envelopeMessage(error);
        if (inline !== undefined) setErrors([{ fieldId: PHONE_ID, message: inline }]);
      },
    );
  }

  return (
    <StepForm
      title="What is your mobile number?"
      errors={errors}
      intro={<Typography sx={{ mb: 3 }}>We will text you a code to check it is yours.</Typography>}
      submitLabel="Send the code"
      busy={busy}
      onSubmit={submit}
    >
      <FormField
        id={PHONE_ID}
        name={PHONE_ID}
        label="UK mobile number"
        hint="For example, 07700 900 982"
        type="tel"
        value={phone}
        error={errorOf(errors, PHONE_ID)}
        onChange={(event) => {
          setPhone(event.target.value);
          keepDraft({ phoneNumber: event.target.value });
        }}
        input={{ autoComplete: 'tel', inputMode: 'tel', spellCheck: false }}
        sx={{ mb: 4, maxWidth: '20em' }}
      />
    </StepForm>
  );
}

/** /phoneNumberCode: the 6-digit code texted to the number; a new one can be sent. */
export function PhoneNumberCodeScreen() {
  const continueJourney = useContinueAfterApproval();
  const [sentTo] = useState(() => readDraft().codeSentTo);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  if (sentTo === undefined) return <Navigate replace to={paths.legacy.phoneNumber} />;
  const number = sentTo;

  function failed(error: unknown) {
    setBusy(false);
    const inline = envelopeMessage(error);
    if (inline !== undefined) setErrors([{ fieldId: CODE_ID, message: inline }]);
  }

  function submit() {
    const message = codeError(code);
    setErrors(message === undefined ? [] : [{ fieldId: CODE_ID, message }]);
    if (message !== undefined) return;
    setBusy(true);
    setResent(false);
    verifyPhone({ phoneNumber: number, code })
      .then(continueJourney)
      .catch(failed);
  }

  function resend() {
    setBusy(true);
    setResent(false);
    sendPhoneCode({ phoneNumber: number }).then(() => {
      setBusy(false);
      setErrors([]);
      setCode('');
      setResent(true);
    }, failed);
  }

  return (
    <StepForm
      title="Check your phone"
      backTo={paths.legacy.phoneNumber}
      errors={errors}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>We have sent a 6-digit code to {maskPhone(number)}.</Typography>
          {resent ? (
            <Typography role="status" sx={{ mb: 3, fontWeight: 700 }}>
              We have sent you a new code.
            </Typography>
          ) : null}
        </>
      }
      submitLabel="Continue"
      busy={busy}
      onSubmit={submit}
      after={
        <Typography sx={{ mt: 4 }}>
          Not received it?{' '}
          <Link component="button" type="button" onClick={resend} disabled={busy} sx={{ verticalAlign: 'baseline' }}>
            Send a new code
          </Link>
        </Typography>
      }
    >
      <FormField
        id={CODE_ID}
        name={CODE_ID}
        label="Code"
        value={code}
        error={errorOf(errors, CODE_ID)}
        onChange={(event) => {
          setCode(compactDigits(event.target.value));
        }}
        input={{ autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false }}
        sx={{ mb: 4, maxWidth: '12em' }}
      />
    </StepForm>
  );
}
