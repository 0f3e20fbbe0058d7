import { createErrorEffectRunner, NETWORK_FAILURE_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@lender/api-client';
import type { FailedCall } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import type { EnvelopeAnswer } from '@lender/api-client/testing';
import { useToastStore } from '@lender/ui/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import {
  createBorrowerErrorTable,
  destinationPath,
  errorEffects,
  useErrorDialogStore,
  useNavigationBridge,
} from './api-error-effects';
import { readRedirectInfo, takeLoginError } from './auth-session';
import { usePopupStore } from './popup-store';
import { useServiceStore } from './service-store';
import { storageKeys } from './storage-keys';
import { attachSink, detachSink } from './telemetry/track';
import type { QueuedEvent } from './telemetry/track';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const tracked: QueuedEvent[] = [];
const hourAhead = () => Math.floor(Date.now() / 1000) + 3600;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  tracked.length = 0;
  attachSink((event) => tracked.push(event));
});

afterEach(() => {
  vi.unstubAllGlobals();
  detachSink();
  usePopupStore.setState(usePopupStore.getInitialState(), true);
  useServiceStore.setState(useServiceStore.getInitialState(), true);
  useErrorDialogStore.setState(useErrorDialogStore.getInitialState(), true);
  useNavigationBridge.setState(useNavigationBridge.getInitialState(), true);
  useToastStore.setState(useToastStore.getInitialState(), true);
});

/** Makes the app's client fail its next call with `answer`, runs it, and waits for the table to finish. */
async function failWith(answer: EnvelopeAnswer | (() => Promise<Response>)): Promise<unknown> {
  fetchMock.mockImplementation(() => (typeof answer === 'function' ? answer() : Promise.resolve(envelopeResponse(answer))));
  const outcome = await api.post('/user/magicLink', { body: { email: 'a@example.test' } }).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  await errorEffects.settled();
  return outcome;
}

const navigatedTo = () => useNavigationBridge.getState().request?.path;
const toastShown = () => useToastStore.getState().toast?.message;

describe('the borrower table, behind the app’s API client', () => {
  it('100407 opens the service-unavailable overlay', async () => {
    await failWith({ status: 503, errorCode: 100407, errorMessage: 'Off.' });

    expect(useServiceStore.getState().notice).toEqual({});
    expect(toastShown()).toBeUndefined();
  });

  it('100638 keeps the message as redirectInfo and goes to /login/redirectLogin', async () => {
    await failWith({ status: 400, errorCode: 100638, errorMessage: 'Please sign in another way.' });

    expect(readRedirectInfo()).toBe('Please sign in another way.');
    expect(navigatedTo()).toBe('/login/redirectLogin');
  });

  it('100618 says why and goes to the step that confirms the e-mail address', async () => {
    await failWith({ status: 403, errorCode: 100618, errorMessage: 'Please confirm your e-mail address.' });

    expect(toastShown()).toBe('Please confirm your e-mail address.');
    expect(navigatedTo()).toBe('/loan/confirm-email');
  });

  it('100619 keeps the message for the first question of a new application and goes there', async () => {
    await failWith({ status: 409, errorCode: 100619, errorMessage: 'You can start a new application now.' });

    expect(readRedirectInfo()).toBe('You can start a new application now.');
    expect(navigatedTo()).toBe('/amount/amount_default');
    expect(toastShown()).toBeUndefined();
  });

  it('100603 opens the dialog with code and message and goes to login', async () => {
    await failWith({ status: 423, errorCode: 100603, errorMessage: 'Your PIN is locked.' });

    expect(useErrorDialogStore.getState().dialog).toEqual({ code: 100603, message: 'Your PIN is locked.' });
    expect(navigatedTo()).toBe('/login/emailLogin');
  });

  it('100502 keeps the message as the login error and goes to login', async () => {
    await failWith({ status: 400, errorCode: 100502, errorMessage: 'That sign-in link has expired.' });

    expect(navigatedTo()).toBe('/login/emailLogin');
    expect(takeLoginError()).toBe('That sign-in link has expired.');
    expect(takeLoginError()).toBeNull();
  });

  it('100613 goes to login and opens the already-a-user popup', async () => {
    await failWith({ status: 409, errorCode: 100613, errorMessage: 'You already have an account with us.' });

    expect(navigatedTo()).toBe('/login/emailLogin');
    expect(usePopupStore.getState().popup).toEqual({ code: 100613, message: 'You already have an account with us.' });
  });

  it('100608 goes to login and opens the Email verification failed popup, without a toast', async () => {
    await failWith({ status: 400, errorCode: 100608, errorMessage: 'We could not confirm your address.' });

    expect(navigatedTo()).toBe('/login/emailLogin');
    expect(usePopupStore.getState().popup).toEqual({ code: 100608, message: 'We could not confirm your address.' });
    expect(toastShown()).toBeUndefined();
  });

  it.each([100614, 100615, 100616, 100617])('%i rejects silently: the screen shows it inline', async (code) => {
    const outcome = await failWith({ status: 400, errorCode: code, errorMessage: 'Not right.' });

    expect(outcome).toMatchObject({ errorCode: code, errorMessage: 'Not right.' });
    expect(toastShown()).toBeUndefined();
    expect(navigatedTo()).toBeUndefined();
    expect(usePopupStore.getState().popup).toBeNull();
  });

  it("'Internal Server Error' goes to /error", async () => {
    await failWith({ status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 });

    expect(navigatedTo()).toBe('/error');
    expect(toastShown()).toBeUndefined();
  });

  it('another code shows its message as a toast', async () => {
    await failWith({ status: 429, errorCode: 100429, errorMessage: 'Too many attempts.', httpStatus: 429 });

    expect(toastShown()).toBe('Too many attempts.');
    expect(navigatedTo()).toBeUndefined();
  });

  it('a network failure shows the access-timed-out toast', async () => {
    await failWith(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(toastShown()).toBe(NETWORK_FAILURE_MESSAGE);
  });

  it('an expired token cancels the call and sends the person to e-mail login with the expiry message', async () => {
    localStorage.setItem(storageKeys.accessToken, unsignedToken({ exp: Math.floor(Date.now() / 1000) - 5 }));

    localStorage.setItem(storageKeys.platform, 'pc');

    await failWith({});

    // Neither the call nor the log-out call was sent: the log-out only forgot the session here.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigatedTo()).toBe('/login/emailLogin');
    expect(takeLoginError()).toBe(SESSION_EXPIRED_MESSAGE);
    expect(Object.keys(localStorage)).toEqual([storageKeys.platform]);

    // So the sign-in that follows is sent.
    fetchMock.mockImplementation(() => Promise.resolve(envelopeResponse({ resultData: {} })));
    await api.post('/user/magicLink', { body: { email: 'a@example.test' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the white-label brand flag sends login to the white-label e-mail login', async () => {
    localStorage.setItem(storageKeys.whiteLabel, 'harbour');

    await failWith({ status: 400, errorCode: 100502, errorMessage: 'Dead link.' });

    expect(navigatedTo()).toBe('/harbour/login/emailLogin');
    expect(destinationPath('emailLogin')).toBe('/harbour/login/emailLogin');
    expect(destinationPath('error')).toBe('/error');
  });
});

describe('HTTP 401 in the borrower app', () => {
  const unauthorized: FailedCall = {
    path: '/user/checkPinCode',
    kind: 'envelope',
    httpStatus: 401,
    status: 401,
    errorCode: 100401,
    errorMessage: 'Your session has ended. Please log in again.',
  };

  it('records session_expired, logs out keeping the three kept keys, goes to login and reloads there', async () => {
    const reload = vi.fn();
    const runner = createErrorEffectRunner(createBorrowerErrorTable({ reload }));
    localStorage.setItem(storageKeys.accessToken, unsignedToken({ exp: hourAhead() }));
    expiringLocalStorage.setItem(storageKeys.staffLogin, 'staff-token', 3600);
    localStorage.setItem(storageKeys.platform, 'pc');
    localStorage.setItem(storageKeys.whiteLabel, 'harbour');
    localStorage.setItem(storageKeys.firstName, 'Ada');
    localStorage.setItem(storageKeys.isMobile, 'false');
    fetchMock.mockImplementation(() =>
      Promise.resolve(envelopeResponse({ status: 401, errorCode: 100401, errorMessage: 'Ended.', httpStatus: 401 })),
    );

    await runner.run(unauthorized);
    await errorEffects.settled();

    expect(tracked.map((event) => event.event)).toEqual(['session_expired']);
    // The log-out call was made with the session token, and its own 401 changed nothing more.
    const [logoutCall] = fetchMock.mock.calls.map(([request]) => request);
    expect(logoutCall?.url).toMatch(/\/api\/v2\/lender\/user\/logout$/);
    expect(Object.keys(localStorage).sort()).toEqual([storageKeys.platform, storageKeys.staffLogin, storageKeys.whiteLabel]);
    expect(expiringLocalStorage.getItem(storageKeys.staffLogin)).toBe('staff-token');
    expect(navigatedTo()).toBe('/harbour/login/emailLogin');
    expect(reload).toHaveBeenCalledWith('/harbour/login/emailLogin');
    expect(toastShown()).toBe('Your session has ended. Please log in again.');
    // The message outlives the reload: the e-mail login shows it.
    expect(takeLoginError()).toBe('Your session has ended. Please log in again.');
  });

  it('nobody signed in: login with the message, nothing logged out, no reload', async () => {
    const reload = vi.fn();
    const runner = createErrorEffectRunner(createBorrowerErrorTable({ reload }));
    localStorage.setItem(storageKeys.isMobile, 'false');

    await runner.run({ ...unauthorized, signedIn: false });

    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.isMobile)).toBe('false');
    expect(navigatedTo()).toBe('/login/emailLogin');
    expect(tracked).toEqual([]);
  });

  it('the app’s hooks tell the decision whether a session token is stored', async () => {
    await failWith({ status: 401, errorCode: 100401, errorMessage: 'Ended.', httpStatus: 401 });

    // No token was stored: no log-out call, no session_expired, and the page stays.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tracked).toEqual([]);
    expect(navigatedTo()).toBe('/login/emailLogin');
  });
});
