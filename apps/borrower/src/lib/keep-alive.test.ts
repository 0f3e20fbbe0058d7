import { unsignedToken } from '@lender/api-client/testing';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_THROTTLE_MS, createKeepAlive, RENEW_WITHIN_MS } from './keep-alive';

const START = Date.UTC(2026, 10, 21, 9, 0, 0);

function harness(expiresInMs: number | null) {
  const clock = { now: START };
  const sent: number[] = [];
  const token = expiresInMs === null ? null : unsignedToken({ exp: (START + expiresInMs) / 1000 });
  const onActivity = createKeepAlive({
    readToken: () => token,
    now: () => clock.now,
    send: () => {
      sent.push(clock.now);
      return Promise.resolve();
    },
  });
  return { clock, sent, onActivity };
}

describe('keeping an active session alive', () => {
  it('renews on activity once the token is within the renewal window', async () => {
    const h = harness(RENEW_WITHIN_MS - 1000);
    await h.onActivity();
    expect(h.sent).toEqual([START]);
  });

  it('sends nothing while the token has longer to live', () => {
    const h = harness(RENEW_WITHIN_MS + 60_000);
    expect(h.onActivity()).toBeUndefined();
    expect(h.sent).toEqual([]);
  });

  it('sends nothing without a session or with a token that has already expired', () => {
    const none = harness(null);
    expect(none.onActivity()).toBeUndefined();
    expect(none.sent).toEqual([]);
    const expired = harness(-1000);
    expect(expired.onActivity()).toBeUndefined();
    expect(expired.sent).toEqual([]);
  });

  it('looks at activity at most once per throttle interval', async () => {
    const h = harness(RENEW_WITHIN_MS - 1000);
    await h.onActivity();
    h.clock.now += ACTIVITY_THROTTLE_MS - 1;
    expect(h.onActivity()).toBeUndefined();
    expect(h.sent).toHaveLength(1);
    h.clock.now += 1;
    await h.onActivity();
    expect(h.sent).toHaveLength(2);
  });
});
