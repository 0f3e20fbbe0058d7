import { isSessionExpiredError } from '@lender/api-client';
import { replace } from 'react-router';
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router';
import { loginPath } from '../../lib/auth-session';
import type { ServiceNotice } from '../../lib/service-store';
import { paths } from '../../lib/paths';

/** What the check before a navigation found: the service is on, or off with the notice to show. */
export type ServiceStatus = { disabled: false } | ({ disabled: true } & ServiceNotice);

/** The answer of `GET application/getServiceDisable` as the client types it. */
export interface ServiceStatusAnswer {
  disabled: boolean;
  title?: string;
  bodyHtml?: string;
}

/**
 * The service status from the BFF's answer, or from its failure: a check that failed (network, timeout,
 * 5xx, Redis down with 503, an answer without a `disabled` flag) counts as a disabled service with the
 * default notice (spec §8: the check fails closed). A check the client cancelled because the stored session
 * token has expired did not fail: the service was never asked. That error is passed on, for the loader to send
 * the person to sign in again (createServiceCheckLoader), rather than show a maintenance notice.
 */
export async function serviceStatusOf(ask: () => Promise<ServiceStatusAnswer | undefined>): Promise<ServiceStatus> {
  try {
    const answer = await ask();
    if (answer?.disabled === false) return { disabled: false };
    if (answer?.disabled === true) return { disabled: true, title: answer.title, bodyHtml: answer.bodyHtml };
  } catch (error) {
    if (isSessionExpiredError(error)) throw error;
    // Otherwise fall through: a failed check is a disabled service.
  }
  return { disabled: true };
}

/**
 * Whether a navigation to `pathname` asks first whether the service is disabled (spec §2): every navigation
 * does except to home. `/` counts as home: it only redirects there, and the overlay's `Okay` goes to it.
 */
export function needsServiceCheck(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path !== paths.root && path !== paths.login.home;
}

/**
 * Where the app is and what it lets through unchecked. A blocked navigation is undone by redirecting
 * (replacing) back to where the app was; that redirect is itself a navigation, which must not be checked
 * again (or it would be blocked in turn, for ever).
 */
export interface NavigationTracker {
  /** The path and query of the screen on show; undefined until the first screen has rendered. */
  current(): string | undefined;
  /** Records the screen on show (the root layout calls it on every location). */
  commit(location: string): void;
  /** Lets the next navigation to `location` through without a check. */
  allowOnce(location: string): void;
  /** Whether the navigation to `location` was let through unchecked; clears the allowance either way. */
  takeAllowance(location: string): boolean;
  /** Whether the screen now on show is the one a blocked navigation returned to; clears it either way. */
  takeReturn(location: string): boolean;
  /** Forgets everything, as on a fresh page (for tests, which render many routers on one page). */
  reset(): void;
}

export function createNavigationTracker(): NavigationTracker {
  let committed: string | undefined;
  let allowed: string | undefined;
  let returned: string | undefined;
  return {
    current: () => committed,
    commit: (location) => {
      committed = location;
    },
    allowOnce: (location) => {
      allowed = location;
    },
    takeAllowance: (location) => {
      const match = allowed === location;
      allowed = undefined;
      if (match) returned = location;
      return match;
    },
    takeReturn: (location) => {
      const match = returned === location;
      returned = undefined;
      return match;
    },
    reset: () => {
      committed = undefined;
      allowed = undefined;
      returned = undefined;
    },
  };
}

/** The app's tracker (one router per page). */
export const navigationTracker = createNavigationTracker();

export interface ServiceCheckOptions {
  /** Asks the BFF (see serviceStatusOf). */
  check: (signal: AbortSignal) => Promise<ServiceStatus>;
  /** Raises the service-disabled event: the overlay opens with the notice. */
  onDisabled: (notice: ServiceNotice) => void;
  tracker: NavigationTracker;
}

/**
 * The root route's loader: before every navigation except to home it asks whether the service is disabled
 * (spec §2). When it is, the overlay opens and the navigation is blocked: the loader redirects back to the
 * screen on show, replacing the history entry, so the app stays where it was; on the very first load, when
 * nothing is on show yet, it lands on home.
 *
 * Why a root loader: the data router runs loaders before it commits a navigation, whatever started it (a
 * link, `navigate()`, the back button, a hash typed into the address bar, the first load), and a loader may
 * answer with a redirect instead. With `shouldRevalidate` answering true (serviceCheckShouldRevalidate) the
 * root loader runs on every navigation, not only when the root's params change. Route middleware would work
 * the same way but needs the `v8_middleware` future flag on the router, which `mountApp` of `@lender/ui`
 * creates without options; a `useBlocker` cannot see the first load.
 */
export function createServiceCheckLoader({ check, onDisabled, tracker }: ServiceCheckOptions) {
  return async function serviceCheckLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const target = url.pathname + url.search;
    if (tracker.takeAllowance(target)) return null;
    if (!needsServiceCheck(url.pathname)) return null;

    let status: ServiceStatus;
    try {
      status = await check(request.signal);
    } catch (error) {
      // The stored session token has expired (spec §8): the client has forgotten the session and kept the
      // message the e-mail login shows; the navigation goes there (the white-label one under that brand) instead of
      // on to a screen that would call the BFF without a session. There the check is asked again, without the token.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (isSessionExpiredError(error)) throw replace(loginPath('emailLogin'));
      throw error;
    }
    // A navigation that was superseded while it waited is not blocked: nobody is waiting for it any more.
    if (!status.disabled || request.signal.aborted) return null;

    onDisabled({ title: status.title, bodyHtml: status.bodyHtml });
    const here = tracker.current();
    if (here !== undefined) tracker.allowOnce(here);
    // A redirect is thrown as a Response: that is how react-router's loaders redirect.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw replace(here ?? paths.login.home);
  };
}

/** Runs the root loader (the service check) on every navigation. */
export const serviceCheckShouldRevalidate: ShouldRevalidateFunction = () => true;
