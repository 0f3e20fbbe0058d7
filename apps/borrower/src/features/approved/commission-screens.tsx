import { formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ChangeMyMindLink } from './change-my-mind-link';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { commissionInfoQuery, consentToCommission } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { SummaryList } from '../../components/summary-list';
import { Loading } from '../../components/load-state';
import { useContinueAfterApproval } from '../../lib/resume-application';
import { StepForm } from './step-form';
import { errorOf } from '../../components/error-summary';

const AGREE_ID = 'agree';

/**
 * /commission-consent (the commissionConsent stage): the broker's commission disclosed
 * (application/commissionInfo), then the applicant's consent (application/commissionConsent). Without a broker,
 * or once consented, there is nothing to ask and the journey moves on. When the disclosure cannot be read
 * (no toast for that call, spec §8), commission-data-error says so.
 */
export function CommissionConsentScreen() {
  const navigate = useNavigate();
  const continueJourney = useContinueAfterApproval();
  const { result } = useServerData(commissionInfoQuery);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const info = result.state === 'ready' ? result.value : undefined;
  const nothingToAsk = info !== undefined && (!info.required || info.consented);

  useEffect(() => {
    if (result.state === 'failed') void navigate(paths.legacy.commissionDataError, { replace: true });
    if (nothingToAsk) void continueJourney().catch(() => undefined);
  }, [result.state, nothingToAsk, navigate, continueJourney]);

  if (info === undefined || nothingToAsk) {
    return (
      <SignInPage title="Your broker’s commission">
        <Loading label="Loading the commission details" />
      </SignInPage>
    );
  }

  function submit() {
    const found = agreed ? [] : [{ fieldId: AGREE_ID, message: 'Select that you agree to the commission to continue' }];
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    consentToCommission({ accept: true })
      .then(continueJourney)
      .catch(() => {
        setBusy(false);
      });
  }

  const error = errorOf(errors, AGREE_ID);
  return (
    <StepForm
      title="Your broker’s commission"
      errors={errors}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>{info.disclosure}</Typography>
          <SummaryList
            rows={[
              ['Broker', info.brokerFirm],
              ['Commission we pay them', formatPence(info.amountPence)],
            ]}
          />
          <Typography sx={{ mb: 3 }}>The commission does not change what you repay.</Typography>
        </>
      }
      submitLabel="Continue"
      busy={busy}
      onSubmit={submit}
      after={<ChangeMyMindLink />}
    >
      <FormControl error={error !== undefined} sx={{ mb: 4, display: 'block' }}>
        {error === undefined ? null : (
          <FormHelperText id={`${AGREE_ID}-error`} sx={{ typography: 'body2', mx: 0 }}>
            {error}
          </FormHelperText>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
              }}
              slotProps={{
                input: { id: AGREE_ID, 'aria-describedby': error === undefined ? undefined : `${AGREE_ID}-error` },
              }}
            />
          }
          label={`I understand and agree that ${info.brokerFirm} is paid this commission`}
        />
      </FormControl>
    </StepForm>
  );
}

/** /commission-data-error: the broker's commission could not be read; the applicant can try again. */
export function CommissionDataErrorScreen() {
  return (
    <SignInPage title="We could not load your broker’s commission">
      <Typography sx={{ mb: 3 }}>
        We need to show you what we pay your broker before you can sign your agreement. Please try again. If this
        keeps happening, contact us.
      </Typography>
      <Button component={RouterLink} to={paths.legacy.commissionConsent} replace variant="contained" size="large" fullWidth>
        Try again
      </Button>
    </SignInPage>
  );
}
