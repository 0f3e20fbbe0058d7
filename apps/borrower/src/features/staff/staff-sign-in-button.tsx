import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useStaffMode } from '../../lib/staff-mode';

// The dialog (and MUI's Dialog) loads when staff ask for it: the first screen stays small for borrowers.
const StaffDialog = lazy(async () => {
  const { StaffDialog: Component } = await import('./staff-dialog');
  return { default: Component };
});

/** The discreet "Staff sign-in" action of the home screen; nothing while staff mode is already on. */
export function StaffSignInButton() {
  const active = useStaffMode((state) => state.active);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  if (active) return null;
  return (
    <>
      <Button
        variant="text"
        size="small"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        sx={{ color: 'text.secondary', textDecoration: 'underline' }}
      >
        Staff sign-in
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <StaffDialog
            open={open}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
