import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControl from '@mui/material/FormControl';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, generatePath, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { confirmPayee } from '../../api/approval';
import { envelopeMessage } from './call-message';
import { forgetDraft, keepDraft, readDraft } from './draft';
import { SummaryList } from '../../components/summary-list';
import {
  ACCOUNT_NAME_ID,
  ACCOUNT_NUMBER_ID,
  SORT_CODE_ID,
  bankDetailsErrors,
  noMatchMessage,
  sortCodeDigits,
} from './payee';
import type { BankDetails, PayeeResult } from './payee';
import { useContinueAfterApproval } from '../../lib/resume-application';
import { StepForm } from './step-form';
import { errorOf } from '../../components/error-summary';
import { ContinueButton } from '../../components/continue-button';

const CHOICE_ID = 'useBankName';

/**
 * /{partner}/disbursal/account (the confirmationPayee stage): the account the loan is paid into, checked
 * against the name given (payment/confirmationOfPayee). A match moves on; a close match asks whether the
 * bank's name is the one meant; no match says why. The outcome is shown on the screen, never as a toast.
 */
export function DisbursalAccountScreen() {
  const navigate = useNavigate();
  const { partner = 'default' } = useParams();
  const [details, setDetails] = useState<BankDetails>(() => {
    const draft = readDraft();
    return { sortCode: draft.sortCode ?? '', accountNumber: draft.accountNumber ?? '', accountName: draft.accountName ?? '' };
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [closeMatch, setCloseMatch] = useState<string | undefined>();
  const [choice, setChoice] = useState('');

  function change(field: keyof BankDetails, value: string) {
    setDetails((current) => ({ ...current, [field]: value }));
    keepDraft({ [field]: value });
  }

  function answered(result: PayeeResult, sent: BankDetails) {
    setBusy(false);
    if (result.outcome === 'match' && result.confirmed) {
      // The full account number is not kept once the bank has confirmed it.
      forgetDraft('sortCode', 'accountNumber', 'accountName');
      keepDraft({
        payee: result.payee ?? {
          accountName: sent.accountName,
          sortCode: sent.sortCode,
          accountNumberLast4: sent.accountNumber.slice(-4),
        },
      });
      void navigate(generatePath(paths.legacy.partnerDisbursalTime, { partner }), { replace: true });
      return;
    }
    if (result.outcome === 'close_match' && result.bankAccountName !== '') {
      setChoice('');
      setCloseMatch(result.bankAccountName);
      return;
    }
    setErrors([{ fieldId: ACCOUNT_NAME_ID, message: noMatchMessage(result.reason) }]);
  }

  function check(sent: BankDetails) {
    setBusy(true);
    const body = {
      sortCode: sortCodeDigits(sent.sortCode) ?? sent.sortCode,
      accountNumber: sent.accountNumber.replace(/\s/g, ''),
      accountName: sent.accountName.trim(),
    };
    confirmPayee(body).then(
      (result) => {
        answered(result, body);
      },
      (error: unknown) => {
        setBusy(false);
        const inline = envelopeMessage(error);
        if (inline !== undefined) setErrors([{ fieldId: SORT_CODE_ID, message: inline }]);
      },
    );
  }

  function submit() {
    const found = bankDetailsErrors(details);
    setErrors(found);
    if (found.length === 0) check(details);
  }

  if (closeMatch !== undefined) {
    const bankName = closeMatch;
    return (
      <StepForm
        title={`Did you mean ${bankName}?`}
        errors={errors}
        intro={
          <Typography sx={{ mb: 3 }}>
            The name you gave, {details.accountName.trim()}, is close to the name the bank holds for this account.
          </Typography>
        }
        submitLabel="Continue"
        busy={busy}
        onSubmit={() => {
          if (choice === '') {
            setErrors([{ fieldId: CHOICE_ID, message: 'Select whether to use the name the bank holds' }]);
            return;
          }
          setErrors([]);
          if (choice === 'no') {
            setCloseMatch(undefined);
            return;
          }
          change('accountName', bankName);
          check({ ...details, accountName: bankName });
        }}
      >
        <FormControl component="fieldset" error={errorOf(errors, CHOICE_ID) !== undefined} sx={{ mb: 4, display: 'block' }}>
          <FormLabel component="legend" sx={{ mb: 1 }}>
            Is the account in the name {bankName}?
          </FormLabel>
          {errorOf(errors, CHOICE_ID) === undefined ? null : (
            <Typography color="error" sx={{ mb: 1 }}>
              {errorOf(errors, CHOICE_ID)}
            </Typography>
          )}
          <RadioGroup
            name={CHOICE_ID}
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
            }}
          >
            <FormControlLabel value="yes" control={<Radio slotProps={{ input: { id: CHOICE_ID } }} />} label={`Yes, use ${bankName}`} />
            <FormControlLabel value="no" control={<Radio />} label="No, change the account details" />
          </RadioGroup>
        </FormControl>
      </StepForm>
    );
  }

  return (
    <StepForm
      title="Which account should we pay your loan into?"
      errors={errors}
      intro={
        <Typography sx={{ mb: 3 }}>
          It must be a UK personal current account in your name. We check the name with your bank.
        </Typography>
      }
      submitLabel="Continue"
      busy={busy}
      onSubmit={submit}
    >
      <FormField
        id={ACCOUNT_NAME_ID}
        name={ACCOUNT_NAME_ID}
        label="Name on the account"
        value={details.accountName}
        error={errorOf(errors, ACCOUNT_NAME_ID)}
        onChange={(event) => {
          change('accountName', event.target.value);
        }}
        input={{ autoComplete: 'name', spellCheck: false }}
        sx={{ mb: 3 }}
      />
      <FormField
        id={SORT_CODE_ID}
        name={SORT_CODE_ID}
        label="Sort code"
        hint="Must be 6 digits long"
        value={details.sortCode}
        error={errorOf(errors, SORT_CODE_ID)}
        onChange={(event) => {
          change('sortCode', event.target.value);
        }}
        input={{ inputMode: 'numeric', spellCheck: false, autoComplete: 'off' }}
        sx={{ mb: 3, maxWidth: '10em' }}
      />
      <FormField
        id={ACCOUNT_NUMBER_ID}
        name={ACCOUNT_NUMBER_ID}
        label="Account number"
        hint="Must be 8 digits long"
        value={details.accountNumber}
        error={errorOf(errors, ACCOUNT_NUMBER_ID)}
        onChange={(event) => {
          change('accountNumber', event.target.value);
        }}
        input={{ inputMode: 'numeric', spellCheck: false, autoComplete: 'off' }}
        sx={{ mb: 4, maxWidth: '12em' }}
      />
    </StepForm>
  );
}

/** /{partner}/disbursal/time: the confirmed account, and when the loan is paid into it. */
export function DisbursalTimeScreen() {
  const continueJourney = useContinueAfterApproval();
  const { partner = 'default' } = useParams();
  const [payee] = useState(() => readDraft().payee);
  if (payee === undefined) return <Navigate replace to={generatePath(paths.legacy.partnerDisbursalAccount, { partner })} />;

  return (
    <SignInPage title="When we pay your loan">
      <NoticeBanner title="Account confirmed">
        <Typography>Your bank has confirmed the account is in the name {payee.accountName}.</Typography>
      </NoticeBanner>
      <SummaryList
        rows={[
          ['Name on the account', payee.accountName],
          ['Sort code', payee.sortCode],
          ['Account number ending', payee.accountNumberLast4],
        ]}
      />
      <Typography sx={{ mb: 3 }}>
        We pay the money into this account once you have set up your repayments, signed your credit agreement and
        we have checked your identity. The next screens take you through these steps.
      </Typography>
      <Box>
        <ContinueButton onContinue={continueJourney} />
      </Box>
    </SignInPage>
  );
}
