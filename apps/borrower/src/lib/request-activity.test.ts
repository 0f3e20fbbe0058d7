import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestActivity, LOADING_INDICATOR_MAX_MS, showsLoadingIndicator } from './request-activity';
import type { RequestActivity } from './request-activity';

type Params = Parameters<NonNullable<RequestActivity['middleware']['onRequest']>>[0];

function params(id: string): Params {
  return { id, request: new Request('https://app.test/api/v2/lender/x'), schemaPath: '/x', params: {}, options: {} } as unknown as Params;
}

describe('createRequestActivity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts requests from when they are sent until their answer or failure arrives', async () => {
    const { middleware, store } = createRequestActivity();

    await middleware.onRequest?.(params('a'));
    await middleware.onRequest?.(params('b'));
    expect(store.getState().inFlight).toBe(2);

    await middleware.onResponse?.({ ...params('a'), response: new Response('{}') });
    expect(store.getState().inFlight).toBe(1);
    await middleware.onError?.({ ...params('b'), error: new TypeError('Failed to fetch') });
    expect(store.getState().inFlight).toBe(0);
    await middleware.onResponse?.({ ...params('b'), response: new Response('{}') });
    expect(store.getState().inFlight).toBe(0);
  });

  it('stops counting a request after 300000 ms, whatever becomes of it', async () => {
    const { middleware, store } = createRequestActivity();

    await middleware.onRequest?.(params('slow'));
    vi.advanceTimersByTime(LOADING_INDICATOR_MAX_MS - 1);
    expect(store.getState().inFlight).toBe(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().inFlight).toBe(0);
    expect(LOADING_INDICATOR_MAX_MS).toBe(300_000);
  });
});

describe('showsLoadingIndicator', () => {
  it.each([
    [1, '/login/home', true],
    [3, '/x/employment', true],
    [0, '/login/home', false],
    [1, '/loan/purpose', false],
    [2, '/loan/confirm-email', false],
    [1, '/loanDashboard/main', true],
  ])('%i in flight on %s: %s', (inFlight, pathname, shows) => {
    expect(showsLoadingIndicator(inFlight, pathname)).toBe(shows);
  });
});
