import { useCallback, useEffect, useState } from 'react';
import type { Load } from '../../api/query-client';

/**
 * A read the first screen (/login/home) makes itself, without the server-data layer: that layer would bring the
 * query library into the first screen's chunk (docs/decisions/server-data-layer.md). Loading until the BFF
 * answers, then ready or failed; `retry` reads again. Nothing is read while `enabled` is false, and a read is
 * abandoned when the screen goes.
 */
export function useFirstScreenRead<T>(
  read: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): { result: Load<T>; retry: () => void } {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    read(controller.signal).then(
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
  }, [read, enabled, attempt]);
  const retry = useCallback(() => {
    setResult({ state: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { result, retry };
}
