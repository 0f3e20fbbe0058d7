import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_COOKIE, analyticsLimits, createAnalytics, retryDelay } from './analytics';
import type { AnalyticsClient, AnalyticsEvent, CookieJar } from './analytics';

const endpoint = '/api/v2/lender/telemetry/analytics/batch';

interface Batch {
  api_key: string;
  batch: AnalyticsEvent[];
  sent_at: string;
}

/** The BFF's analytics tunnel as the browser sees it: answers with `status` (a function of the attempt). */
function fakeTunnel(status: (attempt: number) => number | 'network' = () => 200) {
  const received: { batch: Batch; at: number; keepalive: boolean }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    expect(input).toBe(endpoint);
    expect(init?.method).toBe('POST');
    expect(typeof init?.body).toBe('string');
    const batch = JSON.parse(init?.body as string) as Batch;
    received.push({ batch, at: Date.now(), keepalive: init?.keepalive === true });
    const answer = status(received.length);
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify({ status: answer, errorCode: 0, errorMessage: '' }), {
        status: answer,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return { fetch, received, events: () => received.flatMap((r) => r.batch.batch) };
}

/** A cookie jar that keeps what was written, attributes and all. */
function cookieJar(initial?: string): CookieJar & { written: string[] } {
  const written: string[] = [];
  let value = initial;
  return {
    written,
    read: (name) => (name === ANALYTICS_COOKIE ? value : undefined),
    write: (cookie) => {
      written.push(cookie);
      value = cookie.split(';')[0]?.slice(ANALYTICS_COOKIE.length + 1);
    },
  };
}

let client: AnalyticsClient | undefined;

function start(tunnel: ReturnType<typeof fakeTunnel>, jar = cookieJar(), secure = false): AnalyticsClient {
  client = createAnalytics({ apiKey: 'phc_test', endpoint, fetch: tunnel.fetch, cookies: jar, secure });
  return client;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T09:00:00Z') });
});

afterEach(() => {
  client?.stop();
  client = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryDelay', () => {
  it('starts at 3000 ms, doubles, and never exceeds 30 minutes', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([3_000, 6_000, 12_000, 24_000, 1_536_000]);
    expect(retryDelay(11)).toBe(1_800_000);
    expect(retryDelay(40)).toBe(1_800_000);
  });
});

describe('createAnalytics', () => {
  it('sends what was captured in one PostHog batch 3000 ms later, not before', async () => {
    const tunnel = fakeTunnel();
    const analytics = start(tunnel);

    analytics.capture('page_view', { pageName: '/login/home' });
    analytics.capture('button_click', { name: 'continue' });
    await vi.advanceTimersByTimeAsync(analyticsLimits.flushIntervalMs - 1);
    expect(tunnel.received).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(tunnel.received).toHaveLength(1);
    const batch = tunnel.received[0]?.batch;
    if (!batch) throw new Error('no batch');
    expect(batch.api_key).toBe('phc_test');
    expect(batch.sent_at).toBe('2026-03-01T09:00:03.000Z');
    expect(batch.batch.map((e) => e.event)).toEqual(['page_view', 'button_click']);
    const first = batch.batch[0];
    expect(first).toMatchObject({
      distinct_id: analytics.distinctId,
      timestamp: '2026-03-01T09:00:00.000Z',
      properties: { pageName: '/login/home', $session_id: analytics.sessionId, $lib: 'lender-web' },
    });
    expect(first?.uuid).toMatch(/^[0-9a-f-]{36}$/);

    // Nothing more to send: nothing more is sent.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tunnel.received).toHaveLength(1);
  });

  it('retries a failed batch after 3 s, 6 s, 12 s … and drops it after 10 retries', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tunnel = fakeTunnel(() => 503);
    start(tunnel).capture('page_view');

    await vi.advanceTimersByTimeAsync(3_000);
    let elapsed = 3_000;
    for (let retry = 1; retry <= analyticsLimits.maxRetries; retry += 1) {
      await vi.advanceTimersByTimeAsync(retryDelay(retry) - 1);
      expect(tunnel.received).toHaveLength(retry);
      await vi.advanceTimersByTimeAsync(1);
      elapsed += retryDelay(retry);
      expect(tunnel.received).toHaveLength(retry + 1);
      expect(tunnel.received[retry]?.at).toBe(Date.parse('2026-03-01T09:00:00Z') + elapsed);
    }
    expect(warn).toHaveBeenCalledWith('Analytics: 1 event(s) could not be delivered and were dropped.');

    // Dropped: no eleventh retry, even after the longest wait.
    await vi.advanceTimersByTimeAsync(analyticsLimits.retryCapMs * 2);
    expect(tunnel.received).toHaveLength(11);
  });

  it('delivers the held events once the tunnel answers again, and goes back to the 3000 ms rhythm', async () => {
    const tunnel = fakeTunnel((attempt) => (attempt <= 2 ? 'network' : 200));
    const analytics = start(tunnel);
    analytics.capture('first');

    await vi.advanceTimersByTimeAsync(3_000); // fails
    analytics.capture('second'); // waits with the first, behind the retry
    await vi.advanceTimersByTimeAsync(3_000); // retry 1 fails
    await vi.advanceTimersByTimeAsync(6_000); // retry 2 succeeds
    expect(tunnel.received).toHaveLength(3);
    expect(tunnel.received[2]?.batch.batch.map((e) => e.event)).toEqual(['first', 'second']);

    analytics.capture('third');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tunnel.received[3]?.batch.batch.map((e) => e.event)).toEqual(['third']);
  });

  it('drops a batch the tunnel refuses as malformed instead of holding every later event behind it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tunnel = fakeTunnel((attempt) => (attempt === 1 ? 400 : 200));
    const analytics = start(tunnel);
    analytics.capture('bad');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(warn).toHaveBeenCalledTimes(1);

    analytics.capture('good');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tunnel.events().map((e) => e.event)).toEqual(['bad', 'good']);
  });

  it('lets a burst of 100 through, then 10 a second, dropping the excess with one console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tunnel = fakeTunnel();
    const analytics = start(tunnel);

    for (let index = 0; index < 130; index += 1) analytics.capture('burst', { index });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Analytics: more than 10 events a second; events are being dropped.');

    await vi.advanceTimersByTimeAsync(1_000); // refills 10 tokens
    for (let index = 0; index < 15; index += 1) analytics.capture('later', { index });
    await vi.advanceTimersByTimeAsync(3_000);

    const events = tunnel.events();
    expect(events.filter((e) => e.event === 'burst')).toHaveLength(100);
    expect(events.filter((e) => e.event === 'burst').at(-1)?.properties.index).toBe(99);
    expect(events.filter((e) => e.event === 'later')).toHaveLength(10);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the session for activity within 1800 s, and starts a new one after 1800 s idle', async () => {
    const analytics = start(fakeTunnel());
    analytics.capture('a');
    const first = analytics.sessionId;

    await vi.advanceTimersByTimeAsync(1_800_000);
    analytics.capture('b'); // exactly 1800 s idle: still the same session
    expect(analytics.sessionId).toBe(first);

    await vi.advanceTimersByTimeAsync(1_800_001);
    analytics.capture('c');
    expect(analytics.sessionId).not.toBe(first);
  });

  it('starts a new session after 24 h even for someone never idle', async () => {
    const analytics = start(fakeTunnel());
    analytics.capture('start');
    const first = analytics.sessionId;
    // Active every 20 minutes for 24 h.
    for (let minutes = 20; minutes <= 24 * 60; minutes += 20) {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      analytics.capture('tick');
      if (minutes < 24 * 60) expect(analytics.sessionId).toBe(first);
    }
    expect(analytics.sessionId).toBe(first); // exactly 24 h
    await vi.advanceTimersByTimeAsync(60_000);
    analytics.capture('tick');
    expect(analytics.sessionId).not.toBe(first);
  });

  it('keeps the person and session in a first-party cookie for 365 days, so a reload continues them', () => {
    const jar = cookieJar();
    const analytics = start(fakeTunnel(), jar);
    analytics.capture('a');
    const cookie = jar.written.at(-1) ?? '';
    expect(cookie).toMatch(new RegExp(`^${ANALYTICS_COOKIE}=`));
    expect(cookie).toContain('; Path=/');
    expect(cookie).toContain(`; Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('; SameSite=Lax');
    expect(cookie).not.toContain('Secure');

    const distinctId = analytics.distinctId;
    const sessionId = analytics.sessionId;
    analytics.stop();
    const reloaded = start(fakeTunnel(), jar);
    reloaded.capture('b');
    expect(reloaded.distinctId).toBe(distinctId);
    expect(reloaded.sessionId).toBe(sessionId);
  });

  it('marks the cookie Secure on https pages', () => {
    const jar = cookieJar();
    start(fakeTunnel(), jar, true).capture('a');
    expect(jar.written.at(-1)).toMatch(/; Secure$/);
  });

  it('starts afresh when the cookie cannot be read', () => {
    const jar = cookieJar('%7Bnot json');
    const analytics = start(fakeTunnel(), jar);
    analytics.capture('a');
    expect(analytics.distinctId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('announces identification once with the anonymous id, and sends later events as the person', async () => {
    const tunnel = fakeTunnel();
    const analytics = start(tunnel);
    const anonymous = analytics.distinctId;
    analytics.capture('before');
    analytics.identify('lender-qa-A17');
    analytics.identify('lender-qa-A17');
    analytics.capture('after');
    await vi.advanceTimersByTimeAsync(3_000);

    expect(tunnel.events().map((e) => [e.event, e.distinct_id])).toEqual([
      ['before', anonymous],
      ['$identify', 'lender-qa-A17'],
      ['after', 'lender-qa-A17'],
    ]);
    expect(tunnel.events()[1]?.properties.$anon_distinct_id).toBe(anonymous);
  });

  it('forgets the person at sign-out: later events carry a new anonymous id and session, joined to nobody', async () => {
    const tunnel = fakeTunnel();
    const jar = cookieJar();
    const analytics = start(tunnel, jar);
    analytics.identify('lender-qa-A17');
    analytics.capture('signed in');
    analytics.reset();
    analytics.capture('signed out');
    await vi.advanceTimersByTimeAsync(3_000);

    const [identify, signedIn, signedOut] = tunnel.events();
    expect(signedIn?.distinct_id).toBe('lender-qa-A17');
    expect(signedOut?.distinct_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(signedOut?.distinct_id).not.toBe(identify?.properties.$anon_distinct_id);
    expect(signedOut?.properties.$session_id).not.toBe(signedIn?.properties.$session_id);
    // A reload after sign-out continues as the anonymous visitor, not as the person.
    expect(start(fakeTunnel(), cookieJar(jar.read(ANALYTICS_COOKIE))).distinctId).toBe(signedOut?.distinct_id);
  });

  it('sends at once, with keepalive, when the page is hidden', async () => {
    const tunnel = fakeTunnel();
    const analytics = start(tunnel);
    analytics.capture('leaving');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(tunnel.received).toHaveLength(1);
    expect(tunnel.received[0]?.keepalive).toBe(true);
  });
});
