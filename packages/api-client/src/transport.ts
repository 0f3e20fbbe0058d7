import { ApiTransportError } from './api-error';

/** Every call gives up after this long (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 300_000;

export type FetchLike = (request: Request) => Promise<Response>;

/**
 * Keeps the response body under the timeout: the timer is stopped once the body has been read to the end,
 * cancelled or failed. A failure while reading becomes an `ApiTransportError`.
 */
function guardBody(response: Response, stop: () => void, timedOut: () => boolean): Response {
  const source = response.body;
  if (source === null) {
    stop();
    return response;
  }
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          stop();
          controller.close();
        } else {
          controller.enqueue(chunk.value);
        }
      } catch (error) {
        stop();
        controller.error(
          timedOut()
            ? new ApiTransportError('timeout', 0, { cause: error })
            : new ApiTransportError('network', response.status, { cause: error }),
        );
      }
    },
    cancel(reason) {
      stop();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Wraps `fetch` with the request timeout. The caller's own signal still works: its abort rejects with the
 * caller's reason, unchanged. A timeout rejects with an `ApiTransportError` of kind `timeout`; any other
 * failure to get an answer with one of kind `network`.
 */
export function withTimeout(fetchImpl: FetchLike, timeoutMs: number = REQUEST_TIMEOUT_MS): FetchLike {
  return async (request) => {
    const timer = new AbortController();
    // An object, not a `let`: it changes inside the timer, which control-flow analysis does not follow.
    const state = { timedOut: false };
    let rejectOnTimeout: (reason: unknown) => void = () => undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      rejectOnTimeout = reject;
    });
    // Nobody may be waiting any more when the timer fires during the body; that is not an unhandled failure.
    void timeout.catch(() => undefined);
    const handle = setTimeout(() => {
      state.timedOut = true;
      timer.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'));
      rejectOnTimeout(new ApiTransportError('timeout', 0));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(handle);
    };
    const callerSignal = request.signal;

    let response: Response;
    try {
      // Raced against the timer as well, so a fetch that ignores its signal cannot outlast the timeout.
      response = await Promise.race([
        fetchImpl(new Request(request, { signal: AbortSignal.any([callerSignal, timer.signal]) })),
        timeout,
      ]);
    } catch (error) {
      stop();
      if (state.timedOut) {
        throw error instanceof ApiTransportError ? error : new ApiTransportError('timeout', 0, { cause: error });
      }
      if (callerSignal.aborted) throw error;
      throw new ApiTransportError('network', 0, { cause: error });
    }
    return guardBody(response, stop, () => state.timedOut);
  };
}
