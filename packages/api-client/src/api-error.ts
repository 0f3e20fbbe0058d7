/** The message shown when the BFF could not be reached or answered without an envelope (spec §8). */
export const NETWORK_FAILURE_MESSAGE = 'Access timed out, please try again or check the network';

/** The message of a call cancelled because the session token's `exp` has passed (spec §8). */
export const SESSION_EXPIRED_MESSAGE = 'Your session token has expired. Please log in again.';

/**
 * What went wrong, for code that maps failures to navigation and toasts:
 * - `envelope`: the BFF answered with an envelope whose `status` is not 200 (a business failure on HTTP 200,
 *   or a transport failure such as 401 or 503 that still carried the envelope);
 * - `http`: an answer without a usable envelope (a proxy's HTML 502, an empty 200 to a JSON call);
 * - `network`: no answer at all (offline, DNS, connection reset);
 * - `timeout`: no complete answer within the request timeout (300000 ms);
 * - `session-expired`: the call was never sent because the session token had expired.
 */
export type ApiErrorKind = 'envelope' | TransportErrorKind | 'session-expired';

/** The kinds of failure where no envelope came back. */
export type TransportErrorKind = 'http' | 'network' | 'timeout';

export interface ApiErrorDetails {
  /** The envelope's `status` (HTTP status when the answer carried no envelope; 0 when nothing came back). */
  status: number;
  /** The catalogue code of docs/api-errors.md; 0 when the answer carried none. */
  errorCode: number;
  /** A message fit to show a person. */
  errorMessage: string;
  /** The HTTP status of the answer; 0 when no answer came back. */
  httpStatus: number;
  /**
   * The request value a 100400 is about (the envelope's `resultData.field`: a body property as a dotted path, or a
   * query parameter), so a form can show the message beside it; absent when the answer names none.
   */
  field?: string;
}

/**
 * A call to the BFF that did not succeed. Every failure the client produces is one of these (or a subclass),
 * except the caller's own abort, which rejects with the caller's abort reason unchanged.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly errorCode: number;
  readonly errorMessage: string;
  readonly httpStatus: number;
  declare readonly field?: string;

  constructor(details: ApiErrorDetails, options?: ErrorOptions & { kind?: ApiErrorKind }) {
    super(details.errorMessage || `Request failed with status ${details.status}`, options);
    this.kind = options?.kind ?? 'envelope';
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.errorMessage = details.errorMessage;
    this.httpStatus = details.httpStatus;
    if (details.field !== undefined) this.field = details.field;
  }
}

/**
 * No usable answer: a network failure (`httpStatus` 0), a timeout (`httpStatus` 0), or an HTTP answer without
 * an envelope (`httpStatus` is its status). `status` equals `httpStatus`, `errorCode` is 0 and the message is
 * always {@link NETWORK_FAILURE_MESSAGE}.
 */
export class ApiTransportError extends ApiError {
  override readonly name: string = 'ApiTransportError';
  declare readonly kind: TransportErrorKind;

  constructor(kind: TransportErrorKind, httpStatus: number, options?: ErrorOptions) {
    super(
      { status: httpStatus, errorCode: 0, errorMessage: NETWORK_FAILURE_MESSAGE, httpStatus },
      { ...options, kind },
    );
  }
}

/** The call was cancelled before it was sent: the session token's `exp` has passed (spec §8). */
export class SessionExpiredError extends ApiError {
  override readonly name: string = 'SessionExpiredError';
  declare readonly kind: 'session-expired';

  constructor(options?: ErrorOptions) {
    super(
      { status: 0, errorCode: 0, errorMessage: SESSION_EXPIRED_MESSAGE, httpStatus: 0 },
      { ...options, kind: 'session-expired' },
    );
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isApiTransportError(value: unknown): value is ApiTransportError {
  return value instanceof ApiTransportError;
}

export function isSessionExpiredError(value: unknown): value is SessionExpiredError {
  return value instanceof SessionExpiredError;
}
