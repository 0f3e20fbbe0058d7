import { useBrand } from '@lender/ui/brand';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { AppFooter } from '../../components/app-footer';
import { paths } from '../../lib/paths';
import { fetchSandboxInfo } from '../../api/sandbox';
import { useAppBrand } from '../../lib/app-brand';
import { logout } from '../../lib/auth-session';
import { useBrandStore } from '../../lib/brand-store';
import { readSignedInPerson } from '../../lib/signed-in-application';
import { useFirstScreenRead } from './first-screen-read';
import { FrontDoor } from './front-door';
import { TryAgain } from './try-again';

/**
 * Whether the BFF serves the sandbox calls (profiles dev and sandbox), so the sandbox mailbox can be offered. No
 * answer: no mailbox link. Production never offers it.
 */
function useSandboxEnabled(): boolean {
  const { result } = useFirstScreenRead(fetchSandboxInfo);
  return result.state === 'ready' && result.value.enabled;
}

/**
 * The first screen (/login/home), where / leads (spec §2): without a session, the front door (what the loan is,
 * its representative example, the way to check eligibility and the ways in: front-door.tsx); with one, who is
 * signed in and a way out (an applicant with an application lands where it resumes instead: lib/sign-in.ts). It
 * is drawn at once with the brand the app knows (the stored white-label flag's), and takes the BFF's brand
 * configuration when it arrives, so the first paint does not wait for the network.
 *
 * `staffEntry` is the way in for staff under the borrower's ways in: the app layer passes the staff feature's
 * button (features do not import each other, DESIGN §6).
 */
export function LoginHomeScreen({ staffEntry }: { staffEntry?: ReactNode }) {
  const { state, load } = useBrand(useBrandStore);
  const { tokens } = useAppBrand();
  const sandboxEnabled = useSandboxEnabled();
  const [signedIn, setSignedIn] = useState(readSignedInPerson);
  const [leaving, setLeaving] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  // Logging out, here or from the staff banner, navigates here: read the session again on every arrival.
  const [arrival, setArrival] = useState(location.key);
  if (arrival !== location.key) {
    setArrival(location.key);
    setSignedIn(readSignedInPerson());
  }

  return (
    <>
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 5, sm: 8 } }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {tokens.displayName}
        </Typography>
        {signedIn !== null && (
          <Typography sx={{ mb: 4 }}>Get a personal loan quote, finish your application or manage your loan.</Typography>
        )}

        {state.status === 'failed' && <TryAgain message={state.message} onRetry={() => void load()} />}

        {signedIn === null ? (
          <FrontDoor staffEntry={staffEntry} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              Signed in{signedIn.name === '' ? '' : ` as ${signedIn.name}`}
            </Typography>
            <Button
              variant="outlined"
              size="large"
              fullWidth
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout().then(async () => {
                  setLeaving(false);
                  // A navigation, not only a redraw: the root shell (the staff banner) reads the session again.
                  await navigate(paths.login.home, { replace: true });
                });
              }}
            >
              Log out
            </Button>
          </Box>
        )}

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
      <AppFooter />
    </>
  );
}
