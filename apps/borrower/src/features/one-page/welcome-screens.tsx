import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';

function Welcome({ next }: { next: string }) {
  return (
    <SignInPage title="Your application">
      <Typography sx={{ mb: 2 }}>You have passed our eligibility check. There are a few more things to do:</Typography>
      <Typography component="ol" sx={{ mb: 3, pl: 3 }}>
        <li>confirm your loan</li>
        <li>confirm your e-mail address</li>
        <li>check your details: what the loan is for, your housing, your addresses and your income</li>
        <li>connect your bank, so we can check your income</li>
        <li>send your application</li>
      </Typography>
      <Typography sx={{ mb: 3 }}>It takes about 10 minutes. You can stop and come back at any time.</Typography>
      <Button component={RouterLink} to={next} variant="contained" size="large" fullWidth>
        Continue
      </Button>
    </SignInPage>
  );
}

/** /start2: the welcome before the one-page quote (spec §4 welcome stage). */
export function Start2Screen() {
  return <Welcome next={paths.quoteReviewB} />;
}

/** /start_b: the welcome before the legacy quote review (spec §4: welcome pending, choice not b). */
export function StartBScreen() {
  return <Welcome next={paths.quoteReview} />;
}
