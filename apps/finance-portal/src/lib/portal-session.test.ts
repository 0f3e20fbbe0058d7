import { ACCESS_TOKEN_KEY } from '@lender/api-client';
import { memoryExpiringStorage, unsignedToken } from '@lender/api-client/testing';
import { describe, expect, it } from 'vitest';
import {
  clearPortalSession,
  hasPortalSession,
  PORTAL_ACCESS_TOKEN_KEY,
  portalTokenStorage,
  readPortalToken,
  storePortalSession,
} from './portal-session';

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const NOW_S = NOW / 1000;

/** An expiring storage over a map, on a clock the test moves. */
function setUp() {
  const clock = { now: NOW };
  const { storage, items } = memoryExpiringStorage({ now: () => clock.now });
  return { items, clock, storage, options: { storage, now: () => clock.now } };
}

const live = unsignedToken({ aud: 'portal', exp: NOW_S + 3600 });
const expired = unsignedToken({ aud: 'portal', exp: NOW_S - 1 });

describe('portal session', () => {
  it('is signed in with a stored token whose exp has not passed, kept under the portal key only', () => {
    const { items, storage, options } = setUp();

    expect(storePortalSession(live, options)).toBe(true);

    expect(hasPortalSession(options)).toBe(true);
    expect(readPortalToken(storage)).toBe(live);
    expect(PORTAL_ACCESS_TOKEN_KEY).toBe('portalAccessToken');
    expect(items.has(ACCESS_TOKEN_KEY)).toBe(false);
  });

  it('is a guest when no token is stored', () => {
    const { options } = setUp();

    expect(hasPortalSession(options)).toBe(false);
  });

  it('counts a token as expired from the second of its exp, and then removes it', () => {
    const { clock, storage, options } = setUp();
    storePortalSession(live, options);

    clock.now = (NOW_S + 3600) * 1000 - 1;
    expect(hasPortalSession(options)).toBe(true);

    clock.now = (NOW_S + 3600) * 1000;
    expect(hasPortalSession(options)).toBe(false);
    expect(readPortalToken(storage)).toBeNull();
  });

  it.each([
    ['an expired token', expired],
    ['a token that is not a JWT', 'not-a-token'],
    ['a JWT whose payload is not JSON', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.sig'],
    ['a JWT without exp', unsignedToken({ aud: 'portal', exp: undefined })],
    ['a JWT whose exp is not a number', unsignedToken({ aud: 'portal', exp: 'tomorrow' })],
  ])('treats %s found in storage as a guest and removes it', (_name, token) => {
    const { items, storage, options } = setUp();
    items.set(PORTAL_ACCESS_TOKEN_KEY, token);

    expect(hasPortalSession(options)).toBe(false);
    expect(readPortalToken(storage)).toBeNull();
  });

  it.each([
    ['an expired token', expired],
    ['a token that is not a JWT', 'not-a-token'],
    ['a JWT without exp', unsignedToken({ aud: 'portal', exp: undefined })],
  ])('refuses to store %s', (_name, token) => {
    const { items, options } = setUp();

    expect(storePortalSession(token, options)).toBe(false);

    expect(items.size).toBe(0);
    expect(hasPortalSession(options)).toBe(false);
  });

  it('keeps the token for the BFF’s 12-hour session lifetime at most', () => {
    const { clock, storage, options } = setUp();
    storePortalSession(unsignedToken({ aud: 'portal', exp: NOW_S + 24 * 3600 }), options);

    clock.now = NOW + 12 * 3600 * 1000 - 1000;
    expect(readPortalToken(storage)).not.toBeNull();

    clock.now = NOW + 12 * 3600 * 1000;
    expect(readPortalToken(storage)).toBeNull();
    expect(hasPortalSession(options)).toBe(false);
  });

  it('signing out removes the portal token and leaves the borrower app’s values alone', () => {
    const { items, storage, options } = setUp();
    storePortalSession(live, options);
    items.set(ACCESS_TOKEN_KEY, 'the-borrower-token');
    items.set('platform', 'pc');

    clearPortalSession(storage);

    expect(hasPortalSession(options)).toBe(false);
    expect(items.has(PORTAL_ACCESS_TOKEN_KEY)).toBe(false);
    expect(items.get(ACCESS_TOKEN_KEY)).toBe('the-borrower-token');
    expect(items.get('platform')).toBe('pc');
  });
});

describe('portalTokenStorage', () => {
  it('moves the API client’s accessToken key to the portal key and passes other keys through', () => {
    const { items, storage } = setUp();
    items.set(ACCESS_TOKEN_KEY, 'the-borrower-token');
    const view = portalTokenStorage(storage);

    expect(view.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    view.setItem(ACCESS_TOKEN_KEY, live, 60);
    view.setItem('platform', 'pc');

    expect(view.getItem(ACCESS_TOKEN_KEY)).toBe(live);
    expect(readPortalToken(storage)).toBe(live);
    expect(items.get(ACCESS_TOKEN_KEY)).toBe('the-borrower-token');
    expect(items.get('platform')).toBe('pc');

    view.clear([ACCESS_TOKEN_KEY]);
    expect(readPortalToken(storage)).toBe(live);
    expect(items.size).toBe(1);

    view.removeItem(ACCESS_TOKEN_KEY);
    expect(items.size).toBe(0);
  });
});
