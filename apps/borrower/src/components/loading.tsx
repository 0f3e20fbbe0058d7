import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * The progress indicator while a screen's data loads, announced to screen readers. A module of its own: the first
 * screen shows it, and nothing else of load-state.tsx, which the lazy screens share.
 */
export function Loading({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
      <CircularProgress size={32} aria-hidden />
      <Typography>{label}</Typography>
    </Box>
  );
}
