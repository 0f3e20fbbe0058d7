import type { Middleware } from '@lender/api-client';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';

/** The longest the loading indicator shows for one request (spec §9), whatever becomes of the request. */
export const LOADING_INDICATOR_MAX_MS = 300_000;

export interface RequestActivityState {
  /** How many API requests are on their way (each counted for at most LOADING_INDICATOR_MAX_MS). */
  inFlight: number;
}

export interface RequestActivity {
  /** Counts every request of the API client it is given to (the `middleware` option). */
  middleware: Middleware;
  store: StoreApi<RequestActivityState>;
}

/**
 * Counts the API client's requests in flight, for the global loading indicator. A request counts from the
 * moment it is sent until its answer (or failure) arrives, and for LOADING_INDICATOR_MAX_MS at most.
 */
export function createRequestActivity(maxMs: number = LOADING_INDICATOR_MAX_MS): RequestActivity {
  const store = createStore<RequestActivityState>()(() => ({ inFlight: 0 }));
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const publish = () => {
    store.setState({ inFlight: pending.size });
  };
  const finish = (id: string) => {
    const timer = pending.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    pending.delete(id);
    publish();
  };
  const middleware: Middleware = {
    onRequest({ id }) {
      pending.set(
        id,
        setTimeout(() => {
          finish(id);
        }, maxMs),
      );
      publish();
      return undefined;
    },
    onResponse({ id }) {
      finish(id);
      return undefined;
    },
    onError({ id }) {
      finish(id);
      return undefined;
    },
  };
  return { middleware, store };
}

/** Whether the global loading indicator shows: requests are in flight and the screen is not a /loan/ one (spec §9). */
export function showsLoadingIndicator(inFlight: number, pathname: string): boolean {
  return inFlight > 0 && !pathname.startsWith('/loan/');
}
