import { formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { ChangeMyMindLink } from './change-my-mind-link';
import { ConsentAnswer, mustAgree, QuestionPage } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { commissionInfoQuery, consentToCommission } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { SummaryList } from '../../components/summary-list';
import { Loading } from '../../components/load-state';
import { useContinueAfterApproval } from '../../lib/resume-application';

const TITLE = 'Your broker’s commission';
const schema = z.object({ agree: mustAgree('Select that you agree to the commission to continue') });

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
  const info = result.state === 'ready' ? result.value : undefined;
  const nothingToAsk = info !== undefined && (!info.required || info.consented);

  useEffect(() => {
    if (result.state === 'failed') void navigate(paths.legacy.commissionDataError, { replace: true });
    if (nothingToAsk) void continueJourney().catch(() => undefined);
  }, [result.state, nothingToAsk, navigate, continueJourney]);

  if (info === undefined || nothingToAsk) {
    return (
      <SignInPage title={TITLE}>
        <Loading label="Loading the commission details" />
      </SignInPage>
    );
  }

  return (
    <QuestionPage
      question={TITLE}
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
      schema={schema}
      defaultValues={{ agree: false }}
      onSubmit={async () => {
        await consentToCommission({ accept: true });
        await continueJourney();
      }}
      after={<ChangeMyMindLink />}
    >
      <ConsentAnswer name="agree" label={`I understand and agree that ${info.brokerFirm} is paid this commission`} />
    </QuestionPage>
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
