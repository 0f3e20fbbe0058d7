import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { logout } from '../lib/auth-session';
import { paths } from '../lib/paths';
import { readSignedInPerson } from '../lib/signed-in-application';
import { visuallyHidden } from '@lender/ui/visually-hidden';

/** The loan's own pages, besides the dashboard: its documents and the loan account's screens. */
const LOAN_PAGE_PATHS: ReadonlySet<string> = new Set([...Object.values(paths.documents), ...Object.values(paths.loanAccount)]);

/**
 * The signed-in part of every screen's banner (the brand's name is the banner's own): who is signed in, "Your
 * loan" in the loan area (the dashboard and, for someone with a loan, its documents and the loan account's
 * screens), and "Sign out", which ends the session at the BFF before this browser forgets it. On a phone the
 * banner has room for the brand only, so the rest is behind a "Menu" button that shows it as a list under the
 * brand (a disclosure: the button says whether the list is open). Nothing shows to someone signed out. Read as the screen opens: every sign-in and
 * sign-out navigates, so a new screen always reads what is true.
 */
export function SignedInHeader() {
  const [signedIn] = useState(readSignedInPerson);
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menuId = useId();
  if (signedIn === null) return null;

  const onDashboard = pathname === paths.legacy.loanDashboardMain;
  const inLoanArea = onDashboard || (signedIn.hasLoan && LOAN_PAGE_PATHS.has(pathname));

  async function signOut() {
    setLeaving(true);
    await logout();
    await navigate(paths.login.home, { replace: true });
  }

  return (
    <>
      {/* Phones: the list is behind a menu button beside the brand, and opens on a line of its own under it. */}
      <Button
        size="small"
        variant="outlined"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        sx={{ ...headerControl, display: { xs: 'inline-flex', sm: 'none' } }}
        onClick={() => {
          setMenuOpen((open) => !open);
        }}
      >
        Menu
      </Button>
      <Box
        component="nav"
        id={menuId}
        aria-label="Your account"
        sx={{ display: { xs: menuOpen ? 'block' : 'none', sm: 'block' }, flexBasis: { xs: '100%', sm: 'auto' } }}
      >
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'center' },
            flexWrap: 'wrap',
            gap: 1.5,
          }}
        >
          {signedIn.name === '' ? null : (
            <Typography component="li" variant="body2" sx={{ color: 'inherit', fontWeight: 600 }}>
              <Box component="span" sx={visuallyHidden}>
                Signed in as{' '}
              </Box>
              {signedIn.name}
            </Typography>
          )}
          {inLoanArea ? (
            <li>
              <Button
                component={RouterLink}
                to={paths.legacy.loanDashboardMain}
                aria-current={onDashboard ? 'page' : undefined}
                size="small"
                sx={headerControl}
                onClick={() => {
                  setMenuOpen(false);
                }}
              >
                Your loan
              </Button>
            </li>
          ) : null}
          <li>
            <Button size="small" variant="outlined" disabled={leaving} sx={headerControl} onClick={() => void signOut()}>
              Sign out
            </Button>
          </li>
        </Box>
      </Box>
    </>
  );
}

/** Controls drawn in the banner's text colour, so they keep its contrast in either brand; 44 px to tap. */
const headerControl = { color: 'inherit', borderColor: 'currentColor', minHeight: 44 } as const;
