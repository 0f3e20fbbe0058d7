import { NotFoundScreen } from '@lender/ui/screens/not-found';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { readStaffToken, takeLoginError } from '../../lib/auth-session';
import { useBrandStore } from '../../lib/brand-store';
import { rememberBrand, WHITE_LABEL_CLIENT, whiteLabelClient } from '../../lib/white-label';
import { ErrorSummary } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { inlineMessage } from '../../components/inline-message';
import { NoticeBanner } from '../../components/notice-banner';
import type { FieldError } from '../../components/error-summary';
import { normaliseEmail, rememberPendingAddress, useFinishSignIn, WRONG_CODE } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';

const FIELD_ID = 'email';

function emailError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your e-mail address';
  if (normaliseEmail(value) === undefined) return 'Enter an e-mail address in the correct format, like name@example.com';
  return undefined;
}

/**
 * The white-label path (`/harbour/login/emailLogin`) themes the app as the white-label brand (spec §2, §4):
 * the flag is stored before the first paint, and a brand already loaded for the default brand is asked for
 * again. Another first segment is not a brand this app has: the 404 page.
 */
function useWhiteLabelPath(): { known: boolean; clientName: string | undefined } {
  const { whiteLabel } = useParams();
  const known = whiteLabel === undefined || whiteLabel === WHITE_LABEL_CLIENT;
  // Before the children render (their effects run before this component's): the brand they ask for is right.
  useState(() => {
    if (whiteLabel === WHITE_LABEL_CLIENT && whiteLabelClient() === undefined) rememberBrand(WHITE_LABEL_CLIENT);
    return null;
  });
  useEffect(() => {
    if (whiteLabel !== WHITE_LABEL_CLIENT) return;
    const { state, load } = useBrandStore.getState();
    if (state.status === 'ready' && state.brand.clientName !== WHITE_LABEL_CLIENT) void load();
  }, [whiteLabel]);
  return { known, clientName: whiteLabelClient() };
}

type Stage = { kind: 'form' } | { kind: 'link-sent'; email: string; minutes: number; resent: boolean };

/**
 * /login/emailLogin (and the white-label path): one question, the e-mail address, and two ways on: a sign-in
 * link or a 6-digit code. A stored login error (an expired session, a dead link) is shown first. In staff mode
 * the one action is signing in as the borrower who owns the address, with the staff token and no code.
 */
export function EmailLoginScreen() {
  const { known, clientName } = useWhiteLabelPath();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [loginError, setLoginError] = useState(() => takeLoginError());
  const [staffToken] = useState(() => readStaffToken());
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (stage.kind === 'link-sent') headingRef.current?.focus();
  }, [stage.kind]);

  if (!known) return <NotFoundScreen backTo={paths.root} />;

  /** Validates on submit (DESIGN §6); the address as it will be sent, or undefined after showing the errors. */
  function validated(): string | undefined {
    const message = emailError(email);
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    return message === undefined ? normaliseEmail(email) : undefined;
  }

  async function run(action: () => Promise<void>, inlineCodes: readonly number[] = []): Promise<void> {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const inline = inlineMessage(error, inlineCodes);
      if (inline !== undefined) setErrors([{ fieldId: FIELD_ID, message: inline }]);
      // A call cancelled because the stored session had expired leaves its message for this screen.
      const stored = takeLoginError();
      if (stored !== null) setLoginError(stored);
    } finally {
      setBusy(false);
    }
  }

  function sendLink(event?: SyntheticEvent) {
    event?.preventDefault();
    const address = validated();
    if (address === undefined) return;
    void run(async () => {
      const sent = await api.post('/user/magicLink', {
        body: clientName === undefined ? { email: address } : { email: address, clientName },
      });
      setStage({ kind: 'link-sent', email: address, minutes: Math.ceil(sent.expiresInSeconds / 60), resent: false });
    });
  }

  function sendCode() {
    const address = validated();
    if (address === undefined) return;
    void run(async () => {
      await api.post('/account/sendEmailVerify', { body: { param: address, type: 'EMAIL' } });
      rememberPendingAddress({ type: 'EMAIL', param: address });
      await navigate(paths.login.emailCode);
    });
  }

  function signInAsBorrower(event: SyntheticEvent) {
    event.preventDefault();
    const address = validated();
    if (address === undefined || staffToken === null) return;
    void run(async () => {
      const result = await api.post('/account/adminLogin', {
        params: { header: { staffToken } },
        body: { param: address, type: 'EMAIL' },
      });
      finishSignIn(result);
    }, [WRONG_CODE]);
  }

  if (stage.kind === 'link-sent') {
    const resend = () => {
      void run(async () => {
        const sent = await api.post('/user/resendMagicLink', {
          body: clientName === undefined ? { email: stage.email } : { email: stage.email, clientName },
        });
        setStage({ ...stage, minutes: Math.ceil(sent.expiresInSeconds / 60), resent: true });
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
    <SignInPage title={staffMode ? 'Sign in as a borrower' : 'Log in with your e-mail'} backTo={paths.login.home}>
      <ErrorSummary errors={errors} />
      {loginError === null ? null : (
        <NoticeBanner title="You need to log in again">
          <Typography>{loginError}</Typography>
        </NoticeBanner>
      )}
      <Box component="form" noValidate onSubmit={staffMode ? signInAsBorrower : sendLink}>
        {staffMode ? (
          <Typography sx={{ mb: 3 }}>
            You are in staff mode. Enter the e-mail address of the borrower you are helping: you will be signed in
            as them, and everything you do is recorded.
          </Typography>
        ) : (
          <Typography sx={{ mb: 3 }}>We will e-mail you a link or a 6-digit code to sign in.</Typography>
        )}
        <FormField
          id={FIELD_ID}
          name="email"
          label={staffMode ? 'Borrower’s e-mail address' : 'E-mail address'}
          type="email"
          value={email}
          error={errors.find((error) => error.fieldId === FIELD_ID)?.message}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          input={{ autoComplete: staffMode ? 'off' : 'email', inputMode: 'email', spellCheck: false }}
          sx={{ mb: 3 }}
        />
        {staffMode ? (
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            Sign in as this borrower
          </Button>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
              Email me a sign-in link
            </Button>
            <Button type="button" variant="outlined" size="large" fullWidth disabled={busy} onClick={sendCode}>
              Email me a code
            </Button>
          </Box>
        )}
      </Box>
      {staffMode ? null : (
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to={paths.login.phoneLogin}>
            Log in with your phone instead
          </Link>
        </Typography>
      )}
    </SignInPage>
  );
}
