/** Turns whatever was thrown into the fields the spec asks for (§7): error text, info, component, stack, page. */

export interface ErrorContext {
  /** The component (error boundary) that caught it; set for React errors. */
  componentName?: string;
  /** Extra detail, such as React's component stack. */
  info?: string;
}

export interface ErrorReport {
  error: string;
  info: string;
  componentName: string;
  stack: string;
  pageName: string;
}

// The lengths bff/openapi.yaml allows for FrontLogRequest; the analytics event uses the same.
const limits = { error: 2_000, info: 4_000, componentName: 200, stack: 20_000, pageName: 200 } as const;

/**
 * Removes the secrets and personal data an error text could carry (DESIGN §10): the values of query
 * parameters such as the magic-link token, and e-mail addresses. The BFF redacts again; this keeps them off
 * the wire as well.
 */
export function scrub(text: string): string {
  return text
    .replace(/([?&#](?:token|code|pin|password|accessToken|email|phone)=)[^&#\s"']*/gi, '$1[redacted]')
    .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi, '[email]');
}

/** The hash route without its query (`#/login/emailMagicLink?token=…` → `/login/emailMagicLink`). */
export function pageNameOf(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  return path === '' ? '/' : path;
}

function textOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  // A react-router error response (a loader that threw a Response).
  const response = error as { status?: unknown; statusText?: unknown } | null;
  if (response && typeof response.status === 'number') {
    const statusText = typeof response.statusText === 'string' ? response.statusText : '';
    return `Route error response ${response.status} ${statusText}`.trim();
  }
  // Values JSON cannot express.
  if (error === undefined || typeof error === 'function' || typeof error === 'symbol') return String(error);
  try {
    return JSON.stringify(error);
  } catch {
    // Cyclic or otherwise unserialisable.
    return Object.prototype.toString.call(error);
  }
}

export function describeError(error: unknown, context: ErrorContext, hash: string): ErrorReport {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return {
    error: scrub(textOf(error)).slice(0, limits.error),
    info: scrub(context.info ?? '').slice(0, limits.info),
    componentName: (context.componentName ?? '').slice(0, limits.componentName),
    stack: scrub(stack).slice(0, limits.stack),
    pageName: pageNameOf(hash).slice(0, limits.pageName),
  };
}
