import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Slide from '@mui/material/Slide';
import type { TransitionProps } from '@mui/material/transitions';
import { useId } from 'react';
import type { ReactElement, Ref } from 'react';

function SlideUp({ ref, ...props }: TransitionProps & { children: ReactElement; ref?: Ref<unknown> }) {
  return <Slide direction="up" ref={ref} {...props} />;
}

export interface BottomPopupProps {
  /** Whether the popup is on screen. */
  open: boolean;
  /** The popup's heading (an h2) and its accessible name. */
  title: string;
  /** The message under the title, as plain text (a server message is never HTML here). */
  description: string;
  /** The one button's label. */
  buttonLabel?: string;
  /** The one button was pressed. The app decides what follows (close, navigate to log in …). */
  onButton: () => void;
  /** The person dismissed the popup without the button: Escape, or a tap outside the sheet. */
  onClose: () => void;
}

/**
 * The root shell's bottom popup (spec §4 "Popups in the root shell"): a modal sheet that slides up from the
 * bottom with a title, a description and one button. It is a dialog named by its title and described by its
 * description; focus moves to its button when it opens, stays inside while it is open, and returns to where
 * it was when it closes.
 */
export function BottomPopup({ open, title, description, buttonLabel = 'Close', onButton, onClose }: BottomPopupProps) {
  const descriptionId = useId();

  return (
    <Dialog
      open={open}
      onClose={() => {
        onClose();
      }}
      aria-describedby={descriptionId}
      fullWidth
      slots={{ transition: SlideUp }}
      slotProps={{
        container: { sx: { alignItems: 'flex-end' } },
        paper: {
          sx: {
            m: 0,
            width: '100%',
            maxWidth: 600,
            borderRadius: '16px 16px 0 0',
            pb: 'env(safe-area-inset-bottom)',
          },
        },
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>{description}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button variant="contained" size="large" fullWidth autoFocus onClick={onButton}>
          {buttonLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
