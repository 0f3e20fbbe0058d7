import { ACCESS_TOKEN_STORAGE_SECONDS, readStoredAccessToken } from '@lender/api-client';
import { envelopeResponse, memoryExpiringStorage, unsignedToken } from '@lender/api-client/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearStaffLogin,
  loginPath,
  logout,
  readRedirectInfo,
  readStaffActing,
  readStaffToken,
  saveSignIn,
  saveStaffLogin,
  setLoginError,
  setRedirectInfo,
  STAFF_LOGIN_SECONDS,
  takeLoginError,
  takeRedirectInfo,
} from './auth-session';
import type { LoginResult } from './auth-session';
import { storageKeys } from './storage-keys';

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const NOW_S = NOW / 1000;

function result(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    accessToken: unsignedToken({ exp: NOW_S + 900 }),
    uuid: 'c-1',
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Lovelace',
    applyId: 'a-7',
    abChoice: { welcome: 'B', emailConf: 'A' },
    regStage: 'address',
    interestRate: '6.7',
    loanAmountPence: 250_000,
    loanTermMonths: 24,
    onePage: true,
    pinSet: false,
    pinLocked: false,
    hasLoan: false,
    staffActing: false,
    ...overrides,
  };
}

function clockedStorage() {
  const clock = { now: NOW };
  const { storage, items } = memoryExpiringStorage({ now: () => clock.now });
  return { storage, items, clock };
}

describe('saveSignIn', () => {
  it('keeps the keys of spec §3, as text, for the session lifetime', () => {
    const { storage, clock } = clockedStorage();
    const signIn = result();

    expect(saveSignIn(signIn, { storage, now: () => clock.now })).toBe(true);

    expect(readStoredAccessToken(storage)).toBe(signIn.accessToken);
    expect(
      Object.fromEntries(
        ['abChoice', 'applyId', 'firstName', 'lastName', 'interestRate', 'loanAmount', 'loanTerm', 'regStage', 'uuid', 'email'].map(
          (key) => [key, storage.getItem(key)],
        ),
      ),
    ).toEqual({
      abChoice: '{"welcome":"B","emailConf":"A"}',
      applyId: 'a-7',
      firstName: 'Ada',
      lastName: 'Lovelace',
      interestRate: '6.7',
      loanAmount: '250000',
      loanTerm: '24',
      regStage: 'address',
      uuid: 'c-1',
      email: 'ada@example.test',
    });
    expect(readStaffActing(storage)).toBe(false);

    clock.now += ACCESS_TOKEN_STORAGE_SECONDS * 1000;
    expect(storage.getItem(storageKeys.email)).toBeNull();
  });

  it('remembers a session staff started for the borrower, for the banner', () => {
    const { storage, clock } = clockedStorage();

    saveSignIn(result({ staffActing: true }), { storage, now: () => clock.now });
    expect(readStaffActing(storage)).toBe(true);

    saveSignIn(result({ staffActing: false }), { storage, now: () => clock.now });
    expect(readStaffActing(storage)).toBe(false);
  });

  it('keeps nothing for a token that cannot start a session', () => {
    const { storage, items, clock } = clockedStorage();

    expect(saveSignIn(result({ accessToken: unsignedToken({ exp: NOW_S }) }), { storage, now: () => clock.now })).toBe(false);
    expect(saveSignIn(result({ accessToken: 'not-a-jwt' }), { storage, now: () => clock.now })).toBe(false);
    expect(items.size).toBe(0);
  });
});

describe('logout', () => {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function signInEverything(): string {
    const token = unsignedToken({ exp: Math.floor(Date.now() / 1000) + 900 });
    saveSignIn(result({ accessToken: token }), { now: Date.now });
    saveStaffLogin('staff-token', new Date(Date.now() + 3_600_000).toISOString());
    for (const [key, value] of [
      [storageKeys.platform, 'ios'],
      [storageKeys.isMobile, 'true'],
      [storageKeys.clientWidth, '375'],
      [storageKeys.whiteLabel, 'harbour'],
      ['applicationInfo', '{"renderData":{}}'],
    ] as const) {
      localStorage.setItem(key, value);
    }
    return token;
  }

  it('asks the BFF to end the session, then keeps only the platform marker, the staff flag and the brand flag', async () => {
    const token = signInEverything();
    sessionStorage.setItem('sandboxToken', 'sandbox-1');
    fetchMock.mockImplementation(() => Promise.resolve(envelopeResponse()));

    await logout();

    const [request] = fetchMock.mock.calls.map(([sent]) => sent);
    expect(request?.method).toBe('POST');
    expect(request?.url).toMatch(/\/api\/v2\/lender\/user\/logout$/);
    expect(request?.headers.get('accessToken')).toBe(token);
    expect(Object.keys(localStorage).sort()).toEqual(['platform', 'staff_login', 'whiteLabel']);
    expect(localStorage.getItem(storageKeys.platform)).toBe('ios');
    expect(localStorage.getItem(storageKeys.whiteLabel)).toBe('harbour');
    // The flag keeps its expiry.
    expect(JSON.parse(localStorage.getItem(storageKeys.staffLogin) ?? '{}')).toMatchObject({ $expiring: 1, value: 'staff-token' });
    expect(readStaffToken()).toBe('staff-token');
    expect(sessionStorage.getItem('sandboxToken')).toBe('sandbox-1');
  });

  it('forgets the session in this browser even when the BFF cannot be reached', async () => {
    signInEverything();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));

    await logout();

    expect(readStoredAccessToken()).toBeNull();
    expect(localStorage.getItem(storageKeys.firstName)).toBeNull();
  });
});

describe('the staff flag', () => {
  it('is kept 12 hours under staff_login', () => {
    const { storage, items, clock } = clockedStorage();
    const farAhead = new Date(NOW + 4 * 24 * 3_600_000).toISOString();

    expect(saveStaffLogin('staff-token', farAhead, { storage, now: () => clock.now })).toBe(true);

    expect([...items.keys()]).toEqual(['staff_login']);
    expect(readStaffToken(storage)).toBe('staff-token');
    clock.now += STAFF_LOGIN_SECONDS * 1000 - 1;
    expect(readStaffToken(storage)).toBe('staff-token');
    clock.now += 1;
    expect(readStaffToken(storage)).toBeNull();
  });

  it('ends with the staff token when that comes first, and is not kept when already over', () => {
    const { storage, clock } = clockedStorage();

    saveStaffLogin('staff-token', new Date(NOW + 3_600_000).toISOString(), { storage, now: () => clock.now });
    clock.now += 3_600_000;
    expect(readStaffToken(storage)).toBeNull();

    expect(saveStaffLogin('late', new Date(clock.now).toISOString(), { storage, now: () => clock.now })).toBe(false);
    expect(readStaffToken(storage)).toBeNull();
  });

  it('is kept 12 hours when the expiry cannot be read, and cleared on request', () => {
    const { storage, clock } = clockedStorage();

    saveStaffLogin('staff-token', 'soon', { storage, now: () => clock.now });
    expect(readStaffToken(storage)).toBe('staff-token');

    clearStaffLogin(storage);
    expect(readStaffToken(storage)).toBeNull();
  });
});

describe('loginPath', () => {
  it('is the white-label e-mail login while the brand flag is set, the plain one otherwise', () => {
    const { storage } = clockedStorage();

    expect(loginPath('emailLogin', storage)).toBe('/login/emailLogin');
    expect(loginPath('home', storage)).toBe('/login/home');
    storage.setItem(storageKeys.whiteLabel, 'harbour');
    expect(loginPath('emailLogin', storage)).toBe('/harbour/login/emailLogin');
    expect(loginPath(undefined, storage)).toBe('/harbour/login/emailLogin');
    expect(loginPath('phoneLogin', storage)).toBe('/login/phoneLogin');
  });
});

describe('the messages of the login screens', () => {
  it('shows the login error once', () => {
    const { storage } = clockedStorage();

    expect(takeLoginError(storage)).toBeNull();
    setLoginError('Your session token has expired. Please log in again.', storage);
    expect(takeLoginError(storage)).toBe('Your session token has expired. Please log in again.');
    expect(takeLoginError(storage)).toBeNull();
  });

  it('keeps redirectInfo until it is taken', () => {
    const { storage } = clockedStorage();

    setRedirectInfo('Please sign in another way.', storage);
    expect(readRedirectInfo(storage)).toBe('Please sign in another way.');
    expect(takeRedirectInfo(storage)).toBe('Please sign in another way.');
    expect(readRedirectInfo(storage)).toBeNull();
  });

  it('keeps them in session storage by default, which log-out does not clear and a reload does not lose', () => {
    sessionStorage.clear();

    setLoginError('Ended.');
    setRedirectInfo('Another way.');

    expect(sessionStorage.getItem('loginError')).toBe('Ended.');
    expect(sessionStorage.getItem('redirectInfo')).toBe('Another way.');
    expect(takeLoginError()).toBe('Ended.');
    expect(takeRedirectInfo()).toBe('Another way.');
  });
});
