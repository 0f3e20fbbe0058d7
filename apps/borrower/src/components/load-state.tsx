import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { Load } from '../api/query-client';

export type { Load };

/**
 * Kept only for the question screens still being rebuilt on the question kit, which read the BFF inline; every
 * other screen reads through the query layer (api/query-client.ts `useServerData`), which gives the same `Load`
 * for `Loading` and `LoadFailed` below. Remove once those screens have moved.
 *
 * Runs `load` on mount, on `retry` and when `load` changes (pass a stable function: module-level or
 * useCallback), cancelling it on unmount (StrictMode mounts twice). A failure has
 * already been told to the person by the shared error table (toast, /error); the screen only offers a retry.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>): { result: Load<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        setResult({ state: 'ready', value });
      },
      () => {
        if (!controller.signal.aborted) setResult({ state: 'failed' });
      },
    );
    return () => {
      controller.abort();
    };
  }, [attempt, load]);

  const retry = useCallback(() => {
    setResult({ state: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  return { result, retry };
}

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
