import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { paths } from '../../lib/paths';
import { takeRedirectInfo } from '../../lib/auth-session';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { SignInWays } from './sign-in-ways';

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
      <SignInWays />
    </SignInPage>
  );
}
