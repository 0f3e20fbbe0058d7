import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { SignInPage } from '../../components/sign-in-page';
import { readOutcome } from './outcome';

/** Free, impartial debt advice backed by the government. */
const MONEY_HELPER_URL = 'https://www.moneyhelper.org.uk/en/money-troubles/dealing-with-debt';

/**
 * /decline: the check (or, later, the application) was declined: why, in plain English, and what the applicant
 * can do next. No account is opened.
 */
export function DeclineScreen() {
  const [outcome] = useState(readOutcome);
  if (outcome?.outcome !== 'declined') return <Navigate replace to={paths.login.home} />;
  return (
    <SignInPage title="We cannot offer you a loan">
      <Typography sx={{ mb: 3 }}>We are sorry, but we cannot lend to you at the moment.</Typography>
      {outcome.reasons.length === 0 ? null : (
        <>
          <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
            Why
          </Typography>
          <Box component="ul" sx={{ mt: 0, mb: 3, pl: 3 }}>
            {outcome.reasons.map((reason) => (
              <Typography component="li" key={reason.code} sx={{ mb: 1 }}>
                {reason.text}
              </Typography>
            ))}
          </Box>
        </>
      )}
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        What you can do next
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This was a soft search: it leaves no footprint on your credit file that other lenders can see, and it does not
        affect your credit score.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        You can see your credit report for free with the credit reference agencies, and ask them to correct anything
        that is wrong.
      </Typography>
      <Typography sx={{ mb: 4 }}>
        If you are worried about money, you can get free and confidential debt advice from{' '}
        <Link href={MONEY_HELPER_URL} target="_blank" rel="noopener noreferrer">
          MoneyHelper (opens in a new tab)
        </Link>
        .
      </Typography>
      <Button component={RouterLink} to={paths.login.home} variant="outlined" size="large" fullWidth>
        Go to the home page
      </Button>
    </SignInPage>
  );
}
