import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { drawdownQuery } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { LoadFailed, Loading } from '../../components/load-state';

/**
 * /signOver: every stage is done. The loan is opened (application/drawdown) as the screen opens, and only then
 * does the screen say the money is on its way, with the way to the loan dashboard.
 */
export function SignOverScreen() {
  const { result, retry } = useServerData(drawdownQuery);
  if (result.state !== 'ready') {
    return (
      <SignInPage title="Opening your loan">
        {result.state === 'loading' ? (
          <Loading label="Opening your loan" />
        ) : (
          <LoadFailed message="We could not open your loan yet." onRetry={retry} />
        )}
      </SignInPage>
    );
  }
  return (
    <SignInPage title="Your money is on its way">
      <Typography sx={{ mb: 2 }}>You have finished everything we need. Thank you.</Typography>
      <Typography sx={{ mb: 3 }}>
        We are paying your loan into the account you gave us. Your loan account shows your balance and your
        repayments.
      </Typography>
      <Button component={RouterLink} to={paths.legacy.loanDashboardMain} replace variant="contained" size="large" fullWidth>
        Go to my loan
      </Button>
    </SignInPage>
  );
}
