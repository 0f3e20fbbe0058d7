import { readStoredAccessToken } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { EmailAddress } from '../../components/email-address';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import type { FieldError } from '@lender/ui/components/error-summary';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { confirmOnePageEmail, onePageInfoQuery } from '../../api/one-page';
import { fetchFreshServerData } from '../../api/query-client';
import { storageKeys } from '../../lib/storage-keys';
import { cameFromEmailChange, emailUpdatePath, LINK_HINT, useResendLink } from '../../lib/email-change';
import { JourneyPage, useJourney } from './journey-page';
import { fetchResumeTarget } from '../../lib/resume-application';
import { useGoNext } from './journey-page';

const NOT_CONFIRMED: FieldError = {
  fieldId: 'resend',
  message: 'We have not had your confirmation yet. Open the link in the e-mail we sent you, or send it again.',
};

/**
 * /loan/confirm-email (EmailConfirmation): the link to confirm the address was sent at registration; it can
 * be sent again. Continue goes on once the journeyMap says the address is confirmed (the link may have been
 * opened in another tab or on another device, so it asks the BFF). A mistyped address can be changed
 * (/email_update), which sends a new link and comes back here.
 */
export function ConfirmEmailScreen() {
  const { info } = useJourney();
  const emailChanged = cameFromEmailChange(useLocation().state);
  const goNext = useGoNext();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const { sending, sent: resent, resend } = useResendLink(() => {
    setErrors([]);
  });
  const confirmed = info.journeyMap.aboutYou.emailVerification;

  function continueOn() {
    if (confirmed) {
      goNext();
      return;
    }
    setBusy(true);
    fetchFreshServerData(onePageInfoQuery).then(
      (latest) => {
        setBusy(false);
        if (latest.journeyMap.aboutYou.emailVerification) goNext();
        else setErrors([NOT_CONFIRMED]);
      },
      () => {
        setBusy(false);
      },
    );
  }

  return (
    <JourneyPage title="Confirm your e-mail address">
      <ErrorSummary errors={errors} />
      {resent ? (
        <NoticeBanner title="E-mail sent">
          <Typography>We have sent a new link to {info.email}.</Typography>
        </NoticeBanner>
      ) : emailChanged && !confirmed ? (
        <NoticeBanner title="Email address changed">
          <Typography>
            We have sent a new link to <EmailAddress address={info.email} />. Links sent to your old address no
            longer work.
          </Typography>
        </NoticeBanner>
      ) : null}
      {confirmed ? (
        <Typography sx={{ mb: 3 }}>Your e-mail address {info.email} is confirmed.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            We sent a link to <EmailAddress address={info.email} />. Open it to confirm your e-mail address, then
            come back here.
          </Typography>
          <Typography sx={{ mb: 2 }}>{LINK_HINT}</Typography>
          <Typography sx={{ mb: 3 }}>
            Is the address wrong?{' '}
            <Link component={RouterLink} to={emailUpdatePath(paths.onePage.confirmEmail)}>
              Change your email address
            </Link>
          </Typography>
        </>
      )}
      <Button variant="contained" size="large" fullWidth disabled={busy || sending} onClick={continueOn} sx={{ mb: 2 }}>
        Continue
      </Button>
      {confirmed ? null : (
        <Button id="resend" variant="outlined" size="large" fullWidth disabled={busy || sending} onClick={resend}>
          Send the link again
        </Button>
      )}
    </JourneyPage>
  );
}

/**
 * /email_verify_soft?token=…: where the confirmation link leads. The page redeems the token with one POST when
 * it mounts (loading the page consumes nothing: mail scanners open links), then drops the token from the
 * address and resumes the application (spec §4). A dead link (100608) is the shared error table's. Without a
 * token it is the emailConf stage of choice b (spec §4), where the applicant waits for the link: see
 * ConfirmByLink.
 *
 * The link confirms the address only in the browser that applied, whose session it was sent for: opened where
 * nobody is signed in (another device), it is not sent at all (it would only fail there, and signing in there
 * would start the application again), and the page says where to open it: see OpenWhereYouApplied.
 */
export function EmailVerifySoftScreen() {
  const emailChanged = cameFromEmailChange(useLocation().state);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [signedIn] = useState(() => readStoredAccessToken() !== null);
  // StrictMode mounts twice in development: the token is single use, so it is sent once per page.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token === '' || !signedIn) return;
    sent.current = true;
    confirmOnePageEmail({ token })
      .then(() => fetchResumeTarget())
      .then(
        (target) => navigate(target, { replace: true }),
        () => {
          setFailed(true);
        },
      );
  }, [token, navigate, signedIn]);

  if (token !== '' && !signedIn) return <OpenWhereYouApplied />;
  if (token === '' || failed) return <ConfirmByLink linkFailed={failed} emailChanged={emailChanged} />;
  return (
    <SignInPage title="Confirming your e-mail address">
      <CircularProgress aria-label="Confirming your e-mail address" />
    </SignInPage>
  );
}

/**
 * /email_verify_soft?token=… opened in a browser where nobody is signed in: most often the e-mail was read on
 * another device than the one the application was started on.
 */
function OpenWhereYouApplied() {
  return (
    <SignInPage title="Open this link where you applied">
      <Typography sx={{ mb: 2 }}>
        To keep your application safe, this link confirms your e-mail address only in the browser where you started
        your application. Open the e-mail on that device and select the link there.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        If that was more than an hour ago, the link no longer works and you need to start again.
      </Typography>
      <Typography sx={{ mb: 3 }}>If you did not apply for a loan with us, you do not need to do anything.</Typography>
      <Button component={RouterLink} to={paths.amount.amountDefault} variant="outlined" size="large" fullWidth>
        Start a new application
      </Button>
    </SignInPage>
  );
}

/**
 * /email_verify_soft without a working link: the applicant is waiting for the link (the emailConf stage of
 * choice b), came back from changing a mistyped address, or opened a link that no longer works. Each can have
 * the link sent again (onePage/user/sendVerificationEmail serves both journeys) or change the address; the link
 * itself resumes the application, so there is nothing to continue to from here.
 */
function ConfirmByLink({ linkFailed, emailChanged }: { linkFailed: boolean; emailChanged: boolean }) {
  const email = expiringLocalStorage.getItem(storageKeys.email) ?? '';
  const { sending, sent: resent, resend } = useResendLink();

  return (
    <SignInPage title={linkFailed && !emailChanged ? 'This link did not work' : 'Confirm your e-mail address'}>
      {resent ? (
        <NoticeBanner title="E-mail sent">
          <Typography>
            We have sent a new link to <EmailAddress address={email} />.
          </Typography>
        </NoticeBanner>
      ) : emailChanged ? (
        <NoticeBanner title="Email address changed">
          <Typography>
            We have sent a new link to <EmailAddress address={email} />. Open it to confirm your e-mail address.
            Links sent to your old address no longer work.
          </Typography>
        </NoticeBanner>
      ) : null}
      {linkFailed && !emailChanged ? (
        <Typography sx={{ mb: 3 }}>
          A link works once, on this device, for the time the e-mail gives. Ask for a new link below.
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {email === '' ? 'We sent you a link. ' : <>We sent a link to <EmailAddress address={email} />. </>}
            Open it to confirm your e-mail address and carry on with your application.
          </Typography>
          <Typography sx={{ mb: 3 }}>{LINK_HINT}</Typography>
        </>
      )}
      <Button variant="contained" size="large" fullWidth disabled={sending} onClick={resend}>
        Send the link again
      </Button>
      <Typography sx={{ mt: 3 }}>
        Is your address wrong?{' '}
        <Link component={RouterLink} to={emailUpdatePath(paths.emailVerifySoft)}>
          Change your email address
        </Link>
      </Typography>
    </SignInPage>
  );
}
