import { ACCESS_TOKEN_KEY } from '@lender/api-client';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import { harbourCredit } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useBrandStore } from '../lib/brand-store';
import { PORTAL_ACCESS_TOKEN_KEY } from '../lib/portal-session';
import { AppProviders } from './providers';
import { routes } from './routes';

const harbour = brandConfigOf(harbourCredit);
const { fetchMock, renderAt } = setUpAppTests({ routes, Providers: AppProviders, brandStore: useBrandStore });

const nowSeconds = () => Math.floor(Date.now() / 1000);
const liveToken = () => unsignedToken({ aud: 'portal', exp: nowSeconds() + 3600 });
const expiredToken = () => unsignedToken({ aud: 'portal', exp: nowSeconds() - 60 });

/** Signs in the way the portal's sign-in will: a portal session token in local storage. */
function signIn(token: string = liveToken()): void {
  localStorage.setItem(PORTAL_ACCESS_TOKEN_KEY, token);
}

async function findLoginScreen(): Promise<void> {
  expect(await screen.findByRole('heading', { level: 1, name: 'Finance portal' })).toBeInTheDocument();
}

function expectOneHeadingLevelOne(): void {
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

/** The signed-in portal user portal/me answers. */
const nadia = { name: 'Nadia Price', role: 'broker', firm: 'Northgate Finance Brokers' } as const;

/** The path of the BFF call a request makes, under the API base. */
const callOf = (request: Request) => new URL(request.url).pathname.replace(/^\/api\/v2\/[^/]+/, '');

beforeEach(() => {
  fetchMock.mockImplementation((request) =>
    Promise.resolve(envelopeResponse({ resultData: callOf(request) === '/portal/me' ? nadia : harbour })),
  );
});

afterEach(() => {
  localStorage.clear();
});

describe('finance portal routes', () => {
  it('sends / to /login, which shows the portal heading and the brand from the BFF', async () => {
    const router = renderAt('/');

    expect(await screen.findByText('Harbour Credit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Finance portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('Finance portal – Harbour Credit');
  });

  it('says when the BFF is unavailable and tries again when asked', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelopeResponse({
          status: 503,
          errorCode: 100503,
          errorMessage: 'The service is unavailable, please try again later.',
          httpStatus: 503,
        }),
      )
      .mockResolvedValueOnce(envelopeResponse({ resultData: harbour }));

    renderAt('/login');

    // The toast region is an empty alert that is always in the page: the failure is said once, on the screen
    // next to Try again, and not toasted too.
    await screen.findByRole('heading', { level: 1, name: 'Finance portal' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('alert')).toHaveTextContent('The service is unavailable, please try again later.');
    expect(
      screen
        .getAllByRole('alert')
        .map((alert) => alert.textContent.trim())
        .filter((text) => text !== ''),
    ).toEqual(['The service is unavailable, please try again later.']);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Harbour Credit')).toBeInTheDocument();
  });

  it('shows the 404 page for a path nobody knows, whose Go back link leads to the portal start', async () => {
    const router = renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    const goBack = screen.getByRole('link', { name: 'Go back' });
    expect(goBack).toHaveAttribute('href', '/');

    await userEvent.click(goBack);

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('sign-in guard', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/new-loan', '/new-loan'],
    ['/loans/LN-1234', '/loans/LN-1234'],
  ])('sends a guest from %s to login, remembering where they were going', async (path, returnTo) => {
    const router = renderAt(path);

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(returnTo);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('counts an expired token as a guest, and drops it', async () => {
    signIn(expiredToken());

    const router = renderAt('/dashboard');

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Harbour Credit')).toBeInTheDocument();
    expect(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('counts a token it cannot decode as a guest', async () => {
    signIn('not-a-token');

    const router = renderAt('/new-loan');

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('does not take the borrower app’s session for a portal session', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, unsignedToken({ aud: 'borrower', exp: nowSeconds() + 3600 }));

    const router = renderAt('/dashboard');

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a signed-in user into the portal layout', async () => {
    signIn();

    renderAt('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expectOneHeadingLevelOne();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Harbour Credit')).toBeInTheDocument();
    expect(within(banner).getByText('Finance portal')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Portal' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'New loan' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(within(banner).getByText('Signed in as Nadia Price')).toBeInTheDocument();
    // The brand is asked for with the portal token: the BFF answers the brand of the user's firm.
    const brandRequest = fetchMock.mock.calls.map(([request]) => request).find((request) => callOf(request) === '/eligibility/getRebrandParams');
    expect(brandRequest?.headers.get('accessToken')).toBe(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY));
  });

  it('notices a session that ended while a screen was open at the next navigation', async () => {
    signIn();
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    signIn(expiredToken());
    await userEvent.click(screen.getByRole('link', { name: 'New loan' }));

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user back to login when another tab signs out', async () => {
    signIn();
    const router = renderAt('/new-loan');
    await screen.findByRole('heading', { level: 1, name: 'New loan' });

    localStorage.removeItem(PORTAL_ACCESS_TOKEN_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: PORTAL_ACCESS_TOKEN_KEY, newValue: null }));
    });

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('guest-only login', () => {
  it('sends a signed-in user from login to the dashboard', async () => {
    signIn();

    const router = renderAt('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user from / through login to the dashboard', async () => {
    signIn();

    const router = renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in user to where they were going', async () => {
    signIn();

    const router = renderAt('/login?returnTo=%2Floans%2FLN-1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Loan LN-1234' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loans/LN-1234');
  });

  it.each(['//evil.example/dashboard', 'https://evil.example/', '/login', '/client/LN-1234'])(
    'ignores a returnTo of %s and goes to the dashboard',
    async (returnTo) => {
      signIn();

      const router = renderAt(`/login?returnTo=${encodeURIComponent(returnTo)}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
    },
  );

  it('shows the login screen to a guest', async () => {
    const router = renderAt('/login');

    await findLoginScreen();
    expectOneHeadingLevelOne();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('portal layout', () => {
  it('moves between Dashboard and New loan, marking the current one and focusing the new screen', async () => {
    signIn();
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await userEvent.click(screen.getByRole('link', { name: 'New loan' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New loan' })).toBeInTheDocument();
    expectOneHeadingLevelOne();
    expect(router.state.location.pathname).toBe('/new-loan');
    expect(screen.getByRole('link', { name: 'New loan' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('starts with a skip link that takes focus to main without leaving the screen', async () => {
    signIn();
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('signs out: clears the portal session, goes to login, and the dashboard is closed again', async () => {
    const borrowerToken = unsignedToken({ aud: 'borrower', exp: nowSeconds() + 3600 });
    localStorage.setItem(ACCESS_TOKEN_KEY, borrowerToken);
    signIn();
    const router = renderAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const portalToken = localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY)).toBeNull();
    // The BFF was asked to end the session, with its token, before the portal forgot it.
    const signOut = fetchMock.mock.calls.map(([request]) => request).find((request) => callOf(request) === '/portal/logout');
    expect(signOut?.method).toBe('POST');
    expect(signOut?.headers.get('accessToken')).toBe(portalToken);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe(borrowerToken);

    await act(() => router.navigate(-1));

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('loan and client pages', () => {
  it('names the loan from the URL on the loan page', async () => {
    signIn();

    renderAt('/loans/LN-1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Loan LN-1234' })).toBeInTheDocument();
    expectOneHeadingLevelOne();
    expect(screen.getByRole('navigation', { name: 'Portal' })).toBeInTheDocument();
  });

  it.each(['/loans/odd', '/loans/LN-12', '/loans/%3Cscript%3E'])(
    'shows a signed-in user the 404 page, without the portal layout, for %s',
    async (path) => {
      signIn();

      renderAt(path);

      expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
      expectOneHeadingLevelOne();
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  it('sends a guest asking for a malformed loan to login like any other signed-in page', async () => {
    const router = renderAt('/loans/odd');

    await findLoginScreen();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the client page for a guest, standalone, naming the loan', async () => {
    const router = renderAt('/client/LN-1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Loan LN-1234' })).toBeInTheDocument();
    expectOneHeadingLevelOne();
    expect(router.state.location.pathname).toBe('/client/LN-1234');
    expect(await within(screen.getByRole('banner')).findByText('Harbour Credit')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('opens the client page for a signed-in user too, still without the portal layout', async () => {
    signIn();

    renderAt('/client/LN-1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Loan LN-1234' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the 404 page for a client page whose reference is malformed', async () => {
    renderAt('/client/LN-12x4');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
  });
});
