import { useBrand } from '@lender/ui/brand';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { api } from '../../lib/api';
import { useAppBrand } from '../../lib/app-brand';
import { useBrandStore } from '../../lib/brand-store';

/** Whether the BFF serves the sandbox calls (profiles dev and sandbox), so the sandbox mailbox can be offered. */
function useSandboxEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/sandbox/info', { signal: controller.signal }).then(
      (info) => {
        setEnabled(info.enabled);
      },
      () => {
        // No answer: no mailbox link. Production never offers it.
      },
    );
    return () => {
      controller.abort();
    };
  }, []);
  return enabled;
}

/**
 * The first screen (/login/home): the brand and the ways in. It is drawn at once with the brand the app
 * knows (the stored white-label flag's), and takes the BFF's brand configuration when it arrives, so the
 * first paint does not wait for the network.
 */
export function LoginHomeScreen() {
  const { state, load } = useBrand(useBrandStore);
  const { tokens } = useAppBrand();
  const sandboxEnabled = useSandboxEnabled();

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 5, sm: 8 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {tokens.displayName}
      </Typography>
      <Typography sx={{ mb: 4 }}>
        Get a personal loan quote, finish your application or manage your loan.
      </Typography>

      {state.status === 'failed' && (
        <Box sx={{ mb: 4 }}>
          <Typography role="alert" sx={{ color: 'error.main', mb: 1 }}>
            {state.message}
          </Typography>
          <Button variant="outlined" onClick={() => void load()}>
            Try again
          </Button>
        </Box>
      )}

      <Box component="nav" aria-label="Ways to log in" sx={{ display: 'grid', gap: 2 }}>
        <Button component={RouterLink} to={paths.login.emailLogin} variant="contained" size="large" fullWidth>
          Log in with e-mail
        </Button>
        <Button component={RouterLink} to={paths.login.phoneLogin} variant="outlined" size="large" fullWidth>
          Log in with your phone
        </Button>
      </Box>

      {sandboxEnabled && (
        // Kept to one short line: arriving after the first paint, a larger block would become the page's
        // largest contentful paint and make it wait for this call.
        <Typography variant="body2" sx={{ mt: 5 }}>
          Sandbox: sent messages are in the{' '}
          {/* A router link styled as a link (MUI's Link would add its code to the first screen). */}
          <Typography component={RouterLink} to={paths.emailBox} variant="inherit" sx={{ color: 'primary.main' }}>
            sandbox mailbox
          </Typography>
          .
        </Typography>
      )}
    </Container>
  );
}
