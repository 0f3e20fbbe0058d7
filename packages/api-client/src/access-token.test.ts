import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  ACCESS_TOKEN_STORAGE_SECONDS,
  decodeTokenExpiry,
  decodeTokenSession,
  isTokenExpired,
  readStoredAccessToken,
  storeAccessToken,
} from './access-token';
import { memoryExpiringStorage, unsignedToken } from './testing';

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const NOW_S = NOW / 1000;

function memoryStore(clock: { now: () => number }) {
  const { storage: store, items } = memoryExpiringStorage({ now: clock.now });
  return { store, items };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readStoredAccessToken', () => {
  it('reads the token kept under accessToken in the given expiring storage', () => {
    const clock = { now: () => NOW };
    const { store } = memoryStore(clock);
    store.setItem('accessToken', 'token-123', 900);

    expect(ACCESS_TOKEN_KEY).toBe('accessToken');
    expect(readStoredAccessToken(store)).toBe('token-123');
  });

  it('is null when no token is stored', () => {
    const { store } = memoryStore({ now: () => NOW });

    expect(readStoredAccessToken(store)).toBeNull();
  });

  it('reads through the app-wide store over localStorage by default', () => {
    const items = new Map([['accessToken', 'legacy-token']]);
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });

    expect(readStoredAccessToken()).toBe('legacy-token');
  });
});

describe('decodeTokenExpiry', () => {
  it('reads exp from the payload of a JWT', () => {
    expect(decodeTokenExpiry(unsignedToken({ exp: 1_768_470_300 }))).toBe(1_768_470_300);
  });

  it('decodes base64url payloads (- and _, no padding) with UTF-8 text', () => {
    // "?>" and "~~" encode to base64 with "/" and "+"; base64url turns them into "_" and "-".
    const token = unsignedToken({ exp: 1_768_470_300, note: '?>~~ café' });
    expect(token.split('.')[1]).toMatch(/[-_]/);

    expect(decodeTokenExpiry(token)).toBe(1_768_470_300);
  });

  it.each([
    ['an opaque string', 'not-a-jwt'],
    ['an empty payload', 'header..signature'],
    ['a payload that is not base64url JSON', 'header.%%%.signature'],
    ['a payload without exp', unsignedToken({ exp: undefined })],
    ['a textual exp', unsignedToken({ exp: '1768470300' })],
  ])('is undefined for %s', (_what, token) => {
    expect(decodeTokenExpiry(token)).toBeUndefined();
  });
});

describe('isTokenExpired', () => {
  it('is expired from the second of exp on, and not before', () => {
    const token = unsignedToken({ exp: NOW_S });

    expect(isTokenExpired(token, NOW - 1)).toBe(false);
    expect(isTokenExpired(token, NOW)).toBe(true);
  });

  it('does not judge a token whose exp cannot be read', () => {
    expect(isTokenExpired('not-a-jwt', NOW)).toBe(false);
  });
});

describe('storeAccessToken', () => {
  it('keeps the token past its exp, for the session lifetime, so the expiry check can find it', () => {
    let now = NOW;
    const { store } = memoryStore({ now: () => now });
    const token = unsignedToken({ exp: NOW_S + 900 });

    expect(storeAccessToken(token, store, () => now)).toBe(true);
    now += 900_000;
    expect(readStoredAccessToken(store)).toBe(token);
    expect(isTokenExpired(token, now)).toBe(true);
    now = NOW + ACCESS_TOKEN_STORAGE_SECONDS * 1000 - 1;
    expect(readStoredAccessToken(store)).toBe(token);
    now += 1;
    expect(readStoredAccessToken(store)).toBeNull();
  });

  it.each([
    ['has no readable exp', 'not-a-jwt'],
    ['has already expired', unsignedToken({ exp: NOW_S })],
  ])('stores nothing when the token %s', (_what, token) => {
    const { store, items } = memoryStore({ now: () => NOW });

    expect(storeAccessToken(token, store, () => NOW)).toBe(false);
    expect(items.size).toBe(0);
  });
});

describe('decodeTokenSession', () => {
  it('reads the sid claim, which a renewal keeps and a new session changes', () => {
    expect(decodeTokenSession(unsignedToken({ exp: NOW_S, sid: 'sid-1' }))).toBe('sid-1');
  });

  it.each([
    ['an opaque string', 'not-a-jwt'],
    ['a payload without sid', unsignedToken({ exp: NOW_S, sid: undefined })],
    ['an empty sid', unsignedToken({ exp: NOW_S, sid: '' })],
  ])('is undefined for %s', (_what, token) => {
    expect(decodeTokenSession(token)).toBeUndefined();
  });
});
