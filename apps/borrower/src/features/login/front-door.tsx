import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { fetchLoanProduct } from '../../api/loan-product';
import { Loading } from '../../components/loading';
import { SummaryList } from '../../components/summary-list';
import { paths } from '../../lib/paths';
import { useFirstScreenRead } from './first-screen-read';
import { loanFacts } from './loan-facts';
import { SignInWays } from './sign-in-ways';
import { TryAgain } from './try-again';

/**
 * The height the loan's figures take once they are in: at 375 px wide (the narrowest layout) and in the `sm`
 * container, which every wider window shares.
 */
const FIGURES_HEIGHT = { xs: 364, sm: 300 };

/**
 * The loan's figures from the lending core: the amounts and terms it lends and its representative example. Its
 * words arrive after the rest of the page, so the section keeps the height they take while they load (the sign-in
 * below does not jump), and its largest block, the example, is set smaller than the lead paragraph: it does not
 * become the page's largest contentful paint and make that wait for the BFF. A failure gives the space back.
 */
function LoanFigures() {
  const headingId = useId();
  const { result, retry } = useFirstScreenRead(fetchLoanProduct);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mb: 5, minHeight: result.state === 'failed' ? undefined : FIGURES_HEIGHT }}
    >
      <Typography id={headingId} component="h2" variant="h5" sx={{ mb: 2 }}>
        What you can borrow
      </Typography>
      {result.state === 'loading' && <Loading label="Loading the loan's figures" />}
      {result.state === 'failed' && (
        <TryAgain message="We could not load the loan's figures and representative example." onRetry={retry} />
      )}
      {result.state === 'ready' && (
        <>
          <SummaryList rows={loanFacts(result.value)} />
          <Typography variant="body2">{result.value.representative.representativeExample}</Typography>
        </>
      )}
    </Box>
  );
}

/**
 * /login/home for someone not signed in: what the loan is, its figures and representative example, the way to
 * start (checking eligibility, the first question of the /amount steps) and, under "Sign in", the ways in. The
 * words are drawn at once; only the figures wait for the BFF. `staffEntry` is the staff feature's way in, which
 * the app layer passes (features do not import each other, DESIGN §6).
 */
export function FrontDoor({ staffEntry }: { staffEntry?: ReactNode }) {
  const softSearchId = useId();
  const signInId = useId();
  return (
    <>
      <Typography
        sx={(theme) => ({
          mb: 4,
          fontSize: { xs: theme.typography.pxToRem(19), sm: theme.typography.pxToRem(24) },
          lineHeight: 1.4,
        })}
      >
        An unsecured personal loan: you borrow a fixed amount and repay it in monthly instalments at a fixed rate of
        interest. You do not put up your home or anything else you own as security.
      </Typography>

      <Button
        component={RouterLink}
        to={paths.amount.amountDefault}
        variant="contained"
        size="large"
        aria-describedby={softSearchId}
        sx={{ width: { xs: '100%', sm: 'auto' }, px: { sm: 5 }, mb: 2 }}
      >
        Check your eligibility
      </Button>
      <Typography id={softSearchId} sx={{ mb: 5 }}>
        Checking your eligibility uses a soft search of your credit file. A soft search does not affect your credit
        score, and other lenders cannot see it.
      </Typography>

      <LoanFigures />

      <Box component="section" aria-labelledby={signInId}>
        <Typography id={signInId} component="h2" variant="h5" sx={{ mb: 1 }}>
          Sign in
        </Typography>
        <Typography sx={{ mb: 3 }}>Finish your application or manage your loan.</Typography>
        <SignInWays withPin />
        {staffEntry !== undefined && <Box sx={{ mt: 4 }}>{staffEntry}</Box>}
      </Box>
    </>
  );
}
