import { formatDate } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import { JourneyPage } from './journey-page';
import { LoadFailed, Loading, useLoad } from '../../components/load-state';
import type { ApplicationDecision } from './one-page-api';
import { LoanFiguresView } from '../../components/loan-figures';
import { fetchResumeTarget } from '../../lib/resume-application';

const loadStatus = (signal: AbortSignal) => api.get('/onePage/application/getOnePageApplicationStatus', { signal });

/** Continue to wherever the application resumes now (spec §4: the approved path for an approved one). */
function ContinueButton({ label = 'Continue' }: { label?: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      onClick={() => {
        setBusy(true);
        fetchResumeTarget().then(
          (target) => navigate(target),
          () => {
            setBusy(false);
          },
        );
      }}
    >
      {label}
    </Button>
  );
}

/** When a decision is due, in words: "by 23rd Nov 2026" (the day the instant falls on here). */
function dueText(decision: ApplicationDecision | undefined): string {
  const due = decision?.decisionDueAt === undefined ? '' : formatDate(new Date(decision.decisionDueAt));
  return due === '' ? 'soon' : `by ${due}`;
}

function Decision({ decision }: { decision: ApplicationDecision }) {
  switch (decision.outcome) {
    case 'approved':
      return (
        <>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Your loan is approved
          </Typography>
          <Typography sx={{ mb: 3 }}>There are a few last things to do before we pay the money into your account.</Typography>
          <ContinueButton />
        </>
      );
    case 'referred':
      return <Navigate replace to={paths.received} />;
    case 'declined':
      return (
        <>
          <Typography variant="h2" sx={{ mb: 2 }}>
            We cannot offer you a loan
          </Typography>
          <Typography sx={{ mb: 1 }}>This is because:</Typography>
          <Typography component="ul" sx={{ mb: 3, pl: 3 }}>
            {decision.reasons.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </Typography>
          <Typography>This decision has not changed your credit score.</Typography>
        </>
      );
    case 'counteroffer':
      return (
        <>
          <Typography variant="h2" sx={{ mb: 2 }}>
            We can offer you a smaller loan
          </Typography>
          {decision.counteroffer === undefined ? null : <LoanFiguresView loan={decision.counteroffer} />}
          <ContinueButton />
        </>
      );
  }
}

/** /application-submitted (step 8): the decision on the submitted application. */
export function ApplicationSubmittedScreen() {
  const { result, retry } = useLoad(loadStatus);
  return (
    <JourneyPage title="Application sent">
      {result.state === 'loading' ? <Loading label="Getting our decision" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not get our decision." onRetry={retry} /> : null}
      {result.state === 'ready' && result.value.decision !== undefined ? <Decision decision={result.value.decision} /> : null}
      {result.state === 'ready' && result.value.decision === undefined ? (
        <Typography>We have your application and will let you know our decision by e-mail.</Typography>
      ) : null}
    </JourneyPage>
  );
}

/**
 * /received: a referred application waits for an underwriter (spec §4 waitingPage). It shows when the decision
 * is due; once the application is decided, Continue leads on along the resume rules.
 */
export function ReceivedScreen() {
  const { result, retry } = useLoad(loadStatus);
  const decided = result.state === 'ready' && result.value.phase !== 'submitted';
  return (
    <SignInPage title="We are reviewing your application">
      {result.state === 'loading' ? <Loading label="Checking your application" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not check your application." onRetry={retry} /> : null}
      {result.state === 'ready' && !decided ? (
        <>
          <Typography sx={{ mb: 2 }}>
            Thank you. Someone in our team is looking at your application. We will tell you our decision{' '}
            {dueText(result.value.decision)}, by e-mail.
          </Typography>
          <Typography sx={{ mb: 3 }}>You do not need to do anything now.</Typography>
          <Button variant="outlined" size="large" fullWidth onClick={retry}>
            Check for a decision
          </Button>
        </>
      ) : null}
      {decided ? (
        <>
          <Typography sx={{ mb: 3 }}>We have made our decision.</Typography>
          <ContinueButton label="See our decision" />
        </>
      ) : null}
    </SignInPage>
  );
}

const loadJourney = (signal: AbortSignal) => api.get('/onePage/application/getOnePageApplicationInfo', { signal });

/**
 * /open-banking-updated: where a bank connected outside the journey comes back to. It says what the application
 * records (connected or not), then continues along the resume rules.
 */
export function OpenBankingUpdatedScreen() {
  const { result, retry } = useLoad(loadJourney);
  const linked = result.state === 'ready' && result.value.openBanking.status === 'linked';
  return (
    <SignInPage
      title={result.state !== 'ready' ? 'Your bank connection' : linked ? 'Your bank is connected' : 'Your bank is not connected'}
    >
      {result.state === 'loading' ? <Loading label="Checking your bank connection" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not check your bank connection." onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <>
          <Typography sx={{ mb: 3 }}>
            {linked
              ? 'Thank you. We can now see your income and spending for the last 12 months.'
              : 'We could not connect your bank. You can try again when you continue your application.'}
          </Typography>
          <ContinueButton />
        </>
      ) : null}
    </SignInPage>
  );
}
