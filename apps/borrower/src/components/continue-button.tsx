import Button from '@mui/material/Button';
import { useState } from 'react';

/**
 * The Continue of a screen whose going on needs a call (reading where the application resumes, say): it cannot
 * be pressed twice while the call is on its way, and can be pressed again when it failed (the shared error table
 * has told the person why).
 */
export function ContinueButton({
  onContinue,
  label = 'Continue',
  id,
}: {
  onContinue: () => Promise<unknown>;
  label?: string;
  /** For an error summary that links to the button (the way to try again). */
  id?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      id={id}
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      onClick={() => {
        setBusy(true);
        onContinue().catch(() => {
          setBusy(false);
        });
      }}
    >
      {label}
    </Button>
  );
}
