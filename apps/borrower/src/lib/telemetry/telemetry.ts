/**
 * Telemetry's always-loaded part: it must stay a few hundred bytes, because it is in the first screen's
 * bundle (DESIGN §9). It catches errors and tracked events from the start and holds them; the SDK and the
 * analytics client load in their own chunks once the first screen has painted, and take them over.
 */
import { apiBasePath, createApiClient, isApiError } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ErrorContext } from './errors';
import type { CaughtError, Runtime, RuntimeHost } from './runtime';
import { attachSink, detachSink } from './track';

export { track } from './track';
export type { ErrorContext } from './errors';

/** Errors held until the runtime loads; a page failing in a loop must not grow memory without limit. */
const maxHeld = 20;
const held: CaughtError[] = [];
/** Each thrown object once: React's StrictMode renders an error boundary twice in development. */
const seen = new WeakSet<object>();
let runtime: Runtime | undefined;
const host: RuntimeHost = {
  createApiClient,
  apiBasePath,
  isApiError,
  attachSink,
  detachSink,
  storage: expiringLocalStorage,
};
let starting: Promise<void> | undefined;

function report(error: unknown, context: ErrorContext, source: CaughtError['source']): void {
  if (typeof error === 'object' && error !== null) {
    if (seen.has(error)) return;
    seen.add(error);
  }
  const caught: CaughtError = { error, context, source, hash: location.hash };
  if (runtime) runtime.reportError(caught);
  else if (held.length < maxHeld) held.push(caught);
}

/**
 * Reports an error a component caught: to the error-reporting SDK, as a `front_end_error` analytics event,
 * and to the BFF's front-end error log (spec §7).
 */
export function reportError(error: unknown, context: ErrorContext = {}): void {
  report(error, context, 'react');
}

/** Call once the application info is stored (after sign-in): analytics then names the person (spec §7). */
export function identifyFromStoredApplication(): void {
  // Before the runtime has loaded there is nothing to do: it identifies the person when it starts.
  runtime?.identify();
}

/** Call at sign-out: analytics forgets the person, so the next events on this browser are nobody's yet. */
export function forgetAnalyticsPerson(): void {
  // Before the runtime has loaded nobody has been identified in this page; the stored application info that
  // would identify them is cleared with the rest of the session.
  runtime?.forgetPerson();
}

function onError(event: ErrorEvent): void {
  // A script from another origin gives no error object, only "Script error.".
  report(event.error ?? new Error(event.message), {}, 'onerror');
}

function onRejection(event: PromiseRejectionEvent): void {
  report(event.reason, {}, 'onunhandledrejection');
}

/**
 * How long after the page's load event the SDK and the analytics client start loading. The first screen's
 * largest paint comes after the brand call, so anything loaded as soon as the browser is first idle competes
 * with it on a slow phone (it cost about 0.3 s of LCP in the mobile Lighthouse run); errors and events are
 * caught and held from the start, so waiting loses nothing.
 */
export const LOAD_DELAY_MS = 3_000;

/** Resolves once the page has loaded, `delayMs` has passed and the browser is idle. */
async function whenQuiet(delayMs: number): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise<void>((resolve) => {
      window.addEventListener(
        'load',
        () => {
          resolve();
        },
        { once: true },
      );
    });
  }
  await new Promise<void>((resolve) => {
    setTimeout(resolve, delayMs);
  });
  await new Promise<void>((resolve) => {
    // Safari has no requestIdleCallback; the timeout keeps a busy page from putting telemetry off for ever.
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(
        () => {
          resolve();
        },
        { timeout: 2_000 },
      );
    } else {
      setTimeout(resolve, 1);
    }
  });
}

/**
 * Starts error reporting and product analytics; call it after the first render. Uncaught errors are caught
 * from this moment; the rest loads when the browser is idle, `delayMs` after the page has loaded. Calling it
 * again does nothing more.
 */
export function startTelemetry({ delayMs = LOAD_DELAY_MS }: { delayMs?: number } = {}): Promise<void> {
  if (starting) return starting;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  const attempt: Promise<void> = whenQuiet(delayMs)
    .then(() => import('./runtime'))
    .then(({ startRuntime }) => startRuntime(host))
    .then((started) => {
      if (starting !== attempt) {
        started.stop(); // stopped while it was loading
        return;
      }
      runtime = started;
      for (const caught of held.splice(0)) started.reportError(caught);
    })
    .catch((error: unknown) => {
      // A chunk that failed to load (a release replaced it): the page works on without telemetry.
      console.warn('Telemetry could not start.', error);
    });
  starting = attempt;
  return attempt;
}

/** Stops telemetry: no more reports or events leave the page (until startTelemetry is called again). */
export function stopTelemetry(): void {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  runtime?.stop();
  runtime = undefined;
  starting = undefined;
  held.length = 0;
}
