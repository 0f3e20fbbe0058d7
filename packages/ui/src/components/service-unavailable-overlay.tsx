import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SafeHtml } from './safe-html';

/** The overlay's title when the server gives none (spec §4). */
export const SERVICE_UNAVAILABLE_TITLE = "We'll be back soon!";

/** The overlay's notice when the server gives none: scheduled maintenance, site temporarily unavailable. */
export const SERVICE_UNAVAILABLE_BODY_HTML =
  '<p>Our website is temporarily unavailable while we carry out some scheduled maintenance.</p>' +
  '<p>Please come back a little later. Thank you for your patience.</p>';

export interface ServiceUnavailableOverlayProps {
  /** Whether the overlay is on screen (the service-disabled event of spec §4 opened it). */
  open: boolean;
  /** The title the server sent (plain text); absent or blank shows the default. */
  title?: string | undefined;
  /** The notice the server sent (HTML, sanitised again here by SafeHtml); absent or blank shows the default. */
  bodyHtml?: string | undefined;
  /** Okay was pressed, or Escape: the app navigates to / and closes the overlay (spec §4). */
  onOkay: () => void;
}

function orDefault(value: string | undefined, fallback: string): string {
  return value?.trim() ? value : fallback;
}

/**
 * The full-screen service-unavailable overlay (spec §4 "Popups in the root shell"). It is an alertdialog over
 * the page, named by its title and described by its notice; the page behind is hidden from assistive
 * technology while it is open. Its title is an h2, so the page keeps its one h1. Focus moves to Okay when it
 * opens; Escape does what Okay does, because it is the only way out of the overlay.
 *
 * The notice is rendered by SafeHtml, which brings DOMPurify: import this module lazily, when the service is
 * disabled, so the first screen never loads either.
 */
export function ServiceUnavailableOverlay({ open, title, bodyHtml, onOkay }: ServiceUnavailableOverlayProps) {
  const titleId = useId();
  const bodyId = useId();

  return (
    <Dialog
      open={open}
      fullScreen
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => {
        onOkay();
      }}
      slotProps={{ paper: { sx: { bgcolor: 'background.default' } } }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 600,
          mx: 'auto',
          my: 'auto',
          px: 3,
          py: 6,
          textAlign: 'center',
          overflowWrap: 'break-word',
        }}
      >
        <Typography id={titleId} component="h2" variant="h4" sx={{ fontWeight: 700, color: 'primary.main', mb: 3 }}>
          {orDefault(title, SERVICE_UNAVAILABLE_TITLE)}
        </Typography>
        <SafeHtml
          id={bodyId}
          html={orDefault(bodyHtml, SERVICE_UNAVAILABLE_BODY_HTML)}
          sx={(theme) => ({
            ...theme.typography.body1,
            mb: 4,
            '& h2, & h3': { ...theme.typography.h6, mt: 3, mb: 1 },
            '& ul, & ol': { textAlign: 'left', display: 'inline-block', my: 1 },
            '& a': { color: 'primary.main' },
          })}
        />
        <Button variant="contained" size="large" fullWidth autoFocus onClick={onOkay} sx={{ maxWidth: 360 }}>
          Okay
        </Button>
      </Box>
    </Dialog>
  );
}
