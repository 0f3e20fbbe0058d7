import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * A short line saying what could not be loaded, announced when it appears, and a "Try again" that loads it again
 * (described by the line, so each "Try again" of a screen says what it retries).
 */
export function TryAgain({ message, onRetry }: { message: string; onRetry: () => void }) {
  const messageId = useId();
  return (
    <Box sx={{ mb: 4 }}>
      <Typography id={messageId} role="alert" sx={{ color: 'error.main', mb: 1 }}>
        {message}
      </Typography>
      <Button variant="outlined" onClick={onRetry} aria-describedby={messageId}>
        Try again
      </Button>
    </Box>
  );
}
