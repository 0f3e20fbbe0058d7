import { useBrand } from '@lender/ui/brand';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { useBrandStore } from '../lib/brand-store';
import { signOutOfPortal } from '../lib/portal-account';
import type { PortalUser } from '../lib/portal-account';
import { clearPortalSession, PORTAL_ACCESS_TOKEN_KEY } from '../lib/portal-session';
import { paths } from '../lib/paths';
import { SIGNED_IN_ROUTE_ID } from './guards';

const MAIN_ID = 'main-content';

/** A focus ring that shows on the header's colours whatever the brand: the header's own text colour. */
const headerFocusRing = {
  '&.Mui-focusVisible, &:focus-visible': { outline: '3px solid currentColor', outlineOffset: '2px' },
} as const;

const brandNameSx = { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.4, minHeight: '1.75rem' } as const;

const navLinkSx = {
  ...headerFocusRing,
  px: 1.5,
  borderRadius: 1,
  fontWeight: 600,
  '&[aria-current="page"]': { textDecoration: 'underline', textDecorationThickness: '3px', textUnderlineOffset: '6px' },
} as const;

/**
 * The layout of the signed-in portal: a skip link, the banner in the brand's header colours with the brand's
 * name (from the BFF's getRebrandParams: the brand of the user's firm; left empty until it answers, never a
 * guess), the portal's navigation, who is signed in and Sign out, and the `main` landmark the screen renders into. Moving to another screen moves focus to
 * `main`, so keyboard and screen-reader users start on the new screen rather than on the link they used.
 *
 * (`@lender/ui`'s PageLayout frames a single journey screen in a 600 px column with no place for navigation or
 * actions; the client page uses it, this layout does not.)
 */
export function PortalLayout() {
  const { state, load: loadBrand } = useBrand(useBrandStore);
  const user = useRouteLoaderData<PortalUser>(SIGNED_IN_ROUTE_ID);
  const [signingOut, setSigningOut] = useState(false);
  const brandName = state.status === 'ready' ? state.brand.displayName : '';
  const mainRef = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const shownPath = useRef(pathname);

  // Layout effects: focus moves in the same commit as the new screen, and the storage listener is in place
  // from the first paint, so no event is missed.
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    mainRef.current?.focus();
  }, [pathname]);

  // Signing out (or a session ending) in another tab of the portal: check the session again here too.
  useLayoutEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PORTAL_ACCESS_TOKEN_KEY) void revalidate();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [revalidate]);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Not a real fragment link: the hash holds the route, so following it would leave the screen.
    event.preventDefault();
    mainRef.current?.focus();
  };

  // The BFF ends the session first (a failure there is ignored: the token is forgotten here all the same), then
  // the portal forgets it, goes back to the brand nobody is signed in to, and shows login.
  const signOut = () => {
    setSigningOut(true);
    void signOutOfPortal()
      .catch(() => undefined)
      .then(() => {
        clearPortalSession();
        void loadBrand();
        return navigate(paths.login);
      });
  };

  return (
    <>
      <Link
        href={`#${MAIN_ID}`}
        onClick={skipToMain}
        sx={{
          position: 'absolute',
          left: 8,
          top: -200,
          zIndex: (theme) => theme.zIndex.tooltip,
          px: 2,
          py: 1,
          bgcolor: 'common.white',
          color: 'common.black',
          fontWeight: 600,
          // Shown over the header: its ring is in the header's text colour.
          '&:focus': { top: 8, outline: '3px solid', outlineColor: (theme) => theme.brand.headerTextColor, outlineOffset: '2px' },
        }}
      >
        Skip to main content
      </Link>
      <AppBar component="header" position="static" elevation={0}>
        <Container maxWidth="lg" disableGutters>
          <Toolbar sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, py: 1.5 }}>
            <Box sx={{ flexBasis: { xs: '100%', md: 'auto' }, mr: { md: 4 } }}>
              <Typography component="p" sx={brandNameSx}>
                {brandName}
              </Typography>
              <Typography component="p" variant="body2">
                Finance portal
              </Typography>
            </Box>
            <Box component="nav" aria-label="Portal" sx={{ display: 'flex', flex: 1, gap: 1 }}>
              <Button component={NavLink} to={paths.dashboard} color="inherit" sx={navLinkSx}>
                Dashboard
              </Button>
              <Button component={NavLink} to={paths.newLoan} color="inherit" sx={navLinkSx}>
                New loan
              </Button>
            </Box>
            {user === undefined ? null : (
              <Typography component="p" variant="body2" sx={{ fontWeight: 600 }}>
                Signed in as {user.name}
              </Typography>
            )}
            <Button variant="outlined" color="inherit" onClick={signOut} disabled={signingOut} sx={headerFocusRing}>
              Sign out
            </Button>
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" id={MAIN_ID} ref={mainRef} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <Outlet />
        </Container>
      </Box>
    </>
  );
}
