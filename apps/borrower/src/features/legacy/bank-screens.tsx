import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { bankConsentLink, bankStatusQuery, completeBankConsent } from '../../api/legacy';
import { useServerData } from '../../api/query-client';
import { useResumeApplication } from '../../lib/resume-application';
import { LoadFailed, Loading } from '../../components/load-state';
import { ContinueButton } from '../../components/continue-button';


/** The query connect_accounts is opened with after the bank's page sent the person back without a bank. */
const BANK_RETURN_PARAM = 'bank';
const CANCELLED = 'cancelled';
const FAILED = 'failed';
/** What the bank's consent page returns when the person cancelled there. */
const ACCESS_DENIED = 'access_denied';

/** The consent bank_view shows, handed over in the history entry (never the URL: it is not the person's to edit). */
interface BankViewState {
  consentId: string;
}

function readBankViewState(state: unknown): BankViewState | null {
  const consentId = (state as Partial<BankViewState> | null)?.consentId;
  return typeof consentId === 'string' && consentId !== '' ? { consentId } : null;
}

/**
 * /connect_accounts (the openBanking stage, and the open_banking additional operation): why the bank is asked
 * for, then the bank's consent page (bank/getOBLink). The bank sends the browser back to /bank_c; a cancel
 * there comes back here with a message.
 */
export function ConnectAccountsScreen() {
  const [searchParams] = useSearchParams();
  const returned = searchParams.get(BANK_RETURN_PARAM);
  const [busy, setBusy] = useState(false);

  function connect() {
    setBusy(true);
    bankConsentLink().then(
      (link) => {
        window.location.assign(link.authUrl);
      },
      () => {
        // The shared error table has told the person.
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title="Connect your bank">
      {returned === CANCELLED ? (
        <NoticeBanner title="Your bank is not connected">
          <Typography>You cancelled connecting your bank. Connect it to continue your application.</Typography>
        </NoticeBanner>
      ) : null}
      {returned === FAILED ? (
        <NoticeBanner title="Your bank is not connected">
          <Typography>Your bank could not be connected. Please try connecting it again.</Typography>
        </NoticeBanner>
      ) : null}
      <Typography sx={{ mb: 2 }}>
        We use open banking to see your income and spending for the last 12 months. It is quicker than sending us
        bank statements, and it helps us lend only what you can afford to repay.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You choose your bank and agree on its own page. We can only read your accounts: we cannot move money. Access
        ends after 90 days.
      </Typography>
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={connect}>
        Connect my bank
      </Button>
    </SignInPage>
  );
}

/**
 * /bank_c?consentId=…&code=… (or &error=…): where the bank's consent page sends the browser back. The one-time
 * code is exchanged and the bank recorded (bank/completedOB) once per page, as the code works once; then the
 * linked bank is shown on /bank_view, and the code leaves the address bar with this history entry. A cancel at
 * the bank goes back to /connect_accounts with a message.
 */
export function BankReturnScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const consentId = searchParams.get('consentId') ?? '';
  const code = searchParams.get('code') ?? '';
  const error = searchParams.get('error');
  // StrictMode mounts twice in development: the code is single use, so it is sent once per page.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (error !== null || consentId === '' || code === '') {
      const reason = error === ACCESS_DENIED ? CANCELLED : FAILED;
      void navigate(`${paths.legacy.connectAccounts}?${BANK_RETURN_PARAM}=${reason}`, { replace: true });
      return;
    }
    completeBankConsent({ consentId, code }).then(
      () => navigate(paths.legacy.bankView, { replace: true, state: { consentId } satisfies BankViewState }),
      () => {
        // The shared error table has told the person what went wrong.
        setFailed(true);
      },
    );
  }, [code, consentId, error, navigate]);

  if (!failed) {
    return (
      <SignInPage title="Connecting your bank">
        <Loading label="Connecting your bank" />
      </SignInPage>
    );
  }
  return (
    <SignInPage title="Your bank is not connected">
      <Typography sx={{ mb: 3 }}>We could not connect your bank this time. You can try connecting it again.</Typography>
      <Button component={RouterLink} to={paths.legacy.connectAccounts} replace variant="contained" size="large" fullWidth>
        Connect my bank again
      </Button>
    </SignInPage>
  );
}

/**
 * /bank_view: the bank just linked (bank/getOBStatus: the bank the person chose, and whether it is recorded on
 * the application), and the way on with the application. Opened without a consent (a typed address), it offers
 * the way on only.
 */
export function BankViewScreen() {
  const location = useLocation();
  const viewed = readBankViewState(location.state);
  const resume = useResumeApplication();
  const consentId = viewed?.consentId ?? '';

  const continueButton = (
    <ContinueButton onContinue={resume} />
  );

  if (viewed === null) {
    return (
      <SignInPage title="Your bank connection">
        <Typography sx={{ mb: 3 }}>There is no bank connection to show here. Continue with your application.</Typography>
        {continueButton}
      </SignInPage>
    );
  }
  return <BankStatus consentId={consentId}>{continueButton}</BankStatus>;
}

function BankStatus({ consentId, children }: { consentId: string; children: ReactNode }) {
  const { result, retry } = useServerData(bankStatusQuery({ consentId }));
  if (result.state !== 'ready') {
    return (
      <SignInPage title="Your bank connection">
        {result.state === 'loading' ? (
          <Loading label="Checking your bank connection" />
        ) : (
          <LoadFailed message="We could not check your bank connection." onRetry={retry} />
        )}
      </SignInPage>
    );
  }
  const status = result.value;
  const bank = status.bankName === '' ? 'your bank' : status.bankName;
  return (
    <SignInPage title={status.recorded ? 'Your bank is connected' : 'Your bank is not connected yet'}>
      <Typography sx={{ mb: 3 }}>
        {status.recorded
          ? `We can now read your ${bank} accounts for your application. Access ends after 90 days.`
          : `We do not have access to ${bank} yet. Continue, and we will tell you what is needed.`}
      </Typography>
      {children}
    </SignInPage>
  );
}
