import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Load } from '../api/query-client';
import { Loading } from './loading';

export type { Load };
export { Loading };

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

export interface LoadViewProps<T> {
  load: Load<T>;
  /** The screen's Try again. */
  retry: () => void;
  /** Said while it loads. */
  loadingLabel: string;
  /** Said when it could not be loaded, above Try again. */
  failedMessage: string;
  /** What shows once it is loaded. */
  children: (value: T) => ReactNode;
}

/** A screen's data in its three states: loading, failed with a way to try again, or shown. */
export function LoadView<T>({ load, retry, loadingLabel, failedMessage, children }: LoadViewProps<T>) {
  if (load.state === 'loading') return <Loading label={loadingLabel} />;
  if (load.state === 'failed') return <LoadFailed message={failedMessage} onRetry={retry} />;
  return children(load.value);
}
