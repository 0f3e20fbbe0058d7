/**
 * A small product-analytics client that speaks PostHog's batch format (DESIGN §6). It is ours rather than
 * posthog-js because the timing rules are the spec's (§9) and must not move with a library's release, and
 * because it only ever talks to the BFF tunnel.
 */
import { randomId } from './random-id';

/** Spec §9 "Analytics". */
export const analyticsLimits = {
  flushIntervalMs: 3_000,
  retryStartMs: 3_000,
  retryCapMs: 30 * 60 * 1_000,
  maxRetries: 10,
  eventsPerSecond: 10,
  burst: 100,
  sessionIdleMs: 1_800 * 1_000,
  sessionMaxMs: 24 * 60 * 60 * 1_000,
  cookieMaxAgeSeconds: 365 * 24 * 60 * 60,
} as const;

/** The batch endpoint's `maxItems` (bff/openapi.yaml `AnalyticsBatch`). */
const maxBatch = 500;
/** Held events beyond this are dropped: a long outage must not grow the page's memory without limit. */
const maxQueued = 1_000;
/** Browsers refuse keepalive bodies above 64 KiB in flight. */
const keepaliveLimit = 60_000;

export const ANALYTICS_COOKIE = 'lender_analytics';

export type Properties = Record<string, unknown>;

export interface AnalyticsEvent {
  event: string;
  distinct_id: string;
  properties: Properties;
  timestamp: string;
  uuid: string;
}

/** How long to wait before retry number `retry` (1-based): 3000 ms, doubling, never more than 30 minutes. */
export function retryDelay(retry: number): number {
  return Math.min(analyticsLimits.retryStartMs * 2 ** (retry - 1), analyticsLimits.retryCapMs);
}

export interface CookieJar {
  read(name: string): string | undefined;
  /** Takes a whole `Set-Cookie`-style string, as `document.cookie = …` does. */
  write(cookie: string): void;
}

export const documentCookies: CookieJar = {
  read(name) {
    const prefix = `${name}=`;
    for (const part of document.cookie.split('; ')) {
      if (part.startsWith(prefix)) return part.slice(prefix.length);
    }
    return undefined;
  },
  write(cookie) {
    document.cookie = cookie;
  },
};

export interface AnalyticsOptions {
  /** The project key sent as the batch's `api_key`. */
  apiKey: string;
  /** Where batches are POSTed: the BFF's analytics tunnel. */
  endpoint: string;
  /** Epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** Looked up on every send by default, so instrumentation that replaces fetch is honoured. */
  fetch?: typeof fetch;
  cookies?: CookieJar;
  /** Whether the cookie gets `Secure`: on https pages. */
  secure?: boolean;
}

export interface AnalyticsClient {
  /** Records an event; `timestamp` is when it happened (default now). */
  capture(event: string, properties?: Properties, timestamp?: string): void;
  /** From now on events carry `distinctId`; the switch from an anonymous id is announced with `$identify`. */
  identify(distinctId: string): void;
  /**
   * Forgets who the person is (a sign-out): from now on events carry a new anonymous id and a new session, so
   * whatever happens next on this browser is never joined to the person who left.
   */
  reset(): void;
  readonly distinctId: string;
  readonly sessionId: string;
  /** Sends what is held now instead of at the next tick (page hide), with keepalive when small enough. */
  flushNow(): void;
  /** Stops timers and listeners; held events are kept in memory only. */
  stop(): void;
}

/** What the cookie keeps, so a reload continues the same person and session. */
interface Persisted {
  distinctId: string;
  /** Whether distinctId is still the random one given before identification. */
  anonymous: boolean;
  sessionId: string;
  sessionStart: number;
  lastActivity: number;
}

function readPersisted(cookies: CookieJar): Persisted | undefined {
  const raw = cookies.read(ANALYTICS_COOKIE);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Persisted>;
    if (
      typeof value.distinctId === 'string' &&
      value.distinctId !== '' &&
      typeof value.anonymous === 'boolean' &&
      typeof value.sessionId === 'string' &&
      typeof value.sessionStart === 'number' &&
      typeof value.lastActivity === 'number'
    ) {
      return value as Persisted;
    }
  } catch {
    // A cookie we cannot read is replaced by a fresh identity below.
  }
  return undefined;
}

export function createAnalytics(options: AnalyticsOptions): AnalyticsClient {
  const now = options.now ?? Date.now;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cookies = options.cookies ?? documentCookies;
  const limits = analyticsLimits;

  const state: Persisted = readPersisted(cookies) ?? {
    distinctId: randomId(),
    anonymous: true,
    sessionId: '',
    sessionStart: 0,
    lastActivity: 0,
  };

  function persist(): void {
    const attributes = ['Path=/', `Max-Age=${limits.cookieMaxAgeSeconds}`, 'SameSite=Lax'];
    if (options.secure) attributes.push('Secure');
    cookies.write(`${ANALYTICS_COOKIE}=${encodeURIComponent(JSON.stringify(state))}; ${attributes.join('; ')}`);
  }

  /** The session an event at `at` belongs to: a new one after 1800 s idle or 24 h in all. */
  function sessionAt(at: number): string {
    const expired =
      state.sessionId === '' ||
      at - state.lastActivity > limits.sessionIdleMs ||
      at - state.sessionStart > limits.sessionMaxMs;
    if (expired) {
      state.sessionId = randomId();
      state.sessionStart = at;
    }
    state.lastActivity = at;
    persist();
    return state.sessionId;
  }

  // Token bucket: starts full (a burst of 100), refills at 10 a second.
  let tokens: number = limits.burst;
  let refilledAt = now();
  let warnedDrop = false;
  function admit(): boolean {
    const at = now();
    tokens = Math.min(limits.burst, tokens + ((at - refilledAt) / 1_000) * limits.eventsPerSecond);
    refilledAt = at;
    if (tokens >= 1) {
      tokens -= 1;
      warnedDrop = false;
      return true;
    }
    // One warning per run of dropped events, so a runaway loop does not also flood the console.
    if (!warnedDrop) console.warn('Analytics: more than 10 events a second; events are being dropped.');
    warnedDrop = true;
    return false;
  }

  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  /** Failed attempts of the batch at the head of the queue. */
  let failures = 0;
  let stopped = false;

  function schedule(delay: number): void {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush(false);
    }, delay);
  }

  /** Whether the BFF took the batch; false for anything worth trying again. */
  async function post(batch: AnalyticsEvent[], keepalive: boolean): Promise<'sent' | 'retry' | 'refused'> {
    const body = JSON.stringify({ api_key: options.apiKey, batch, sent_at: new Date(now()).toISOString() });
    try {
      const response = await send(options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        credentials: 'same-origin',
        keepalive: keepalive && body.length <= keepaliveLimit,
      });
      if (response.ok) return 'sent';
      // A batch the BFF refuses as malformed will never be taken; retrying it would hold back every later event.
      const permanent = response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429;
      return permanent ? 'refused' : 'retry';
    } catch {
      return 'retry';
    }
  }

  async function flush(keepalive: boolean): Promise<void> {
    if (inFlight || queue.length === 0) return;
    const batch = queue.slice(0, maxBatch);
    inFlight = true;
    const outcome = await post(batch, keepalive);
    inFlight = false;
    if (outcome === 'retry' && failures < limits.maxRetries) {
      failures += 1;
      schedule(retryDelay(failures));
      return;
    }
    if (outcome !== 'sent') {
      console.warn(`Analytics: ${batch.length} event(s) could not be delivered and were dropped.`);
    }
    // Only send() removes from the front of the queue, so the batch is still there.
    queue.splice(0, batch.length);
    failures = 0;
    if (queue.length > 0) schedule(limits.flushIntervalMs);
  }

  function enqueue(event: AnalyticsEvent): void {
    if (queue.length >= maxQueued) {
      console.warn('Analytics: too many events are waiting to be sent; this one was dropped.');
      return;
    }
    queue.push(event);
    schedule(limits.flushIntervalMs);
  }

  function capture(event: string, properties: Properties = {}, timestamp?: string): void {
    if (stopped || !admit()) return;
    const at = now();
    enqueue({
      event,
      distinct_id: state.distinctId,
      properties: { ...properties, $session_id: sessionAt(at), $lib: 'lender-web' },
      timestamp: timestamp ?? new Date(at).toISOString(),
      uuid: randomId(),
    });
  }

  function flushNow(): void {
    if (timer !== undefined && failures > 0) return; // backing off: the retry timer owns the next attempt
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    void flush(true);
  }

  function onHide(): void {
    if (document.visibilityState === 'hidden') flushNow();
  }
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flushNow);

  return {
    capture,
    identify(distinctId) {
      if (distinctId === state.distinctId) return;
      // Only an anonymous id is merged into the person; a different applicant on this browser starts afresh.
      const properties: Properties = state.anonymous ? { $anon_distinct_id: state.distinctId } : {};
      state.distinctId = distinctId;
      state.anonymous = false;
      persist();
      capture('$identify', properties);
    },
    reset() {
      if (state.anonymous) return;
      state.distinctId = randomId();
      state.anonymous = true;
      state.sessionId = '';
      persist();
    },
    get distinctId() {
      return state.distinctId;
    },
    get sessionId() {
      return state.sessionId;
    },
    flushNow,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flushNow);
    },
  };
}
