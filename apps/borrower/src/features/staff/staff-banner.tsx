import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { clearStaffLogin, logout } from '../../lib/auth-session';
import { useStaffMode } from '../../lib/staff-mode';

/**
 * The banner on every screen while a staff token is stored (issue 5 §4: a banner says staff are acting): says
 * so, names the borrower when staff have signed in as one, and offers to leave staff mode, which drops the
 * staff token and the borrower's session. Read again at every navigation: a sign-in always navigates.
 */
export function StaffBanner() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = useStaffMode((state) => state.active);
  const sync = useStaffMode((state) => state.sync);
  const borrower = useStaffMode((state) => state.borrower);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    sync();
  }, [location.key, sync]);

  if (!active) return null;

  async function leave() {
    setLeaving(true);
    clearStaffLogin();
    await logout();
    setLeaving(false);
    sync();
    await navigate(paths.login.home);
  }

  return (
    <Box component="section" aria-label="Staff mode" sx={{ bgcolor: '#ffdd00', color: '#0b0c0c' }}>
      <Container
        maxWidth="sm"
        sx={{ py: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" sx={{ color: 'inherit' }}>
          <strong>Staff mode</strong>
          {borrower === null ? null : <> · You are acting for {borrower}</>}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={leaving}
          onClick={() => void leave()}
          sx={{ color: 'inherit', borderColor: 'currentColor' }}
        >
          Leave staff mode
        </Button>
      </Container>
    </Box>
  );
}
