import type { Envelope } from './envelope';
import { createExpiringStorage, createMemoryStorage } from './storage';
import type { ExpiringStorage } from './storage';

export interface EnvelopeAnswer extends Partial<Envelope> {
  /** The HTTP status of the answer: 200 (a business failure travels in the envelope) unless a test says so. */
  httpStatus?: number;
}

/**
 * For tests: an answer of the BFF in the envelope of spec §7. Without arguments, an empty success.
 * A transport failure sets `httpStatus` as well, e.g. `{ status: 503, errorCode: 100503, httpStatus: 503 }`.
 */
export function envelopeResponse({
  status = 200,
  errorCode = 0,
  errorMessage = '',
  resultData,
  httpStatus = 200,
}: EnvelopeAnswer = {}): Response {
  return new Response(JSON.stringify({ status, errorCode, errorMessage, resultData }), {
    status: httpStatus,
    headers: { 'Content-Type': 'application/json' },
  });
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * For tests: a token shaped like the BFF's session JWT, carrying `claims` (e.g. `{ exp }` in epoch seconds).
 * Its signature is not valid: the client only reads `exp`, the BFF verifies.
 */
export function unsignedToken(claims: Record<string, unknown>): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${base64Url(JSON.stringify({ aud: 'borrower', sub: 'test', sid: 'test', ...claims }))}.not-signed`;
}

/**
 * For tests: an expiring store over an in-memory Web Storage, on the test's clock when one is given, and
 * the map behind it to look into what was stored.
 */
export function memoryExpiringStorage(options: { now?: () => number; initial?: Record<string, string> } = {}): {
  storage: ExpiringStorage;
  items: Map<string, string>;
} {
  const items = new Map(Object.entries(options.initial ?? {}));
  const backing = createMemoryStorage(items);
  const storage = createExpiringStorage({ storage: () => backing, ...(options.now ? { now: options.now } : {}) });
  return { storage, items };
}
