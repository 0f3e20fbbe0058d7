/**
 * Telemetry as the page runs it: the always-loaded part, the runtime it loads, the real error-reporting SDK
 * and our analytics client, against a fake of the BFF's telemetry endpoints at the fetch boundary.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from './analytics';
import type { TelemetryConfig } from './runtime';

const DSN = 'https://public@errors.example/42';

interface Received {
  config: number;
  batches: { api_key: string; batch: AnalyticsEvent[] }[];
  envelopes: string[];
  frontLogs: Record<string, string>[];
}

/** The BFF's telemetry endpoints, answering as bff/openapi.yaml says. */
function fakeBff(config: Partial<TelemetryConfig> | 'down' = {}) {
  const received: Received = { config: 0, batches: [], envelopes: [], frontLogs: [] };
  const settings: TelemetryConfig = {
    errorReportingDsn: DSN,
    analyticsKey: 'phc_test',
    productionHost: 'apply.lender.example',
    testApplicationHost: 'test-apply.lender.example',
    release: 'borrower@1.2.3',
    ...(config === 'down' ? {} : config),
  };
  const ok = (resultData?: unknown) =>
    new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData }), {
      headers: { 'Content-Type': 'application/json' },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
      const path = new URL(request.url).pathname;
      const body = await request.text();
      switch (path) {
        case '/api/v2/lender/telemetry/config':
          received.config += 1;
          if (config === 'down') return new Response('', { status: 503 });
          return ok(settings);
        case '/api/v2/lender/telemetry/analytics/batch':
          received.batches.push(JSON.parse(body) as Received['batches'][number]);
          return ok();
        case '/api/v2/lender/telemetry/errors':
          expect(request.headers.get('Content-Type')).toMatch(/^text\/plain/);
          received.envelopes.push(body);
          return ok();
        case '/api/v2/lender/matrix/frontLog':
          expect(request.headers.get('accessToken') ?? '').toBe('');
          received.frontLogs.push(JSON.parse(body) as Record<string, string>);
          return ok();
        default:
          return new Response('', { status: 404 });
      }
    }),
  );
  return {
    received,
    events: (name: string) => received.batches.flatMap((b) => b.batch).filter((e) => e.event === name),
  };
}

/** The exception values of the error events in the envelopes the tunnel received. */
function reportedExceptions(envelopes: string[]): { type: string; value: string; url: string | undefined }[] {
  return envelopes.flatMap((envelope) => {
    const [, itemHeader, item] = envelope.split('\n');
    if (!itemHeader || !item || (JSON.parse(itemHeader) as { type: string }).type !== 'event') return [];
    const event = JSON.parse(item) as {
      exception?: { values?: { type: string; value: string }[] };
      request?: { url?: string };
    };
    return (event.exception?.values ?? []).map((value) => ({ ...value, url: event.request?.url }));
  });
}

let stopTelemetry: (() => void) | undefined;

/** A fresh copy of the telemetry modules, as a new page load has. */
async function loadTelemetry() {
  vi.resetModules();
  const telemetry = await import('./telemetry');
  stopTelemetry = telemetry.stopTelemetry;
  return telemetry;
}

/** Lets the runtime load and everything queued be sent. */
async function settle(): Promise<void> {
  await vi.waitFor(
    async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    },
    { timeout: 100 },
  );
}

async function waitFor(condition: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
    condition();
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.location.hash = '#/login/emailMagicLink?token=s3cret';
  localStorage.clear();
  document.cookie = 'lender_analytics=; Max-Age=0; Path=/';
});

afterEach(async () => {
  stopTelemetry?.();
  // Undo the Sentry client of this test, so the next one starts clean.
  const Sentry = await import('@sentry/browser');
  await Sentry.close(0);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startTelemetry', () => {
  it('reports an uncaught error to the SDK through the tunnel and as a front_end_error event', async () => {
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });

    const boom = new Error('e2e boom');
    window.dispatchEvent(new ErrorEvent('error', { error: boom, message: boom.message }));

    await waitFor(() => {
      expect(bff.events('front_end_error')).toHaveLength(1);
      expect(reportedExceptions(bff.received.envelopes)).toHaveLength(1);
    });
    const [event] = bff.events('front_end_error') as [AnalyticsEvent];
    expect(event.properties).toMatchObject({
      error: 'e2e boom',
      info: '',
      componentName: '',
      pageName: '/login/emailMagicLink',
      stack: expect.stringContaining('e2e boom') as unknown,
    });
    const [reported] = reportedExceptions(bff.received.envelopes);
    expect(reported).toMatchObject({ type: 'Error', value: 'e2e boom' });
    // The page's URL is reported without the magic-link token.
    expect(reported?.url).toBe('http://localhost:3000/#/login/emailMagicLink');
    expect(bff.received.envelopes.join('')).not.toContain('s3cret');
    expect(JSON.stringify(bff.received.batches)).not.toContain('s3cret');
    // Only component errors are stored in the front-end log.
    expect(bff.received.frontLogs).toHaveLength(0);
  });

  it('reports an unhandled rejection, but not a failed API call nobody awaited (the error table handled it)', async () => {
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    // The same module instance the runtime checks against.
    const { ApiError } = await import('@lender/api-client');
    await telemetry.startTelemetry({ delayMs: 0 });

    const rejection = (reason: unknown) =>
      Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() });
    window.dispatchEvent(
      rejection(new ApiError({ status: 100614, errorCode: 100614, errorMessage: 'Wrong code', httpStatus: 200 })),
    );
    window.dispatchEvent(rejection(new TypeError('x is undefined')));

    await waitFor(() => {
      expect(bff.events('front_end_error').map((e) => e.properties.error)).toEqual(['x is undefined']);
    });
    expect(reportedExceptions(bff.received.envelopes).map((e) => e.value)).toEqual(['x is undefined']);
  });

  it('reports a component error caught by the route error boundary, stores it in the front-end log, and shows the error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    const { ReportingRouteErrorScreen } = await import('./route-error-boundary');
    function BrokenScreen(): never {
      throw new Error('render failed');
    }
    const router = createMemoryRouter([{ path: '/', Component: BrokenScreen, ErrorBoundary: ReportingRouteErrorScreen }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();

    // Caught before telemetry started: held, then reported once it has.
    await telemetry.startTelemetry({ delayMs: 0 });
    await waitFor(() => {
      expect(bff.received.frontLogs).toHaveLength(1);
      expect(bff.events('front_end_error')).toHaveLength(1);
      expect(reportedExceptions(bff.received.envelopes)).toHaveLength(1);
    });
    expect(bff.received.frontLogs[0]).toMatchObject({
      message: 'render failed',
      componentName: 'RouteErrorScreen',
      pageName: '/login/emailMagicLink',
      info: 'Caught by the root route error boundary.',
      stack: expect.stringContaining('render failed') as unknown,
    });
    expect(bff.events('front_end_error')[0]?.properties).toMatchObject({
      error: 'render failed',
      componentName: 'RouteErrorScreen',
      info: 'Caught by the root route error boundary.',
    });
  });

  it('starts once however often it is called, and sends events tracked before it started', async () => {
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    telemetry.track('session_expired', { from: '/loan' });

    await Promise.all([telemetry.startTelemetry({ delayMs: 0 }), telemetry.startTelemetry({ delayMs: 0 })]);
    await telemetry.startTelemetry({ delayMs: 0 });
    await settle();

    expect(bff.received.config).toBe(1);
    expect(bff.events('session_expired')).toHaveLength(1);
    expect(bff.events('session_expired')[0]?.properties.from).toBe('/loan');
    expect(bff.received.batches.every((b) => b.api_key === 'phc_test')).toBe(true);
  });

  it('identifies the person from the stored application info with the qa label off the production host', async () => {
    localStorage.setItem('applicationInfo', JSON.stringify({ renderData: { renderApplicantId: 'A-17' } }));
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('page_view');
    await settle();

    expect(bff.events('$identify').map((e) => e.distinct_id)).toEqual(['lender-qa-A-17']);
    expect(bff.events('page_view')[0]?.distinct_id).toBe('lender-qa-A-17');
  });

  it('uses the production label on the production host, and identifies again when asked after sign-in', async () => {
    const bff = fakeBff({ productionHost: 'localhost' });
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('before_sign_in');

    localStorage.setItem('applicationInfo', JSON.stringify({ renderData: { renderApplicantId: 77 } }));
    telemetry.identifyFromStoredApplication();
    telemetry.track('after_sign_in');
    await settle();

    expect(bff.events('before_sign_in')[0]?.distinct_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bff.events('after_sign_in')[0]?.distinct_id).toBe('lender-production-77');
  });

  it('only logs to the console when the stored application info is unreadable; analytics goes on anonymously', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('applicationInfo', '{broken');
    const bff = fakeBff();
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('page_view');
    await settle();

    expect(error).toHaveBeenCalledWith(expect.stringContaining('could not be parsed'));
    expect(bff.events('$identify')).toHaveLength(0);
    expect(bff.events('page_view')).toHaveLength(1);
  });

  it('does not start analytics on the test application host; errors still reach the SDK', async () => {
    const bff = fakeBff({ testApplicationHost: 'localhost' });
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('page_view');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('on test host') }));

    await waitFor(() => {
      expect(reportedExceptions(bff.received.envelopes)).toHaveLength(1);
    });
    await settle();
    expect(bff.received.batches).toHaveLength(0);
  });

  it('sends nothing when the BFF switches both off (empty DSN and key)', async () => {
    const bff = fakeBff({ errorReportingDsn: '', analyticsKey: '' });
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('page_view');
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('nowhere') }));
    await settle();

    expect(bff.received.batches).toHaveLength(0);
    expect(bff.received.envelopes).toHaveLength(0);
  });

  it('leaves the page alone when the settings cannot be loaded, still storing component errors in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bff = fakeBff('down');
    const telemetry = await loadTelemetry();
    await telemetry.startTelemetry({ delayMs: 0 });
    telemetry.track('page_view');
    telemetry.reportError(new Error('still logged'), { componentName: 'RouteErrorScreen' });
    await settle();

    expect(warn).toHaveBeenCalledWith('Telemetry is off: its settings could not be loaded.', expect.anything());
    expect(bff.received.batches).toHaveLength(0);
    // The front-end error log needs no settings.
    expect(bff.received.frontLogs.map((log) => log.message)).toEqual(['still logged']);
  });
});
