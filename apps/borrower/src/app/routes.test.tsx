import type { BrandConfig } from '@lender/api-client';
import { envelopeResponse } from '@lender/api-client/testing';
import type { EnvelopeAnswer } from '@lender/api-client/testing';
import { harbourCredit, meadowLoans } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { useBrandStore } from '../lib/brand-store';
import { useLayoutStore } from '../lib/layout';
import { openPopup, usePopupStore } from '../lib/popup-store';
import { useServiceStore } from '../lib/service-store';
import { loanProduct } from '../test/loan-product';
import { AppProviders } from './providers';
import { discoverRoutes } from './route-groups';
import { routes } from './routes';
import { navigationTracker } from './shell/service-check';

const meadow = brandConfigOf(meadowLoans);
const harbour = brandConfigOf(harbourCredit);
const { fetchMock, renderAt } = setUpAppTests({ routes, discoverRoutes, Providers: AppProviders, brandStore: useBrandStore });

type Answer = EnvelopeAnswer | ((request: Request) => Promise<Response>);

/** Answers the app's calls by path (under /api/v2/lender); a call nobody expected fails the test. */
function answer(byPath: Record<string, Answer>): void {
  fetchMock.mockImplementation((request) => {
    const path = new URL(request.url).pathname.replace('/api/v2/lender', '');
    const given = byPath[path];
    if (given === undefined) return Promise.reject(new Error(`unexpected call to ${path}`));
    return typeof given === 'function' ? given(request) : Promise.resolve(envelopeResponse(given));
  });
}

/** An answer that never comes: the call ends when it is aborted. */
function waitForAbort(request: Request): Promise<Response> {
  return new Promise<Response>((_resolve, reject) => {
    request.signal.addEventListener('abort', () => {
      reject(request.signal.reason as Error);
    });
  });
}

const serviceOn: EnvelopeAnswer = { resultData: { disabled: false } };
const sandboxOff: EnvelopeAnswer = { resultData: { enabled: false } };
/** What the first screen (/login/home) reads besides the brand: whether the sandbox is on, and the loan product. */
const firstScreenReads: Record<string, EnvelopeAnswer> = {
  '/sandbox/info': sandboxOff,
  '/ledger/loanProduct': { resultData: loanProduct },
};
const brandAnswer = (brand: BrandConfig = meadow): EnvelopeAnswer => ({ resultData: brand });

function callsTo(path: string): Request[] {
  return fetchMock.mock.calls.map(([request]) => request).filter((request) => request.url.includes(path));
}

/** The text of every alert on screen that says something (the toast region is an empty alert until a toast). */
function visibleAlerts(): string[] {
  return screen
    .queryAllByRole('alert')
    .map((alert) => alert.textContent.trim())
    .filter((text) => text !== '');
}

/** The background MUI gives a contained button (through a CSS variable, which jsdom does not resolve). */
function containedBackground(element: HTMLElement): string {
  return getComputedStyle(element).getPropertyValue('--variant-containedBg').trim();
}

let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  navigationTracker.reset();
  usePopupStore.setState(usePopupStore.getInitialState(), true);
  useServiceStore.setState(useServiceStore.getInitialState(), true);
  useLayoutStore.setState(useLayoutStore.getInitialState(), true);
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  document.title = '';
});

describe('routing', () => {
  it('sends / to /login/home, which names the brand the BFF answered with, without asking about the service', async () => {
    answer({
      '/eligibility/getRebrandParams': brandAnswer({ ...meadow, displayName: 'Meadow Loans (sandbox)' }),
      ...firstScreenReads,
    });

    const router = renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans (sandbox)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
    const [request] = callsTo('getRebrandParams');
    expect(request?.url).toMatch(/\/api\/v2\/lender\/eligibility\/getRebrandParams$/);
    expect(request?.headers.get('platform')).toBe('web');
    expect(document.title).toBe('Meadow Loans (sandbox)');
    expect(callsTo('getServiceDisable')).toHaveLength(0);
  });

  it('shows the 404 page for a path nobody knows, whose Go back link leads to the start', async () => {
    answer({ '/application/getServiceDisable': serviceOn, '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    const router = renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    expect(callsTo('getServiceDisable')).toHaveLength(1);
    const goBack = screen.getByRole('link', { name: 'Go back' });
    expect(goBack).toHaveAttribute('href', '/');

    await userEvent.click(goBack);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
    expect(callsTo('getServiceDisable')).toHaveLength(1);
  });

  it('starts every screen at the top of the page', async () => {
    answer({ '/application/getServiceDisable': serviceOn, '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('link', { name: 'Log in with e-mail' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your e-mail' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('the first screen', () => {
  it('is drawn at once with the brand it knows, with the global progress indicator while the BFF answers', async () => {
    let answerBrand: (response: Response) => void = () => undefined;
    answer({
      '/eligibility/getRebrandParams': () =>
        new Promise<Response>((resolve) => {
          answerBrand = resolve;
        }),
      ...firstScreenReads,
    });

    renderAt('/login/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading data' })).toBeInTheDocument();
    act(() => {
      answerBrand(envelopeResponse(brandAnswer({ ...meadow, displayName: 'Meadow Loans Ltd' })));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans Ltd' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    });
  });

  it('offers the ways in, as links, and one h1', async () => {
    answer({ '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });

    renderAt('/login/home');

    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toHaveAttribute('href', '/login/emailLogin');
    expect(screen.getByRole('link', { name: 'Log in with your phone' })).toHaveAttribute('href', '/login/phoneLogin');
    await waitFor(() => {
      expect(callsTo('sandbox/info')).toHaveLength(1);
    });
    expect(screen.queryByRole('link', { name: 'sandbox mailbox' })).not.toBeInTheDocument();
  });

  it('links to the sandbox mailbox when the BFF runs against the sandbox', async () => {
    answer({ '/eligibility/getRebrandParams': brandAnswer(), '/sandbox/info': { resultData: { enabled: true } } });

    renderAt('/login/home');

    expect(await screen.findByRole('link', { name: 'sandbox mailbox' })).toHaveAttribute('href', '/email-box');
  });

  it('explains a failure to load the brand and tries again when asked, keeping the ways in', async () => {
    let brandCalls = 0;
    answer({
      '/eligibility/getRebrandParams': () => {
        brandCalls += 1;
        return Promise.resolve(
          envelopeResponse(
            brandCalls === 1
              ? { status: 500, errorCode: 100500, errorMessage: 'The brand service is unavailable.' }
              : brandAnswer({ ...meadow, displayName: 'Meadow Loans Ltd' }),
          ),
        );
      },
      ...firstScreenReads,
    });

    renderAt('/login/home');

    // The root shell's toast region is always in the page (an empty role=alert): what a person sees is the
    // alerts with something in them. The failure is said once, on the screen next to Try again, not toasted too.
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent('The brand service is unavailable.');
    expect(visibleAlerts()).toEqual(['The brand service is unavailable.']);
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans Ltd' })).toBeInTheDocument();
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
    expect(visibleAlerts()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();
    expect(brandCalls).toBe(2);
  });
});

describe('the white-label flag', () => {
  it('asks for the white-label brand and themes the app teal from the first paint', async () => {
    localStorage.setItem('whiteLabel', 'harbour');
    let answerBrand: (response: Response) => void = () => undefined;
    answer({
      '/eligibility/getRebrandParams': () =>
        new Promise<Response>((resolve) => {
          answerBrand = resolve;
        }),
      ...firstScreenReads,
    });

    renderAt('/login/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Credit' })).toBeInTheDocument();
    expect(containedBackground(screen.getByRole('link', { name: 'Log in with e-mail' }))).toBe('#0b6468');
    expect(document.title).toBe('Harbour Credit');
    await waitFor(() => {
      expect(callsTo('getRebrandParams')).toHaveLength(1);
    });
    expect(new URL(callsTo('getRebrandParams')[0]?.url ?? '').searchParams.get('clientName')).toBe('harbour');

    act(() => {
      answerBrand(envelopeResponse(brandAnswer(harbour)));
    });
    await waitFor(() => {
      expect(useBrandStore.getState().state.status).toBe('ready');
    });
    expect(localStorage.getItem('whiteLabel')).toBe('harbour');
  });

  it('leaves the default brand green without the flag', async () => {
    answer({ '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });

    renderAt('/login/home');

    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    expect(containedBackground(screen.getByRole('link', { name: 'Log in with e-mail' }))).toBe('#1d6b3e');
    await waitFor(() => {
      expect(callsTo('getRebrandParams')).toHaveLength(1);
    });
    expect(new URL(callsTo('getRebrandParams')[0]?.url ?? '').searchParams.has('clientName')).toBe(false);
  });
});

describe('the service check', () => {
  const disabled: EnvelopeAnswer = {
    resultData: { disabled: true, title: 'Planned maintenance', bodyHtml: '<p>We are back at <strong>6pm</strong>.</p>' },
  };

  it('blocks a navigation while the service is disabled, and Okay goes back to the start', async () => {
    answer({ '/application/getServiceDisable': disabled, '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await userEvent.click(screen.getByRole('link', { name: 'Log in with e-mail' }));

    const overlay = await screen.findByRole('alertdialog', { name: 'Planned maintenance' });
    expect(within(overlay).getByText('6pm')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');

    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) => {
      if (visited.at(-1) !== state.location.pathname) visited.push(state.location.pathname);
    });
    await userEvent.click(within(overlay).getByRole('button', { name: 'Okay' }));

    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    // Okay goes to /, which leads home.
    await waitFor(() => {
      expect(visited.slice(-2)).toEqual(['/', '/login/home']);
    });
    unsubscribe();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
  });

  it('lands on home with the default notice when the first load is blocked because the check failed', async () => {
    answer({
      '/application/getServiceDisable': { status: 503, errorCode: 100503, errorMessage: 'Unavailable', httpStatus: 503 },
      '/eligibility/getRebrandParams': brandAnswer(),
      ...firstScreenReads,
    });

    const router = renderAt('/loan/purpose');

    expect(await screen.findByRole('alertdialog', { name: "We'll be back soon!" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
  });

  it('opens the overlay when any call answers 100407', async () => {
    answer({
      '/application/getServiceDisable': serviceOn,
      '/eligibility/getRebrandParams': { status: 503, errorCode: 100407, errorMessage: 'Disabled', httpStatus: 200 },
      ...firstScreenReads,
    });

    renderAt('/login/home');

    expect(await screen.findByRole('alertdialog', { name: "We'll be back soon!" })).toBeInTheDocument();
  });
});

describe('the bottom popup', () => {
  it('tells a customer of the brand they already are one, and Close closes it', async () => {
    answer({ '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    act(() => {
      openPopup({ code: 100613, message: 'Please log in with the e-mail you applied with.' });
    });

    const popup = await screen.findByRole('dialog', { name: 'You are already a Meadow Loans customer' });
    expect(popup).toHaveTextContent('Please log in with the e-mail you applied with.');
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('opens on a 100608 answer with the server message', async () => {
    answer({ '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    fetchMock.mockResolvedValueOnce(
      envelopeResponse({ status: 400, errorCode: 100608, errorMessage: 'That link is no longer valid.' }),
    );

    await expect(api.get('/sandbox/info')).rejects.toThrow('That link is no longer valid.');

    const popup = await screen.findByRole('dialog', { name: 'Email verification failed' });
    expect(popup).toHaveTextContent('That link is no longer valid.');
  });

  it('sends someone already registered to the e-mail login', async () => {
    answer({ '/application/getServiceDisable': serviceOn, '/eligibility/getRebrandParams': brandAnswer(), ...firstScreenReads });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    act(() => {
      openPopup({ code: 100614, message: 'ignored' });
    });
    const popup = await screen.findByRole('dialog', { name: 'This email is already registered' });
    expect(popup).toHaveTextContent('Please login to your existing account');
    await userEvent.click(within(popup).getByRole('button', { name: 'Log in' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});

describe('the loading indicator', () => {
  it('is not shown on /loan/ screens', async () => {
    answer({ '/application/getServiceDisable': serviceOn, '/sandbox/info': waitForAbort });
    // A /loan/ path with no screen: the journey's steps ask the BFF for the application first.
    renderAt('/loan/no-such-screen');
    await screen.findByRole('heading', { level: 1, name: '404 page not found...' });

    const controller = new AbortController();
    const pending = api.get('/sandbox/info', { signal: controller.signal }).catch(() => undefined);
    await waitFor(() => {
      expect(callsTo('sandbox/info')).toHaveLength(1);
    });

    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    controller.abort();
    await pending;
  });
});
