import { formatDate, formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ChangeMyMindLink } from './change-my-mind-link';
import { SignInPage } from '../../components/sign-in-page';
import { legacyResumeTarget } from '../../lib/resume-target';
import { SummaryList } from '../../components/summary-list';
import { LoadFailed, Loading } from '../../components/load-state';
import { applicationInfoQuery } from '../../api/application';
import { useServerData } from '../../api/query-client';

const PENDING = 0;

/**
 * /approved (the setPassword stage): the loan as approved, then the applicant chooses a PIN. The PIN screens
 * come back here once it is saved; with the stage done, this screen has nothing left to ask and moves on to
 * the next stage.
 */
export function ApprovedScreen() {
  const navigate = useNavigate();
  const { result, retry } = useServerData(applicationInfoQuery);
  const info = result.state === 'ready' ? result.value : undefined;
  const stageDone = info !== undefined && info.regStage.setPassword !== PENDING;
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (info !== undefined && stageDone) void navigate(legacyResumeTarget(info), { replace: true });
  }, [info, stageDone, navigate]);

  return (
    <SignInPage title="Your loan is approved">
      {result.state === 'loading' || stageDone ? <Loading label="Loading your loan" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load your loan." onRetry={retry} /> : null}
      {info !== undefined && !stageDone ? (
        <>
          <SummaryList
            rows={[
              ['Amount', formatPence(info.loan.amountPence)],
              ['Term', `${String(info.loan.termMonths)} months`],
              ['Monthly instalment', formatPence(info.loan.monthlyInstalmentPence)],
              ['Representative APR', `${info.loan.aprPercent}%`],
              ['Total payable', formatPence(info.loan.totalPayablePence)],
              ['First payment', formatDate(info.loan.firstDueDate)],
            ]}
          />
          <Typography sx={{ mb: 3 }}>
            Next, choose a PIN. You will use it with your e-mail address to log in and manage your loan.
          </Typography>
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              // The PIN screens return here once the PIN is saved (see features/pin/repeat-pin-screen.tsx).
              void navigate(paths.login.setPin, { state: { afterPin: paths.approved } });
            }}
          >
            Continue
          </Button>
          <ChangeMyMindLink />
        </>
      ) : null}
    </SignInPage>
  );
}
