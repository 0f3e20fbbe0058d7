import { decodeTokenSession, readStoredAccessToken, RENEWED_TOKEN_HEADER } from '@lender/api-client';
import type { Middleware } from '@lender/api-client';
import { QueryClient, useQuery } from '@tanstack/react-query';
import type { QueryExecuteOptions, QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { changeOf } from './changes';
import { APPLICATION, LOAN } from './scopes';
import { onSessionChange, sessionChanged } from './session-change';

/**
 * The one cache of what the app has read from the BFF (TanStack Query; docs/decisions/server-data-layer.md).
 * Loaded with the first screen that reads through it, never with the first screen (/login/home): nothing here is
 * imported by the entry chunk, and the hooks take this client directly rather than from a provider at the root.
 *
 * A read is made once and shared by every screen, guard and button that needs it while it is fresh. It stops
 * being fresh when:
 * - a call changes it (changes.ts: applied below to every answer of the app's client, whoever made the call);
 * - the session changes (a sign-in, a registration, a log-out, a proof): everything is forgotten, so one
 *   person's data never shows to another;
 * - the person asks again (a screen's Try again), or goes somewhere the app did not take them (a typed address,
 *   Back or Forward): what the application says is read again at its next need.
 *
 * No retries: a failed read has been told to the person by the shared error table (lib/api-error-effects.ts),
 * and a screen offers Try again. No refetch on focus or reconnect: a screen changes only when the person acts.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

/**
 * Marks everything the application says stale, and the loans with it (a drawdown opens one, and a loan's figures
 * move with the days): read again at its next need, not now.
 */
export function markApplicationStale(): void {
  for (const scope of [APPLICATION, LOAN]) void queryClient.invalidateQueries({ queryKey: [scope], refetchType: 'none' });
}

onSessionChange(() => {
  queryClient.clear();
});

/**
 * Applies changes.ts to every answer, and sees a session replaced under the person (a proved registration's new
 * session comes back as a renewed token with a new session id; a renewal keeps the id). Runs before the
 * api-client keeps the renewed token, so the stored one is still the old session's.
 */
const cacheMiddleware: Middleware = {
  onResponse({ request, response, schemaPath }) {
    const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
    const current = readStoredAccessToken();
    const replaced =
      renewed !== null && renewed !== '' && current !== null && decodeTokenSession(renewed) !== decodeTokenSession(current);
    const change = replaced ? 'session' : changeOf(request.method, schemaPath);
    if (change === 'session') sessionChanged();
    else if (change === 'application') markApplicationStale();
    return undefined;
  },
};
api.use(cacheMiddleware);

// Navigations the app did not make (a typed address, Back, Forward) read the application again; the app's own
// navigations use pushState, which fires neither event.
for (const type of ['hashchange', 'popstate'] as const) window.addEventListener(type, markApplicationStale);

/** How a screen's data stands: what `Loading` and `LoadFailed` (components/load-state.tsx) render. */
export type Load<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/** Two reads a screen shows together: loading while either is, failed when either failed, else both values. */
export function bothLoaded<A, B>(first: Load<A>, second: Load<B>): Load<[A, B]> {
  if (first.state === 'failed' || second.state === 'failed') return { state: 'failed' };
  if (first.state === 'loading' || second.state === 'loading') return { state: 'loading' };
  return { state: 'ready', value: [first.value, second.value] };
}

/**
 * Reads through the cache for a screen: loading while the read is under way (also when asked again), failed when
 * it failed (the error table has told the person), ready with the value. `retry` is the screen's Try again: it
 * reads this query again now, and the rest of what the application says at its next need.
 */
export function useServerData<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
): { result: Load<T>; retry: () => void } {
  const query = useQuery(options, queryClient);
  let result: Load<T>;
  if (query.isFetching || query.isPending) result = { state: 'loading' };
  else if (query.isError) result = { state: 'failed' };
  else result = { state: 'ready', value: query.data };
  const { queryKey } = options;
  const retry = () => {
    markApplicationStale();
    void queryClient.resetQueries({ queryKey, exact: true });
  };
  return { result, retry };
}

/** Reads through the cache outside a screen (a guard, a Continue button): the fresh value, or one read now. */
export function fetchServerData<T, K extends QueryKey>(options: QueryExecuteOptions<T, Error, T, T, K>): Promise<T> {
  return queryClient.query(options);
}

/** Reads now, whatever the cache holds: the person asks what is true now (it may have changed elsewhere). */
export function fetchFreshServerData<T, K extends QueryKey>(options: QueryExecuteOptions<T, Error, T, T, K>): Promise<T> {
  return queryClient.query({ ...options, staleTime: 0 });
}
