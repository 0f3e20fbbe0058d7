import { ErrorCodes, isApiError } from '@lender/api-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { staffSignIn } from '../../api/auth';
import { saveStaffLogin } from '../../lib/auth-session';
import { useStaffMode } from '../../lib/staff-mode';

/** Spec §5: the one message when either field is empty. */
export const MISSING_CREDENTIALS = 'Please enter your account and password';
const WRONG_CREDENTIALS_CODE = ErrorCodes.wrongCode;

export interface StaffDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The staff sign-in dialog (spec §5, §6): account and password, both required. A right pair stores the staff
 * token for 12 hours and leads to the e-mail login, where staff sign in as the borrower they are helping.
 * Wrong credentials (100614) are said inline without saying which was wrong.
 */
export function StaffDialog({ open, onClose }: StaffDialogProps) {
  const navigate = useNavigate();
  const sync = useStaffMode((state) => state.sync);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  function close() {
    setAccount('');
    setPassword('');
    setProblem(null);
    setChecked(false);
    onClose();
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    setChecked(true);
    if (account.trim() === '' || password === '') {
      setProblem(MISSING_CREDENTIALS);
      return;
    }
    setProblem(null);
    setBusy(true);
    staffSignIn({ account: account.trim(), password }).then(
      (login) => {
        setBusy(false);
        saveStaffLogin(login.staffToken, login.expiresAt);
        sync();
        close();
        void navigate(paths.login.emailLogin);
      },
      (error: unknown) => {
        setBusy(false);
        setPassword('');
        if (isApiError(error) && error.errorCode === WRONG_CREDENTIALS_CODE) setProblem(error.errorMessage);
      },
    );
  }

  const accountMissing = checked && account.trim() === '';
  const passwordMissing = checked && password === '';

  return (
    <Dialog open={open} onClose={close} aria-labelledby="staff-dialog-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="staff-dialog-title" component="h2">
          Staff sign-in
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>For staff of the lender only. Everything you do in staff mode is recorded.</Typography>
          {problem === null ? null : (
            <Typography role="alert" id="staff-dialog-problem" sx={{ color: 'error.main', fontWeight: 600, mb: 2 }}>
              {problem}
            </Typography>
          )}
          <TextField
            id="staff-account"
            label="Account"
            // The dialog exists to ask for this: start there.
            autoFocus
            value={account}
            onChange={(event) => {
              setAccount(event.target.value);
            }}
            error={accountMissing}
            fullWidth
            margin="dense"
            slotProps={{
              htmlInput: {
                autoComplete: 'username',
                spellCheck: false,
                'aria-describedby': problem === null ? undefined : 'staff-dialog-problem',
              },
            }}
          />
          <TextField
            id="staff-password"
            label="Password"
            type="password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
            error={passwordMissing}
            fullWidth
            margin="dense"
            slotProps={{
              htmlInput: {
                autoComplete: 'current-password',
                'aria-describedby': problem === null ? undefined : 'staff-dialog-problem',
              },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Sign in
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
