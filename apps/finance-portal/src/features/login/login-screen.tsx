import { useBrand } from '@lender/ui/brand';
import { PageLoading } from '@lender/ui/screens/page-loading';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useBrandStore } from '../../lib/brand-store';

/** The portal's first screen: the portal and the brand it serves. */
export function LoginScreen() {
  const { state, load } = useBrand(useBrandStore);

  if (state.status === 'idle' || state.status === 'loading') return <PageLoading />;

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Finance portal
      </Typography>
      {state.status === 'ready' ? (
        <Typography>{state.brand.displayName}</Typography>
      ) : (
        <>
          <Typography role="alert" sx={{ mb: 3 }}>
            {state.message}
          </Typography>
          <Button variant="contained" onClick={() => void load()}>
            Try again
          </Button>
        </>
      )}
    </Container>
  );
}
