import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The ways to log in, as links, e-mail first. The PIN login is left out where a person was sent because the
 * PIN login cannot serve them (the redirect login).
 */
export function SignInWays({ withPin = false }: { withPin?: boolean }) {
  return (
    <Box component="nav" aria-label="Ways to log in" sx={{ display: 'grid', gap: 2 }}>
      <Button component={RouterLink} to={paths.login.emailLogin} variant="contained" size="large" fullWidth>
        Log in with e-mail
      </Button>
      <Button component={RouterLink} to={paths.login.phoneLogin} variant="outlined" size="large" fullWidth>
        Log in with your phone
      </Button>
      {withPin && (
        <Button component={RouterLink} to={paths.pinLogIn} variant="outlined" size="large" fullWidth>
          Log in with your PIN
        </Button>
      )}
    </Box>
  );
}
