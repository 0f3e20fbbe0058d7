import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import { harbourCredit } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { routes } from './routes';
import { PORTAL_LOGIN_ERROR_KEY } from '../lib/api-error-effects';
import { useBrandStore } from '../lib/brand-store';
import { PORTAL_ACCESS_TOKEN_KEY } from '../lib/portal-session';
import { expiringSessionStorage } from '@lender/api-client/storage';

const harbour = brandConfigOf(harbourCredit);
const northgate = brandConfigOf(harbourCredit, { clientName: 'northgate', displayName: 'Northgate Finance' });
const { fetchMock, renderAt } = setUpAppTests({ routes, Providers: AppProviders, brandStore: useBrandStore });

const nadia = { name: 'Nadia Price', role: 'broker', firm: 'Northgate Finance Brokers' } as const;
const portalToken = unsignedToken({ aud: 'portal', exp: Math.floor(Date.now() / 1000) + 3600 });
const callOf = (request: Request) => new URL(request.url).pathname.replace(/^\/api\/v2\/[^/]+/, '');
const requestsTo = (path: string) => fetchMock.mock.calls.map(([request]) => request).filter((request) => callOf(request) === path);

/** The BFF: the brand (the firm's once signed in), portal/me, and portal/login answering `login`. */
function answerWith(login: Parameters<typeof envelopeResponse>[0]) {
  fetchMock.mockImplementation((request) => {
    const signedIn = request.headers.get('accessToken') === portalToken;
    switch (callOf(request)) {
      case '/portal/login':
        return Promise.resolve(envelopeResponse(login));
      case '/portal/me':
        return Promise.resolve(envelopeResponse({ resultData: nadia }));
      default:
        return Promise.resolve(envelopeResponse({ resultData: signedIn ? northgate : harbour }));
    }
  });
}

/** Fills the form in as a password manager does (a paste a field), then signs in. */
async function fillIn(email: string, password: string) {
  for (const [label, value] of [['Email address', email], ['Password', password]] as const) {
    if (value === '') continue;
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.paste(value);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  answerWith({ resultData: { accessToken: portalToken, user: nadia } });
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the portal sign-in', () => {
  it('signs a broker in: keeps the token, draws the firm’s brand, names them on the dashboard', async () => {
    const router = renderAt('/login');
    await screen.findByText('Harbour Credit');

    await fillIn('broker@northgate-brokers.example', 'Northgate-Broker-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY)).toContain(portalToken);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Northgate Finance')).toBeInTheDocument();
    expect(within(banner).getByText('Signed in as Nadia Price')).toBeInTheDocument();
    const [login] = requestsTo('/portal/login');
    expect(await login?.json()).toEqual({ email: 'broker@northgate-brokers.example', password: 'Northgate-Broker-2026' });
  });

  it('goes where the user was going', async () => {
    const router = renderAt('/login?returnTo=%2Fnew-loan');
    await screen.findByText('Harbour Credit');

    await fillIn('broker@northgate-brokers.example', 'Northgate-Broker-2026');

    expect(await screen.findByRole('heading', { level: 1, name: 'New loan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/new-loan');
  });

  it('says what is missing, in a summary that takes focus and beside each field, and sends nothing', async () => {
    renderAt('/login');
    await screen.findByText('Harbour Credit');

    await fillIn('', '');

    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Enter your email address' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Enter your email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(requestsTo('/portal/login')).toHaveLength(0);

    await userEvent.click(within(summary).getByRole('link', { name: 'Enter your password' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('says an address that is not one in the contract’s words', async () => {
    renderAt('/login');
    await screen.findByText('Harbour Credit');

    await fillIn('not-an-address', 'secret');

    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Enter an email address in the correct format, like name@example.com',
    );
    expect(requestsTo('/portal/login')).toHaveLength(0);
  });

  it.each([
    ['wrong credentials', 200, 100614, 'The email address or password is not right.'],
    ['too many attempts', 429, 100429, 'Too many attempts. Please wait 15 minutes and try again.'],
  ])('shows %s on the screen, not in a toast, and clears the password', async (_case, httpStatus, errorCode, message) => {
    answerWith({ status: httpStatus === 200 ? 400 : httpStatus, httpStatus, errorCode, errorMessage: message });
    const router = renderAt('/login');
    await screen.findByText('Harbour Credit');

    await fillIn('broker@northgate-brokers.example', 'wrong');

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(localStorage.getItem(PORTAL_ACCESS_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getAllByRole('alert').filter((alert) => alert.textContent.includes(message))).toHaveLength(1);
  });

  it('shows once the message a session that ended left for it', async () => {
    expiringSessionStorage.setItem(PORTAL_LOGIN_ERROR_KEY, 'Your session has ended.');

    renderAt('/login');

    expect(await screen.findByText('Your session has ended.')).toHaveAttribute('role', 'status');
    expect(expiringSessionStorage.getItem(PORTAL_LOGIN_ERROR_KEY)).toBeNull();
  });
});
