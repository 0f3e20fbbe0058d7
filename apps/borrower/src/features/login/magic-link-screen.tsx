import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { redeemMagicLink } from '../../api/auth';
import { useFinishSignIn } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';

/**
 * /login/emailMagicLink?token=…: where a sign-in link leads. Loading the page consumes nothing (mail scanners
 * open links); the page redeems the token with one POST when it mounts. A dead link (100502) is the shared
 * error table's: the message becomes the login error and the person goes to login.
 */
export function MagicLinkScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const finishSignIn = useFinishSignIn();
  const [failed, setFailed] = useState(token === '');
  // React's StrictMode mounts twice in development: the token is single use, so it is sent once per page.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    // Not aborted on unmount: the answer carries the session cookie, and a second try would find the token used.
    redeemMagicLink({ token }).then(finishSignIn, () => {
      setFailed(true);
    });
  }, [token, finishSignIn]);

  if (failed) {
    return (
      <SignInPage title="This sign-in link did not work" backTo={paths.login.home}>
        <Typography sx={{ mb: 3 }}>
          A link works once, for a short time, and only the newest one you asked for works. Ask for a new link to
          sign in.
        </Typography>
        <Button component={RouterLink} to={paths.login.emailLogin} variant="contained" size="large" fullWidth>
          Get a new link
        </Button>
      </SignInPage>
    );
  }

  return (
    <SignInPage title="Signing you in">
      <CircularProgress aria-label="Signing you in" />
    </SignInPage>
  );
}
