import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExpiringStorage, createMemoryStorage, MAX_EXPIRY_SECONDS } from './storage';

/** A stand-in for window.localStorage: a Map behind the Web Storage interface. */
function fakeWebStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { storage: createMemoryStorage(items), items };
}

/** A clock the test moves by hand (epoch milliseconds). */
function manualClock(start = Date.UTC(2026, 0, 15, 9, 30)) {
  let now = start;
  return {
    now: () => now,
    advanceSeconds: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

function setup(initial: Record<string, string> = {}) {
  const web = fakeWebStorage(initial);
  const clock = manualClock();
  const store = createExpiringStorage({ storage: () => web.storage, now: clock.now });
  return { ...web, clock, store };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createExpiringStorage', () => {
  it('keeps a value without expiry (0, the default) for ever, stored as the plain string', () => {
    const { store, items, clock } = setup();

    store.setItem('uuid', 'a1b2');
    store.setItem('isMobile', 'false', 0);
    clock.advanceSeconds(10 * 365 * 24 * 3600);

    expect(store.getItem('uuid')).toBe('a1b2');
    expect(store.getItem('isMobile')).toBe('false');
    expect(items.get('uuid')).toBe('a1b2');
  });

  it('returns null for a key that was never set', () => {
    const { store } = setup();

    expect(store.getItem('applyId')).toBeNull();
  });

  it('keeps a value until its expiry, then discards it', () => {
    const { store, items, clock } = setup();

    store.setItem('staff_login', 'true', 12 * 3600);
    clock.advanceSeconds(12 * 3600 - 1);
    expect(store.getItem('staff_login')).toBe('true');

    clock.advanceSeconds(1);
    expect(store.getItem('staff_login')).toBeNull();
    expect(items.has('staff_login')).toBe(false);
  });

  it('discards an item whose expiry lies more than 4 days ahead', () => {
    const { store, items } = setup();

    store.setItem('loanAmount', '5000', MAX_EXPIRY_SECONDS + 1);

    expect(store.getItem('loanAmount')).toBeNull();
    expect(items.has('loanAmount')).toBe(false);
  });

  it('keeps an item whose expiry lies exactly 4 days ahead', () => {
    const { store, clock } = setup();

    store.setItem('loanTerm', '24', MAX_EXPIRY_SECONDS);
    expect(MAX_EXPIRY_SECONDS).toBe(345_600);
    expect(store.getItem('loanTerm')).toBe('24');

    clock.advanceSeconds(MAX_EXPIRY_SECONDS - 1);
    expect(store.getItem('loanTerm')).toBe('24');
  });

  it('discards a stored item whose expiry is too far ahead of a clock that moved back', () => {
    const clock = manualClock();
    const { storage, items } = fakeWebStorage({
      regStage: JSON.stringify({ $expiring: 1, value: '3', expiresAt: clock.now() + 5 * 24 * 3600 * 1000 }),
    });
    const store = createExpiringStorage({ storage: () => storage, now: clock.now });

    expect(store.getItem('regStage')).toBeNull();
    expect(items.has('regStage')).toBe(false);
  });

  it('reads values stored without an expiry envelope (legacy) as never expiring', () => {
    const applicationInfo = JSON.stringify({ renderData: { renderApplicantId: 'A-17' } });
    const { store, clock } = setup({ firstName: 'Ada', applicationInfo, clientWidth: '375' });

    clock.advanceSeconds(30 * 24 * 3600);

    expect(store.getItem('firstName')).toBe('Ada');
    expect(store.getItem('applicationInfo')).toBe(applicationInfo);
    expect(store.getItem('clientWidth')).toBe('375');
  });

  it('gives back a plain value that looks like its own envelope unchanged', () => {
    const { store } = setup();
    const tricky = JSON.stringify({ $expiring: 1, value: 'x', expiresAt: 1 });

    store.setItem('note', tricky);

    expect(store.getItem('note')).toBe(tricky);
  });

  it('removes an item', () => {
    const { store, items } = setup();
    store.setItem('email', 'ada@example.test', 3600);

    store.removeItem('email');

    expect(store.getItem('email')).toBeNull();
    expect(items.size).toBe(0);
  });

  it('clears every item except the keys to keep, which keep their expiry', () => {
    const { store, items, clock } = setup({ abChoice: 'B' });
    store.setItem('accessToken', 'token', 900);
    store.setItem('uuid', 'a1b2');
    store.setItem('platform', 'pc');

    store.clear(['platform', 'accessToken', 'missing']);

    expect([...items.keys()].sort()).toEqual(['accessToken', 'platform']);
    expect(store.getItem('platform')).toBe('pc');
    expect(store.getItem('accessToken')).toBe('token');
    clock.advanceSeconds(900);
    expect(store.getItem('accessToken')).toBeNull();
  });

  it('clears everything when nothing is kept', () => {
    const { store, items } = setup({ abChoice: 'B', uuid: 'a1b2' });

    store.clear();

    expect(items.size).toBe(0);
  });

  it('refuses a negative or non-numeric expiry', () => {
    const { store } = setup();

    expect(() => {
      store.setItem('uuid', 'a1b2', -1);
    }).toThrow(RangeError);
    expect(() => {
      store.setItem('uuid', 'a1b2', Number.NaN);
    }).toThrow(RangeError);
  });

  it('falls back to memory with one warning when storage throws on access', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clock = manualClock();
    const store = createExpiringStorage({
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      now: clock.now,
    });

    store.setItem('accessToken', 'token', 900);
    store.setItem('uuid', 'a1b2');
    expect(store.getItem('accessToken')).toBe('token');
    expect(store.getItem('uuid')).toBe('a1b2');
    clock.advanceSeconds(900);
    expect(store.getItem('accessToken')).toBeNull();
    store.clear(['uuid']);
    expect(store.getItem('uuid')).toBe('a1b2');
    store.removeItem('uuid');
    expect(store.getItem('uuid')).toBeNull();

    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('falls back to memory with one warning when a write fails (quota), keeping what was stored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage, items } = fakeWebStorage();
    const store = createExpiringStorage({ storage: () => storage });
    store.setItem('accessToken', 'token');
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    store.setItem('applicationInfo', '{"renderData":{}}');
    store.setItem('uuid', 'a1b2');

    expect(store.getItem('accessToken')).toBe('token');
    expect(store.getItem('applicationInfo')).toBe('{"renderData":{}}');
    expect(store.getItem('uuid')).toBe('a1b2');
    expect(items.has('uuid')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('falls back to memory with one warning where there is no storage at all', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createExpiringStorage({ storage: () => undefined });

    store.setItem('uuid', 'a1b2');

    expect(store.getItem('uuid')).toBe('a1b2');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('uses window.localStorage by default and window.sessionStorage for the session area', () => {
    const local = fakeWebStorage();
    const session = fakeWebStorage();
    vi.stubGlobal('localStorage', local.storage);
    vi.stubGlobal('sessionStorage', session.storage);

    createExpiringStorage().setItem('uuid', 'a1b2');
    createExpiringStorage({ area: 'session' }).setItem('sandboxToken', 'sandbox-1');

    expect([...local.items]).toEqual([['uuid', 'a1b2']]);
    expect([...session.items]).toEqual([['sandboxToken', 'sandbox-1']]);
  });
});
