import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Load } from '../api/query-client';

export type { Load };

/** The progress indicator while a screen's data loads, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
      <CircularProgress size={32} aria-hidden />
      <Typography>{label}</Typography>
    </Box>
  );
}

/** What a screen shows when its data could not be loaded: what failed, and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ py: 2 }}>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button variant="contained" size="large" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}
