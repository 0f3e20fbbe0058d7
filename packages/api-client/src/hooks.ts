import type { ApiError, ApiTransportError, SessionExpiredError } from './api-error';

/** Which call failed, for hooks that treat some calls differently (spec §8 names a few). */
export interface ApiCallContext {
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The path template of the OpenAPI document, e.g. `/eligibility/getRebrandParams`. */
  readonly schemaPath: string;
  /** The full URL the call went (or would have gone) to. */
  readonly url: string;
}

/**
 * Called once for every failed call, before the call's promise rejects with the same error, so an app can map
 * failures to navigation, toasts and popups in one place (spec §8). A hook that throws does not change the
 * failure: its error is logged with `console.error`. A caller's own abort calls no hook.
 */
export interface ApiClientHooks {
  /** The call was cancelled before it was sent: the session token's `exp` had passed. */
  onSessionExpired?: (error: SessionExpiredError, context: ApiCallContext) => void;
  /** The BFF answered with an envelope whose `status` is not 200 (including HTTP 401, 503 … envelopes). */
  onApiError?: (error: ApiError, context: ApiCallContext) => void;
  /** No usable answer: network failure, timeout, or an HTTP failure without an envelope. */
  onTransportError?: (error: ApiTransportError, context: ApiCallContext) => void;
}

export type Reporter = (error: ApiError, context: ApiCallContext) => void;

export function contextOf(request: Request, schemaPath: string): ApiCallContext {
  return { method: request.method, schemaPath, url: request.url };
}
