import { ErrorCodes, isApiError, readStoredAccessToken } from '@lender/api-client';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { changeEmail, confirmEmailChange } from '../../api/profile';
import { EmailAddress } from '../../components/email-address';
import { emailAddress, QuestionPage, TextAnswer } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { saveSignedInUser } from '../../lib/auth-session';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { ChangeScreen, SuccessBanner } from './profile-page';

const schema = z.object({ email: emailAddress('Enter your new email address') });

/** What the BFF says by the address: its checks (100400) and a change staff may not make (100617). */
const INLINE_CODES = [ErrorCodes.badRequest, ErrorCodes.staffForbidden];

/**
 * /edit-email: the new address (profile/changeEmail), to which a link is mailed; the address in use stays until
 * the link is opened (/emailVerify). Once sent, the page says to open it, and offers to send it again or to give
 * another address.
 */
export function EditEmailScreen() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [sending, setSending] = useState(false);
  usePageTitle(sentTo === null ? undefined : 'Check your email');

  if (sentTo !== null) {
    const again = () => {
      setSending(true);
      changeEmail({ email: sentTo }).then(
        () => {
          setSending(false);
          setResent(true);
        },
        () => {
          setSending(false);
        },
      );
    };
    return (
      <SignInPage title="Check your email" backTo={paths.profile.personalDetails}>
        {resent ? (
          <SuccessBanner>
            <Typography>We have sent you a new link.</Typography>
          </SuccessBanner>
        ) : null}
        <Typography sx={{ mb: 2 }}>
          We have sent a link to <EmailAddress address={sentTo} />. Open it to make this your email address. Until
          then, we keep using the address you have now.
        </Typography>
        <Typography sx={{ mb: 3 }}>The link works for 24 hours. Check your spam folder if you cannot find it.</Typography>
        <Button variant="outlined" size="large" fullWidth disabled={sending} onClick={again} sx={{ mb: 2 }}>
          Send the link again
        </Button>
        <Link
          component="button"
          type="button"
          onClick={() => {
            setSentTo(null);
            setResent(false);
          }}
        >
          Use a different email address
        </Link>
      </SignInPage>
    );
  }

  return (
    <ChangeScreen title="What is your new email address?">
      <QuestionPage
        question="What is your new email address?"
        backTo={paths.profile.personalDetails}
        hint="We will send a link to it. Your email address changes when you open the link."
        schema={schema}
        defaultValues={{ email: '' }}
        serverField="email"
        serverCodes={INLINE_CODES}
        submitLabel="Send the link"
        onSubmit={async ({ email }) => {
          await changeEmail({ email });
          setSentTo(email);
        }}
      >
        <TextAnswer
          name="email"
          label="New email address"
          type="email"
          input={{ autoComplete: 'email', inputMode: 'email', spellCheck: false, autoCapitalize: 'none' }}
        />
      </QuestionPage>
    </ChangeScreen>
  );
}

type Redemption = { state: 'waiting' } | { state: 'changed'; email: string } | { state: 'refused'; message: string };

/** The page's heading as the redemption stands. */
function verifyTitle(signedIn: boolean, redemption: Redemption): string {
  if (!signedIn) return 'Log in to confirm your new email address';
  if (redemption.state === 'changed') return 'Your email address is changed';
  if (redemption.state === 'refused') return 'We could not change your email address';
  return 'Confirm your new email address';
}

const LINK_FAILED = 'This link does not work. It may have expired or been used already.';

/**
 * /emailVerify?token=…: where the link mailed by /edit-email leads. The page redeems it once
 * (profile/confirmEmailChange) and says the address is changed, or why not in the page: a used, expired or
 * someone else's link (100608), an address taken since, a change staff may not make. The borrower stays signed in
 * either way. Opened where nobody is signed in, it says to log in and open the link again.
 */
export function EmailVerifyScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [signedIn] = useState(() => readStoredAccessToken() !== null);
  const [redemption, setRedemption] = useState<Redemption>(() =>
    token === '' ? { state: 'refused', message: LINK_FAILED } : { state: 'waiting' },
  );
  // StrictMode mounts twice in development: the token is single use, so it is sent once per page.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token === '' || !signedIn) return;
    sent.current = true;
    confirmEmailChange({ token }).then(
      (user) => {
        saveSignedInUser(user);
        setRedemption({ state: 'changed', email: user.email });
      },
      (error: unknown) => {
        const message = isApiError(error) && error.kind === 'envelope' && error.errorMessage !== '' ? error.errorMessage : LINK_FAILED;
        setRedemption({ state: 'refused', message });
      },
    );
  }, [token, signedIn]);
  const title = verifyTitle(signedIn, redemption);
  usePageTitle(title);

  if (!signedIn) {
    return (
      <SignInPage title={title}>
        <Typography sx={{ mb: 3 }}>
          To keep your account safe, log in first, then open the link in the email again. It works for 24 hours.
        </Typography>
        <Button component={RouterLink} to={paths.login.home} variant="contained" size="large" fullWidth>
          Log in
        </Button>
      </SignInPage>
    );
  }
  if (redemption.state === 'waiting') {
    return (
      <SignInPage title={title}>
        <CircularProgress aria-label="Confirming your new email address" />
      </SignInPage>
    );
  }
  if (redemption.state === 'changed') {
    return (
      <SignInPage title={title}>
        <Typography sx={{ mb: 2 }}>
          Your email address is now <EmailAddress address={redemption.email} />. We have told your old address too.
        </Typography>
        <Link component={RouterLink} to={paths.profile.personalDetails}>
          Back to your personal details
        </Link>
      </SignInPage>
    );
  }
  return (
    <SignInPage title={title}>
      <Typography sx={{ mb: 3 }}>{redemption.message}</Typography>
      <Typography sx={{ mb: 3 }}>Your email address has not changed.</Typography>
      <Button component={RouterLink} to={paths.profile.editEmail} variant="contained" size="large" fullWidth>
        Ask for a new link
      </Button>
    </SignInPage>
  );
}
