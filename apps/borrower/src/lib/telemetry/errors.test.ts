import { describe, expect, it } from 'vitest';
import { describeError, pageNameOf, scrub } from './errors';

describe('pageNameOf', () => {
  it('is the hash route without its query, so a magic-link token never becomes a page name', () => {
    expect(pageNameOf('#/login/emailMagicLink?token=s3cret')).toBe('/login/emailMagicLink');
    expect(pageNameOf('#/loan/purpose')).toBe('/loan/purpose');
    expect(pageNameOf('')).toBe('/');
  });
});

describe('scrub', () => {
  it('removes secret query values and e-mail addresses from error text', () => {
    expect(scrub('GET /#/login/emailMagicLink?token=abc123&x=1 failed')).toBe(
      'GET /#/login/emailMagicLink?token=[redacted]&x=1 failed',
    );
    expect(scrub('no account for ada@example.co.uk')).toBe('no account for [email]');
    expect(scrub('plain text stays')).toBe('plain text stays');
  });
});

describe('describeError', () => {
  it('gives the error text, info, component name, stack and page name', () => {
    const error = new Error('boom for ada@example.com');
    const report = describeError(error, { componentName: 'RouteErrorScreen', info: 'at Screen' }, '#/login/home');
    expect(report).toMatchObject({
      error: 'boom for [email]',
      info: 'at Screen',
      componentName: 'RouteErrorScreen',
      pageName: '/login/home',
    });
    expect(report.stack).toContain('boom for [email]');
    expect(report.stack).not.toContain('ada@example.com');
  });

  it('describes things thrown that are not errors', () => {
    expect(describeError('text', {}, '').error).toBe('text');
    expect(describeError({ status: 404, statusText: 'Not Found', data: null }, {}, '').error).toBe(
      'Route error response 404 Not Found',
    );
    expect(describeError({ code: 7 }, {}, '').error).toBe('{"code":7}');
    expect(describeError(undefined, {}, '').error).toBe('undefined');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeError(cyclic, {}, '').error).toBe('[object Object]');
    expect(describeError(new Error('x'.repeat(3_000)), {}, '').error).toHaveLength(2_000);
  });
});
