import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { useOutcome } from './outcome';
import type { ApplicationDecision } from './outcome';
import { OutcomeLoadState, ResumeInstead } from './outcome-page';

/** Free, impartial debt advice backed by the government. */
const MONEY_HELPER_URL = 'https://www.moneyhelper.org.uk/en/money-troubles/dealing-with-debt';

type Reason = ApplicationDecision['reasons'][number];

/**
 * /decline: the eligibility check, or the submitted application, was declined: why, in plain English, and what
 * the applicant can do next. Signed in with an application, it is that application's decision (spec §4:
 * approvalStatus 0); an application decided otherwise moves on to where it resumes.
 */
export function DeclineScreen() {
  const { result, retry } = useOutcome();
  if (result.state !== 'ready') return <OutcomeLoadState result={result} onRetry={retry} />;
  const outcome = result.value;
  if (outcome === undefined) return <Navigate replace to={paths.login.home} />;
  if (outcome.source === 'check') {
    if (outcome.check.outcome !== 'declined') return <Navigate replace to={paths.login.home} />;
    return <DeclinedView reasons={outcome.check.reasons} softCheck />;
  }
  const decision = outcome.application.decision;
  if (decision?.outcome !== 'declined') return <ResumeInstead here={paths.decline} />;
  return <DeclinedView reasons={decision.reasons} softCheck={false} />;
}

/** The decline: its reasons, and what next (the soft check before applying left no footprint). */
function DeclinedView({ reasons, softCheck }: { reasons: readonly Reason[]; softCheck: boolean }) {
  return (
    <SignInPage title="We cannot offer you a loan">
      <Typography sx={{ mb: 3 }}>We are sorry, but we cannot lend to you at the moment.</Typography>
      {reasons.length === 0 ? null : (
        <>
          <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
            Why
          </Typography>
          <Box component="ul" sx={{ mt: 0, mb: 3, pl: 3 }}>
            {reasons.map((reason) => (
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
      {softCheck ? (
        <Typography sx={{ mb: 2 }}>
          This was a soft search: it leaves no footprint on your credit file that other lenders can see, and it does not
          affect your credit score.
        </Typography>
      ) : (
        <Typography sx={{ mb: 2 }}>
          We have closed your application. We have not lent you anything, and you have nothing to pay.
        </Typography>
      )}
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
