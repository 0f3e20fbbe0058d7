import type { Middleware } from 'openapi-fetch';
import { ApiError, ApiTransportError, isApiError } from './api-error';
import { resolvesWithBody } from './error-policy';
import { contextOf } from './hooks';
import type { Reporter } from './hooks';

/** The answer of every JSON call (spec §7): `status: 200, errorCode: 0` is success. */
export interface Envelope {
  status: number;
  errorCode: number;
  errorMessage: string;
  resultData?: unknown;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.status === 'number' &&
    typeof record.errorCode === 'number' &&
    typeof record.errorMessage === 'string'
  );
}

/** The field a failing envelope names (`resultData.field`, spec §7's data slot), if any. */
function fieldOf(envelope: Envelope): string | undefined {
  const data = envelope.resultData;
  if (typeof data !== 'object' || data === null) return undefined;
  const field = (data as Record<string, unknown>).field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

function isJson(response: Response): boolean {
  const contentType = response.headers.get('content-type') ?? '';
  return /\bjson\b/i.test(contentType);
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  if (!isJson(response)) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return isEnvelope(body) ? body : undefined;
  } catch (error) {
    // The body could not be read in time (or at all): that is the failure, not a missing envelope.
    if (error instanceof ApiTransportError) throw error;
    return undefined;
  }
}

/**
 * Checks every answer: an envelope whose `status` is not 200, or an HTTP failure with an envelope, becomes an
 * `ApiError` (kind `envelope`); an HTTP failure without one an `ApiTransportError` (kind `http`). So a call
 * that resolves always carried a successful envelope — or, for calls not in `expectsEnvelope` (the `raw`
 * client), a successful answer that is not JSON (PDFs), which passes through untouched. A request that got
 * no answer becomes an `ApiTransportError` (`network` or `timeout`). Every such error is reported once.
 *
 * The calls of spec §8 that "resolve with the body anyway" (the operations the contract marks `resolve-body`:
 * see `resolvesWithBody`) are the exception: a failing envelope is reported all the same, but the answer goes on
 * to the caller, who reads its `status`.
 */
export function envelopeMiddleware(report: Reporter, expectsEnvelope: WeakSet<Request>): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      try {
        const envelope = await readEnvelope(response);
        if (envelope === undefined) {
          if (response.ok && !expectsEnvelope.has(request)) return undefined;
          throw new ApiTransportError('http', response.status);
        }
        if (!response.ok || envelope.status !== 200) {
          const failure = new ApiError({
            status: envelope.status,
            errorCode: envelope.errorCode,
            errorMessage: envelope.errorMessage,
            httpStatus: response.status,
            field: fieldOf(envelope),
          });
          if (!resolvesWithBody(schemaPath)) throw failure;
          report(failure, contextOf(request, schemaPath));
        }
        return undefined;
      } catch (error) {
        if (isApiError(error)) report(error, contextOf(request, schemaPath));
        throw error;
      }
    },
    onError({ request, error, schemaPath }) {
      // The caller's own abort is not a failure of the BFF: let it through unchanged.
      if (request.signal.aborted && !isApiError(error)) return undefined;
      const failure = isApiError(error) ? error : new ApiTransportError('network', 0, { cause: error });
      report(failure, contextOf(request, schemaPath));
      return failure;
    },
  };
}
