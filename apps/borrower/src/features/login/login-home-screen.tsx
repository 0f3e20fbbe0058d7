import { useBrand } from '@lender/ui/brand';
import { PageLoading } from '@lender/ui/screens/page-loading';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useBrandStore } from '../../lib/brand-store';

/** The first screen: names the brand the BFF themes the app with. Sign-in arrives in a later release. */
export function LoginHomeScreen() {
  const { state, load } = useBrand(useBrandStore);

  if (state.status === 'idle' || state.status === 'loading') return <PageLoading />;

  if (state.status === 'failed') {
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
        <Typography variant="h1" gutterBottom>
          Sorry, we could not load this page
        </Typography>
        <Typography role="alert" sx={{ mb: 3 }}>
          {state.message}
        </Typography>
        <Button variant="contained" onClick={() => void load()}>
          Try again
        </Button>
      </Container>
    );
  }

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {state.brand.displayName}
      </Typography>
      <Typography>Applying for a loan and managing your loan online will be available here soon.</Typography>
    </Container>
  );
}
