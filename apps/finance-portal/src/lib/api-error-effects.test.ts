import { createErrorEffectRunner, NETWORK_FAILURE_MESSAGE, SERVER_FAULT_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@lender/api-client';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import type { EnvelopeAnswer } from '@lender/api-client/testing';
import { useToastStore } from '@lender/ui/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import {
  createPortalErrorTable,
  PORTAL_SERVICE_DISABLED_MESSAGE,
  portalDestination,
  portalErrorEffects,
  takePortalLoginError,
} from './api-error-effects';
import { PORTAL_ACCESS_TOKEN_KEY, readPortalToken } from './portal-session';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const hourAhead = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.location.hash = '#/dashboard';
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.setState(useToastStore.getInitialState(), true);
});

/** Makes the portal's client fail its next call with `answer`, and waits for the table to finish. */
async function failWith(answer: EnvelopeAnswer | (() => Promise<Response>)): Promise<void> {
  fetchMock.mockImplementation(() => (typeof answer === 'function' ? answer() : Promise.resolve(envelopeResponse(answer))));
  // Any call of the client (not the brand: its screens show its failures themselves, so it shows no toast).
  await api.get('/sandbox/info').catch(() => undefined);
  await portalErrorEffects.settled();
}

const toastShown = () => useToastStore.getState().toast?.message;

describe('the finance portal’s table for spec §8', () => {
  it('sends every login destination to the portal’s own login, and has no error screen', () => {
    expect(portalDestination('login')).toBe('/login');
    expect(portalDestination('emailLogin')).toBe('/login');
    expect(portalDestination('redirectLogin')).toBe('/login');
    expect(portalDestination('error')).toBeNull();
  });

  it("stays on the screen with a toast for 'Internal Server Error'", async () => {
    await failWith({ status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 });

    expect(toastShown()).toBe(SERVER_FAULT_MESSAGE);
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('100502: keeps the message for the login screen and goes to /login', async () => {
    await failWith({ status: 400, errorCode: 100502, errorMessage: 'That link has expired.' });

    expect(window.location.hash).toBe('#/login');
    expect(takePortalLoginError()).toBe('That link has expired.');
    expect(takePortalLoginError()).toBeNull();
  });

  it.each([
    [100603, 'Locked.'],
    [100613, 'Already a customer.'],
    [100608, 'Email verification failed.'],
  ])('%i: the message as a toast (no popups here), and /login', async (code, message) => {
    await failWith({ status: 400, errorCode: code, errorMessage: message });

    expect(toastShown()).toBe(message);
    expect(window.location.hash).toBe('#/login');
  });

  it('100407: a toast saying the service is unavailable', async () => {
    await failWith({ status: 503, errorCode: 100407, errorMessage: 'Off.' });

    expect(toastShown()).toBe(PORTAL_SERVICE_DISABLED_MESSAGE);
  });

  it.each([100614, 100615, 100616, 100617])('%i shows no toast and stays', async (code) => {
    await failWith({ status: 400, errorCode: code, errorMessage: 'Inline.' });

    expect(toastShown()).toBeUndefined();
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('another code: its message as a toast', async () => {
    await failWith({ status: 400, errorCode: 100400, errorMessage: 'Check the amount.' });

    expect(toastShown()).toBe('Check the amount.');
  });

  it('a network failure: the access-timed-out toast', async () => {
    await failWith(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(toastShown()).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('an expired portal token: the call is cancelled and the person goes to /login with the expiry message', async () => {
    localStorage.setItem(PORTAL_ACCESS_TOKEN_KEY, unsignedToken({ aud: 'portal', exp: Math.floor(Date.now() / 1000) - 5 }));

    await failWith({});

    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('#/login');
    expect(takePortalLoginError()).toBe(SESSION_EXPIRED_MESSAGE);
    expect(readPortalToken()).toBeNull();
  });

  it('HTTP 401: forgets the portal session, goes to /login and reloads there', async () => {
    const reload = vi.fn();
    const runner = createErrorEffectRunner(createPortalErrorTable({ reload }));
    localStorage.setItem(PORTAL_ACCESS_TOKEN_KEY, unsignedToken({ aud: 'portal', exp: hourAhead() }));
    localStorage.setItem('platform', 'pc');

    await runner.run({
      path: '/eligibility/getRebrandParams',
      kind: 'envelope',
      httpStatus: 401,
      status: 401,
      errorCode: 100401,
      errorMessage: 'Your session has ended.',
    });

    expect(readPortalToken()).toBeNull();
    expect(localStorage.getItem('platform')).toBe('pc');
    expect(window.location.hash).toBe('#/login');
    expect(reload).toHaveBeenCalledWith('/login');
    expect(toastShown()).toBe('Your session has ended.');
    expect(takePortalLoginError()).toBe('Your session has ended.');
  });
});
