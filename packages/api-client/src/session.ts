import type { Middleware } from 'openapi-fetch';
import { isTokenExpired, storeAccessToken } from './access-token';
import { SessionExpiredError } from './api-error';
import { contextOf } from './hooks';
import type { Reporter } from './hooks';
import type { ExpiringStorage } from './storage';

/** The response header in which the BFF hands back a renewed session token (DESIGN §4). */
export const RENEWED_TOKEN_HEADER = 'X-Renewed-Access-Token';

export interface SessionMiddlewareOptions {
  /** The session token to send; empty when there is none. */
  readToken: () => string;
  /** Where renewed tokens are kept. */
  storage: ExpiringStorage;
  now: () => number;
  report: Reporter;
}

/**
 * Before every request: cancels it when the session token's `exp` has passed (spec §5, §8), otherwise sets the
 * `accessToken` and `platform: web` headers (spec §7). A token whose `exp` cannot be read is sent as it is: the
 * BFF verifies it and answers 401. After every answer: keeps a renewed token.
 */
export function sessionMiddleware({ readToken, storage, now, report }: SessionMiddlewareOptions): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const token = readToken();
      if (token !== '' && isTokenExpired(token, now())) {
        const error = new SessionExpiredError();
        report(error, contextOf(request, schemaPath));
        throw error;
      }
      request.headers.set('accessToken', token);
      request.headers.set('platform', 'web');
      return undefined;
    },
    onResponse({ response }) {
      const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
      // A renewed token without a readable, future `exp` is ignored: the current one stays.
      if (renewed) storeAccessToken(renewed, storage, now);
      return undefined;
    },
  };
}
