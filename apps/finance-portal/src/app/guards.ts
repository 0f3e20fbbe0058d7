import { isApiError } from '@lender/api-client';
import { data, matchPath, redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { isLoanReference } from '../lib/loan-reference';
import { fetchPortalUser } from '../lib/portal-account';
import type { PortalUser } from '../lib/portal-account';
import { hasPortalSession } from '../lib/portal-session';
import { paths, RETURN_TO_PARAM } from '../lib/paths';

/** The routes behind sign-in: the only places a `returnTo` may lead. */
const SIGNED_IN_ROUTES = [paths.dashboard, paths.newLoan, paths.loan] as const;

/**
 * Where `returnTo` may send a user who is signed in: a path of one of the portal's signed-in routes, with its
 * query. Anything else (another origin, `//host`, the login screen itself, a path nobody knows) gives
 * undefined, so the value in the address bar can never send anyone out of the portal or round in a loop.
 */
export function safeReturnTo(value: string | null): string | undefined {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'http://portal.invalid') return undefined;
  const known = SIGNED_IN_ROUTES.some((pattern) => matchPath(pattern, url.pathname) !== null);
  return known ? `${url.pathname}${url.search}` : undefined;
}

/**
 * Loader of the signed-in part of the portal: a guest is sent to `login`, which remembers where they were going.
 * It runs on every navigation inside that part (see `shouldRevalidate` in routes.tsx), so a session that has
 * ended meanwhile is noticed at the next click.
 */
export function requirePortalSession({ request }: LoaderFunctionArgs): Response | null {
  if (hasPortalSession()) return null;
  const { pathname, search } = new URL(request.url);
  const returnTo = safeReturnTo(`${pathname}${search}`);
  const query = returnTo === undefined ? '' : `?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}`;
  return redirect(`${paths.login}${query}`);
}

/** The id of the signed-in part's route, whose loader data is the signed-in user. */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

/**
 * Loader of the signed-in part of the portal: `requirePortalSession`, then the signed-in user from the BFF
 * (portal/me), which the layout names. Asking the BFF on every navigation also notices a session the server has
 * ended (signed out elsewhere, idle too long): its 401 sends the person to `login`, as the portal's table for
 * spec §8 does for any call.
 */
export async function loadSignedInUser(args: LoaderFunctionArgs): Promise<Response | PortalUser> {
  const toLogin = requirePortalSession(args);
  if (toLogin !== null) return toLogin;
  try {
    return await fetchPortalUser();
  } catch (error) {
    if (isApiError(error) && error.httpStatus === 401) return redirect(paths.login);
    throw error;
  }
}

/** Loader of `login`, which is for guests only: a signed-in user goes where they were going, or to the dashboard. */
export function redirectSignedIn({ request }: LoaderFunctionArgs): Response | null {
  if (!hasPortalSession()) return null;
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get(RETURN_TO_PARAM));
  return redirect(returnTo ?? paths.dashboard);
}

/** Loader of the routes that name a loan: an id that is not a loan reference gets the 404 page. */
export function requireLoanReference({ params }: LoaderFunctionArgs): null {
  if (isLoanReference(params.loanId)) return null;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's way to answer 404
  throw data(null, { status: 404, statusText: 'Not Found' });
}
