/**
 * The part of telemetry that loads after the first screen has painted (DESIGN §9): it asks the BFF for the
 * settings, starts error reporting and product analytics, and reports errors to both.
 */
import type { apiBasePath, components, createApiClient, isApiError } from '@lender/api-client';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { createAnalytics } from './analytics';
import type { AnalyticsClient } from './analytics';
import { startErrorReporting } from './error-reporting';
import type { CaptureError, ErrorSource } from './error-reporting';
import { describeError } from './errors';
import type { ErrorContext, ErrorReport } from './errors';
import { distinctIdFor, environmentLabel, storedApplicantId } from './identity';
import type { EnvironmentLabel } from './identity';
import type { attachSink, detachSink } from './track';

export type TelemetryConfig = components['schemas']['TelemetryConfig'];

/** An error as the always-loaded part caught it: the page is noted then, not when the report is made. */
export interface CaughtError {
  error: unknown;
  context: ErrorContext;
  source: ErrorSource;
  /** `location.hash` when it was caught. */
  hash: string;
}

export interface Runtime {
  reportError(caught: CaughtError): void;
  /** Identifies the person from the stored application info, if it names them. */
  identify(): void;
  /** Forgets who the person is (a sign-out): AnalyticsClient.reset. */
  forgetPerson(): void;
  /** Stops sending; what is still held is let go. */
  stop(): void;
}

/**
 * What the runtime uses from modules the first screen has loaded already. They are handed over rather than
 * imported, so the bundler does not split them into a chunk of their own that the first screen would then
 * load as an extra file (DESIGN §9).
 */
export interface RuntimeHost {
  createApiClient: typeof createApiClient;
  apiBasePath: typeof apiBasePath;
  isApiError: typeof isApiError;
  attachSink: typeof attachSink;
  detachSink: typeof detachSink;
  /** Where the application screens keep the application info. */
  storage: Pick<ExpiringStorage, 'getItem'>;
}

export const FRONT_END_ERROR_EVENT = 'front_end_error';

function noOp(): void {
  // Analytics is off: tracked events are let go.
}

export async function startRuntime(host: RuntimeHost): Promise<Runtime> {
  const { attachSink, detachSink, isApiError } = host;
  // Its own client: no session token (a report must never trip the session-expired path and log the person
  // out), no loading indicator and no toasts, whatever happens to the report.
  const telemetryApi = host.createApiClient({ getAccessToken: () => null });
  /** Component errors also go to the BFF's front-end error log (spec §7), which needs no settings. */
  function logFrontError(report: ErrorReport): void {
    telemetryApi.post('/matrix/frontLog', { body: { message: report.error, ...omitEmpty(report) } }).catch(() => {
      console.warn('The error log could not be stored.');
    });
  }
  let config: TelemetryConfig;
  try {
    config = await telemetryApi.get('/telemetry/config');
  } catch (error) {
    console.warn('Telemetry is off: its settings could not be loaded.', error);
    attachSink(noOp);
    return {
      reportError: ({ error, context, source, hash }) => {
        console.error(error);
        if (source === 'react') logFrontError(describeError(error, context, hash));
      },
      identify: noOp,
      forgetPerson: noOp,
      stop: noOp,
    };
  }
  const environment: EnvironmentLabel = environmentLabel(location.hostname, config.productionHost);
  const base = host.apiBasePath();

  let capture: CaptureError | undefined;
  try {
    capture = await startErrorReporting({
      dsn: config.errorReportingDsn,
      tunnel: `${base}/telemetry/errors`,
      release: config.release,
      environment,
    });
  } catch (error) {
    console.warn('Error reporting could not start.', error);
  }

  const analyticsOn =
    config.analyticsKey !== '' && !(config.testApplicationHost !== '' && location.hostname === config.testApplicationHost);
  let analytics: AnalyticsClient | undefined;
  if (analyticsOn) {
    const client = createAnalytics({
      apiKey: config.analyticsKey,
      endpoint: `${base}/telemetry/analytics/batch`,
      secure: location.protocol === 'https:',
    });
    analytics = client;
    attachSink((queued) => {
      client.capture(queued.event, queued.properties, queued.timestamp);
    });
  } else {
    attachSink(noOp);
  }

  function identify(): void {
    if (!analytics) return;
    const applicantId = storedApplicantId(host.storage);
    if (applicantId !== undefined) analytics.identify(distinctIdFor(environment, applicantId));
  }
  identify();

  return {
    identify,
    forgetPerson() {
      analytics?.reset();
    },
    stop() {
      analytics?.stop();
      detachSink();
    },
    reportError({ error, context, source, hash }) {
      // Failed API calls have had their effect already (spec §8, the api-client hooks); one nobody awaited
      // is not a fault of the page.
      if (source === 'onunhandledrejection' && isApiError(error)) return;
      const report = describeError(error, context, hash);
      capture?.(error, source, { componentName: report.componentName, info: report.info, pageName: report.pageName });
      analytics?.capture(FRONT_END_ERROR_EVENT, { ...report });
      if (source === 'react') logFrontError(report);
    },
  };
}

function omitEmpty(report: ErrorReport): Record<string, string> {
  const { stack, componentName, pageName, info } = report;
  return Object.fromEntries(Object.entries({ stack, componentName, pageName, info }).filter(([, value]) => value !== ''));
}
