/**
 * The error-reporting SDK (Sentry-compatible, DESIGN §6), started only when the BFF gives a DSN. Its envelopes
 * go to the BFF tunnel, never to a third party. Only what reports errors is switched on: no session tracking,
 * no replay, no tracing, no breadcrumbs (they would copy console output and URLs), no personal data.
 */
import type { ErrorEvent } from '@sentry/browser';
import { pageNameOf, scrub } from './errors';

export interface ErrorReportingOptions {
  dsn: string;
  /** Where envelopes are POSTed: the BFF's error tunnel. */
  tunnel: string;
  release: string;
  environment: string;
}

/** How an error reached us, for the report's mechanism. */
export type ErrorSource = 'onerror' | 'onunhandledrejection' | 'react';

export type CaptureError = (error: unknown, source: ErrorSource, extra: Record<string, string>) => void;

/** The page's URL as reports may carry it: no query, and the hash route without its query either. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.hash ? `#${pageNameOf(parsed.hash)}` : ''}`;
  } catch {
    return '';
  }
}

export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    event.request = { url: event.request.url ? safeUrl(event.request.url) : undefined };
  }
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrub(exception.value);
  }
  if (event.message) event.message = scrub(event.message);
  delete event.user;
  delete event.breadcrumbs;
  return event;
}

/** Starts the SDK; resolves with how to report an error, or undefined when reporting is off (no DSN). */
export async function startErrorReporting(options: ErrorReportingOptions): Promise<CaptureError | undefined> {
  if (options.dsn === '') return undefined;
  const Sentry = await import('./sentry');
  Sentry.init({
    dsn: options.dsn,
    tunnel: options.tunnel,
    release: options.release || undefined,
    environment: options.environment,
    // Only these: the defaults add breadcrumbs, session tracking and global handlers (ours report instead,
    // so that errors from before the SDK loaded are not lost and each error is reported once).
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.httpContextIntegration(),
    ],
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    sendClientReports: false,
    beforeSend: scrubEvent,
    // The global fetch, looked up on each send: the SDK would otherwise dig out a pristine one of its own.
    transport: (transportOptions) =>
      Sentry.makeFetchTransport(
        { ...transportOptions, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } },
        (input, init) => globalThis.fetch(input, init),
      ),
  });
  return (error, source, extra) => {
    Sentry.captureException(error, {
      mechanism: { type: source, handled: false },
      captureContext: { extra },
    });
  };
}
