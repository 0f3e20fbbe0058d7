import { NotFoundScreen } from '@lender/ui/screens/not-found';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { resendMagicLink, sendMagicLink, sendSignInCode, staffActAs } from '../../api/auth';
import { readStaffToken, takeLoginError } from '../../lib/auth-session';
import { brandRefused, showBrand, useBrandStore } from '../../lib/brand-store';
import { chooseBrand, isClientName, whiteLabelClient } from '../../lib/white-label';
import { NoticeBanner } from '../../components/notice-banner';
import { emailAddress, QuestionPage, SubmitAnotherWay, TextAnswer } from '../../components/question';
import { rememberPendingAddress, useFinishSignIn, WRONG_CODE } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';


/** The address as it is sent: trimmed. */
const schema = z.object({ email: emailAddress('Enter your email address') });
type Answer = z.output<typeof schema>;

/**
 * A brand's own path (`/harbour/login/emailLogin`, spec §2, §4) themes the app as that brand — a white-label brand
 * or a broker client, whichever the BFF has under that name: the flag is stored before the first paint, and a
 * brand loaded before is asked for again. A segment that is no brand key, or that the BFF says is no brand of
 * its, is the 404 page.
 */
function useBrandPath(): { known: boolean; clientName: string | undefined } {
  const { whiteLabel } = useParams();
  const named = whiteLabel !== undefined && isClientName(whiteLabel) ? whiteLabel : undefined;
  // Before the children render (their effects run before this component's): the brand they ask for is right.
  useState(() => {
    if (named !== undefined && !brandRefused(named)) chooseBrand(named);
    return null;
  });
  useEffect(() => {
    if (named !== undefined && !brandRefused(named)) showBrand(named);
  }, [named]);
  // Read again whenever the brand changes: a refusal is known once the BFF has answered.
  useBrandStore((store) => store.state.status);
  const known = whiteLabel === undefined || (named !== undefined && !brandRefused(named));
  return { known, clientName: whiteLabelClient() };
}

type Stage = { kind: 'form' } | { kind: 'link-sent'; email: string; minutes: number; resent: boolean };

/**
 * /login/emailLogin (and the white-label path): one question, the e-mail address, and two ways on: a sign-in
 * link or a 6-digit code. A stored login error (an expired session, a dead link) is shown first. In staff mode
 * the one action is signing in as the borrower who owns the address, with the staff token and no code.
 */
export function EmailLoginScreen() {
  const { known, clientName } = useBrandPath();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [loginError, setLoginError] = useState(() => takeLoginError());
  const [staffToken] = useState(() => readStaffToken());
  // As typed, so that the question shows it again after "Use a different e-mail address".
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (stage.kind === 'link-sent') headingRef.current?.focus();
  }, [stage.kind]);

  if (!known) return <NotFoundScreen backTo={paths.root} />;

  /** Sends with `action`; a call cancelled because the stored session had expired leaves its message here. */
  async function run(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      const stored = takeLoginError();
      if (stored !== null) setLoginError(stored);
      throw error;
    }
  }

  const withClient = (email: string) => (clientName === undefined ? { email } : { email, clientName });

  const sendLink = ({ email }: Answer) =>
    run(async () => {
      const sent = await sendMagicLink(withClient(email));
      setStage({ kind: 'link-sent', email, minutes: Math.ceil(sent.expiresInSeconds / 60), resent: false });
    });

  const sendCode = ({ email }: Answer) =>
    run(async () => {
      await sendSignInCode({ param: email, type: 'EMAIL' });
      rememberPendingAddress({ type: 'EMAIL', param: email });
      await navigate(paths.login.emailCode);
    });

  const signInAsBorrower = ({ email }: Answer) =>
    run(async () => {
      if (staffToken === null) return;
      finishSignIn(await staffActAs(staffToken, { param: email, type: 'EMAIL' }));
    });

  if (stage.kind === 'link-sent') {
    const resend = () => {
      setBusy(true);
      void run(async () => {
        const sent = await resendMagicLink(withClient(stage.email));
        setStage({ ...stage, minutes: Math.ceil(sent.expiresInSeconds / 60), resent: true });
      })
        // The shared error table has told the person; the link can be asked for again.
        .catch(() => undefined)
        .finally(() => {
          setBusy(false);
        });
    };
    return (
      <SignInPage title="Check your e-mail" backTo={paths.login.home}>
        <Typography ref={headingRef} tabIndex={-1} sx={{ mb: 2, outline: 'none' }}>
          If <strong>{stage.email}</strong> belongs to an account, we have sent it a link to sign in. Open the e-mail
          on this device and select the link.
        </Typography>
        <Typography sx={{ mb: 3 }}>
          The link works once, for {stage.minutes} minutes. Sending a new link stops the old one working.
        </Typography>
        <Typography role="status" sx={{ mb: stage.resent ? 3 : 0, fontWeight: 600 }}>
          {stage.resent ? 'We have sent a new link.' : ''}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Button variant="contained" size="large" disabled={busy} onClick={resend}>
            Send the link again
          </Button>
          <Button
            variant="text"
            onClick={() => {
              setStage({ kind: 'form' });
            }}
          >
            Use a different e-mail address
          </Button>
        </Box>
      </SignInPage>
    );
  }

  const staffMode = staffToken !== null;
  return (
    <QuestionPage
      question={staffMode ? 'Sign in as a borrower' : 'Log in with your e-mail'}
      backTo={paths.login.home}
      schema={schema}
      defaultValues={{ email: typed }}
      onChange={({ email }) => {
        setTyped(email);
      }}
      intro={
        <>
          {loginError === null ? null : (
            <NoticeBanner title="You need to log in again">
              <Typography>{loginError}</Typography>
            </NoticeBanner>
          )}
          {staffMode ? (
            <Typography sx={{ mb: 3 }}>
              You are in staff mode. Enter the e-mail address of the borrower you are helping: you will be signed in
              as them, and everything you do is recorded.
            </Typography>
          ) : (
            <Typography sx={{ mb: 3 }}>We will e-mail you a link or a 6-digit code to sign in.</Typography>
          )}
        </>
      }
      serverField={staffMode ? 'email' : undefined}
      serverCodes={[WRONG_CODE]}
      submitLabel={staffMode ? 'Sign in as this borrower' : 'Email me a sign-in link'}
      onSubmit={staffMode ? signInAsBorrower : sendLink}
      after={
        staffMode ? null : (
          <>
            <SubmitAnotherWay label="Email me a code" onSubmit={sendCode} />
            <Typography sx={{ mt: 4 }}>
              <Link component={RouterLink} to={paths.login.phoneLogin}>
                Log in with your phone instead
              </Link>
            </Typography>
          </>
        )
      }
    >
      <TextAnswer
        name="email"
        label={staffMode ? 'Borrower’s e-mail address' : 'E-mail address'}
        type="email"
        input={{ autoComplete: staffMode ? 'off' : 'email', inputMode: 'email', spellCheck: false }}
      />
    </QuestionPage>
  );
}
