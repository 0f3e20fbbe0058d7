import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { takeRedirectInfo } from '../../lib/auth-session';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';

/**
 * /login/redirectLogin: where a 100638 answer (for example a PIN login for someone who has no PIN) sends a
 * person. It shows that answer's message (redirectInfo) and the ways to sign in.
 */
export function RedirectLoginScreen() {
  const [info] = useState(() => takeRedirectInfo());

  return (
    <SignInPage title="Log in another way" backTo={paths.login.home}>
      {info === null ? null : (
        <NoticeBanner title="Important">
          <Typography>{info}</Typography>
        </NoticeBanner>
      )}
      <Box component="nav" aria-label="Ways to log in" sx={{ display: 'grid', gap: 2 }}>
        <Button component={RouterLink} to={paths.login.emailLogin} variant="contained" size="large" fullWidth>
          Log in with e-mail
        </Button>
        <Button component={RouterLink} to={paths.login.phoneLogin} variant="outlined" size="large" fullWidth>
          Log in with your phone
        </Button>
      </Box>
    </SignInPage>
  );
}
