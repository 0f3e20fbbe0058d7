import { formatDate } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { applicationInfoQuery } from '../../api/application';
import { completeBankConsent, onePageInfoQuery, onePageStatusQuery } from '../../api/one-page';
import { useServerData } from '../../api/query-client';
import type { Load } from '../../api/query-client';
import { JourneyPage } from './journey-page';
import { LoadFailed, Loading } from '../../components/load-state';
import type { ApplicationDecision, OnePageInfo } from './one-page-api';
import { NoticeBanner } from '../../components/notice-banner';
import { goToBankConsent } from './connect-bank-screen';
import { useResumeApplication } from '../../lib/resume-application';
import { ContinueButton } from '../../components/continue-button';

/** Continue to wherever the application resumes now (spec §4: the approved path for an approved one). */
function ResumeButton({ label }: { label?: string }) {
  const resume = useResumeApplication();
  return <ContinueButton label={label} onContinue={resume} />;
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
          <ResumeButton />
        </>
      );
    case 'referred':
      return <Navigate replace to={paths.received} />;
    // A decline and a counteroffer have their own screens, which the resume rules lead to as well (spec §4).
    case 'declined':
      return <Navigate replace to={paths.decline} />;
    case 'counteroffer':
      return <Navigate replace to={paths.counteroffer} />;
  }
}

/** /application-submitted (step 8): the decision on the submitted application. */
export function ApplicationSubmittedScreen() {
  const { result, retry } = useServerData(onePageStatusQuery);
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
  const { result, retry } = useServerData(onePageStatusQuery);
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
          <ResumeButton label="See our decision" />
        </>
      ) : null}
    </SignInPage>
  );
}

/** How the bank's consent page came back, once its values are out of the address bar (the history entry keeps it). */
type BankReturn = 'linked' | 'cancelled' | 'failed';

function readBankReturn(state: unknown): BankReturn | undefined {
  const returned = (state as { bankReturn?: unknown } | null)?.bankReturn;
  return returned === 'linked' || returned === 'cancelled' || returned === 'failed' ? returned : undefined;
}

/** What the cancel at the bank's consent page returns as `error`. */
const ACCESS_DENIED = 'access_denied';

/** The application's bank connection: what it records, and whether the lender asked for a bank again. */
interface BankConnection {
  status: OnePageInfo['openBanking']['status'];
  asked: boolean;
}

/** The connection as the application and its journey record it, read together; Try again reads both again. */
function useBankConnection(): { result: Load<BankConnection>; retry: () => void } {
  const application = useServerData(applicationInfoQuery);
  const journey = useServerData(onePageInfoQuery);
  const retry = () => {
    application.retry();
    journey.retry();
  };
  if (application.result.state === 'ready' && journey.result.state === 'ready') {
    const { additionalOps } = application.result.value;
    const { openBanking } = journey.result.value;
    return { result: { state: 'ready', value: { status: openBanking.status, asked: additionalOps.includes('open_banking') } }, retry };
  }
  const failed = application.result.state === 'failed' || journey.result.state === 'failed';
  const loading = application.result.state === 'loading' || journey.result.state === 'loading';
  return { result: failed && !loading ? { state: 'failed' } : { state: 'loading' }, retry };
}

/**
 * /open-banking-updated: a bank connected outside the journey. When the lender asks a submitted one-page
 * application for a bank again (the open_banking additional operation, which the resume rules lead here), it
 * offers the bank's consent page (onePage/application/getOpenBankingLink), which comes back here with
 * from=render; the return is finished with onePage/application/completedOB, whose state check (one use, this
 * session only) is the journey's. Then it shows what the application records and continues along the resume
 * rules.
 */
export function OpenBankingUpdatedScreen() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('from') === 'render') return <FinishBankReturn params={searchParams} />;
  return <BankConnectionView />;
}

/**
 * The return from the bank's consent page: its values go to the BFF at once, and leave the address bar with this
 * history entry (replaced by the screen without them). The one-time code works once: it is sent once per page
 * (StrictMode mounts twice in development).
 */
function FinishBankReturn({ params }: { params: URLSearchParams }) {
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const done = (bankReturn: BankReturn) => navigate(paths.openBankingUpdated, { replace: true, state: { bankReturn } });
    const code = params.get('code');
    const error = params.get('error');
    if (error !== null || code === null) {
      // Nothing to finish: the bank has no consent to give.
      void done(error === ACCESS_DENIED ? 'cancelled' : 'failed');
      return;
    }
    const query = { consentId: params.get('consentId') ?? '', state: params.get('state') ?? '', code };
    completeBankConsent(query).then(
      () => done('linked'),
      // The shared error table has shown the BFF's message (expired, used, another session's …).
      () => done('failed'),
    );
  }, [params, navigate]);

  return (
    <SignInPage title="Connecting your bank">
      <Loading label="Connecting your bank" />
    </SignInPage>
  );
}

function BankConnectionView() {
  const location = useLocation();
  const bankReturn = readBankReturn(location.state);
  const { result, retry } = useBankConnection();
  if (result.state !== 'ready') {
    return (
      <SignInPage title="Your bank connection">
        {result.state === 'loading' ? <Loading label="Checking your bank connection" /> : null}
        {result.state === 'failed' ? <LoadFailed message="We could not check your bank connection." onRetry={retry} /> : null}
      </SignInPage>
    );
  }
  const { status, asked } = result.value;
  const notice =
    bankReturn === 'cancelled' || bankReturn === 'failed' ? (
      <NoticeBanner title="Your bank is not connected">
        <Typography>
          {bankReturn === 'cancelled'
            ? 'You cancelled connecting your bank.'
            : 'Your bank could not be connected. Please try connecting it again.'}
        </Typography>
      </NoticeBanner>
    ) : null;
  if (asked) {
    return (
      <SignInPage title="Connect your bank again">
        {notice}
        <Typography sx={{ mb: 2 }}>
          Before we can pay out your loan, we need to see your bank account again. We use open banking to see your
          income and spending for the last 12 months.
        </Typography>
        <Typography sx={{ mb: 3 }}>
          You choose your bank and agree on its own page. We can only read your accounts: we cannot move money. Access
          ends after 90 days.
        </Typography>
        <ConnectBankButton />
      </SignInPage>
    );
  }
  const linked = status === 'linked';
  return (
    <SignInPage title={linked ? 'Your bank is connected' : 'Your bank is not connected'}>
      {linked ? null : notice}
      <Typography sx={{ mb: 3 }}>
        {linked
          ? 'Thank you. We can now see your income and spending for the last 12 months.'
          : 'We could not connect your bank. You can try again when you continue your application.'}
      </Typography>
      <ResumeButton />
    </SignInPage>
  );
}

/** Sends the browser to the bank's consent page, as the journey's connect step does. */
function ConnectBankButton() {
  return (
    <ContinueButton
      label="Connect my bank"
      onContinue={() =>
        goToBankConsent().then((leaving) => {
          // No link could be made: the shared error table has said why; failing lets the button be pressed again.
          if (!leaving) throw new Error('no consent link');
        })
      }
    />
  );
}
