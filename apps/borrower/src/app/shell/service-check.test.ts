import { ApiError, ApiTransportError, SessionExpiredError } from '@lender/api-client';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  createNavigationTracker,
  createServiceCheckLoader,
  needsServiceCheck,
  serviceCheckShouldRevalidate,
  serviceStatusOf,
} from './service-check';
import type { ServiceStatus } from './service-check';

describe('serviceStatusOf', () => {
  it.each<[string, () => Promise<never> | Promise<unknown>, ServiceStatus]>([
    ['an enabled service', () => Promise.resolve({ disabled: false }), { disabled: false }],
    [
      'a disabled service with its notice',
      () => Promise.resolve({ disabled: true, title: 'Planned maintenance', bodyHtml: '<p>Back at 6.</p>' }),
      { disabled: true, title: 'Planned maintenance', bodyHtml: '<p>Back at 6.</p>' },
    ],
    [
      'a disabled service without a notice',
      () => Promise.resolve({ disabled: true }),
      { disabled: true, title: undefined, bodyHtml: undefined },
    ],
    ['a network failure', () => Promise.reject(new ApiTransportError('network', 0)), { disabled: true }],
    ['a timeout', () => Promise.reject(new ApiTransportError('timeout', 0)), { disabled: true }],
    ['a proxy 502 without an envelope', () => Promise.reject(new ApiTransportError('http', 502)), { disabled: true }],
    [
      'Redis down (503)',
      () => Promise.reject(new ApiError({ status: 503, errorCode: 100503, errorMessage: 'Unavailable', httpStatus: 503 })),
      { disabled: true },
    ],
    ['an answer without a flag', () => Promise.resolve({}), { disabled: true }],
    ['an empty answer', () => Promise.resolve(undefined), { disabled: true }],
  ])('%s', async (_case, ask, status) => {
    expect(await serviceStatusOf(ask as () => Promise<never>)).toEqual(status);
  });
});

describe('needsServiceCheck', () => {
  it.each([
    ['/login/home', false],
    ['/login/home/', false],
    ['/', false],
    ['/login/emailLogin', true],
    ['/loan/purpose', true],
    ['/x/employment', true],
    ['/login/homepage', true],
  ])('%s: %s', (pathname, needed) => {
    expect(needsServiceCheck(pathname)).toBe(needed);
  });
});

function loaderArgs(path: string, signal = new AbortController().signal): LoaderFunctionArgs {
  return { request: new Request(`http://localhost${path}`, { signal }), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
}

async function redirectOf(promise: Promise<unknown>): Promise<{ location: string | null; replace: boolean }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { location: thrown.headers.get('Location'), replace: thrown.headers.has('X-Remix-Replace') };
    }
    throw thrown;
  }
  throw new Error('the loader let the navigation through');
}

function setUp(status: ServiceStatus) {
  const check = vi.fn<(signal: AbortSignal) => Promise<ServiceStatus>>(() => Promise.resolve(status));
  const onDisabled = vi.fn();
  const tracker = createNavigationTracker();
  const loader = createServiceCheckLoader({ check, onDisabled, tracker });
  return { check, onDisabled, tracker, loader };
}

describe('the service-check loader', () => {
  it('lets a navigation through when the service is on', async () => {
    const { loader, check, onDisabled, tracker } = setUp({ disabled: false });
    tracker.commit('/login/home');

    await expect(loader(loaderArgs('/x/employment?step=2'))).resolves.toBeNull();

    expect(check).toHaveBeenCalledTimes(1);
    expect(onDisabled).not.toHaveBeenCalled();
  });

  it('does not ask before going home', async () => {
    const { loader, check } = setUp({ disabled: true });

    await expect(loader(loaderArgs('/login/home'))).resolves.toBeNull();
    await expect(loader(loaderArgs('/'))).resolves.toBeNull();

    expect(check).not.toHaveBeenCalled();
  });

  it('blocks a navigation while the service is disabled: the overlay opens and the app stays where it was', async () => {
    const { loader, onDisabled, tracker } = setUp({ disabled: true, title: 'Planned maintenance', bodyHtml: '<p>Soon.</p>' });
    tracker.commit('/x/employment?step=2');

    const redirect = await redirectOf(loader(loaderArgs('/login/emailLogin')));

    expect(redirect).toEqual({ location: '/x/employment?step=2', replace: true });
    expect(onDisabled).toHaveBeenCalledWith({ title: 'Planned maintenance', bodyHtml: '<p>Soon.</p>' });
    // The way back is not checked (it would be blocked in turn), and the screen keeps its scroll position.
    await expect(loader(loaderArgs('/x/employment?step=2'))).resolves.toBeNull();
    expect(tracker.takeReturn('/x/employment?step=2')).toBe(true);
  });

  it('lets the way back through only once', async () => {
    const { loader, check, tracker } = setUp({ disabled: true });
    tracker.commit('/x/employment');
    await redirectOf(loader(loaderArgs('/login/emailLogin')));
    await loader(loaderArgs('/x/employment'));
    check.mockClear();

    await redirectOf(loader(loaderArgs('/x/employment')));

    expect(check).toHaveBeenCalledTimes(1);
  });

  it('sends a navigation made with an expired session token to sign in again, without the maintenance notice', async () => {
    const onDisabled = vi.fn();
    const tracker = createNavigationTracker();
    const check = () => serviceStatusOf(() => Promise.reject(new SessionExpiredError()));
    const loader = createServiceCheckLoader({ check, onDisabled, tracker });

    expect(await redirectOf(loader(loaderArgs('/loanDashboard/main')))).toEqual({ location: '/login/emailLogin', replace: true });
    expect(onDisabled).not.toHaveBeenCalled();

    // Under the white-label brand, its own sign-in path (spec §8).
    localStorage.setItem('whiteLabel', 'harbour');
    expect(await redirectOf(loader(loaderArgs('/loanDashboard/main')))).toEqual({
      location: '/harbour/login/emailLogin',
      replace: true,
    });
    localStorage.removeItem('whiteLabel');
  });

  it('lands on home when the very first load is blocked', async () => {
    const { loader, onDisabled } = setUp({ disabled: true });

    expect(await redirectOf(loader(loaderArgs('/loan/purpose')))).toEqual({ location: '/login/home', replace: true });
    expect(onDisabled).toHaveBeenCalledWith({ title: undefined, bodyHtml: undefined });
  });

  it('does not open the overlay for a navigation that was given up while it waited', async () => {
    const { loader, onDisabled, tracker } = setUp({ disabled: true });
    tracker.commit('/login/home');
    const controller = new AbortController();
    const pending = loader(loaderArgs('/x/a', controller.signal));
    controller.abort();

    await expect(pending).resolves.toBeNull();
    expect(onDisabled).not.toHaveBeenCalled();
  });

  it('runs on every navigation', () => {
    expect(serviceCheckShouldRevalidate({} as Parameters<typeof serviceCheckShouldRevalidate>[0])).toBe(true);
  });
});
