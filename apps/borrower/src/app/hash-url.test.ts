import { describe, expect, it, vi } from 'vitest';
import { hashUrlFor, rewritePathToHash } from './hash-url';

describe('hashUrlFor', () => {
  it.each([
    ['/loan/purpose', '', '/', '/#/loan/purpose'],
    ['/loan/submit', '?from=render', '/', '/#/loan/submit?from=render'],
    ['/login/home/', '', '/', '/#/login/home/'],
    ['/finance-portal/login', '?a=1&b=2', '/finance-portal/', '/finance-portal/#/login?a=1&b=2'],
  ])('%s%s under %s becomes %s', (pathname, search, base, url) => {
    expect(hashUrlFor({ pathname, search }, base)).toBe(url);
  });

  it.each([
    ['the root', '/', '', '/'],
    ['the root with a query', '/', '?utm_source=mail', '/'],
    ['index.html', '/index.html', '', '/'],
    ['a path outside the base', '/other/app', '', '/finance-portal/'],
  ])('leaves %s alone', (_case, pathname, search, base) => {
    expect(hashUrlFor({ pathname, search }, base)).toBeUndefined();
  });
});

describe('rewritePathToHash', () => {
  it('replaces the address without a new history entry', () => {
    const history = { state: { kept: true }, replaceState: vi.fn() };

    expect(rewritePathToHash({ pathname: '/loan/purpose', search: '?x=1' }, history, '/')).toBe(true);

    expect(history.replaceState).toHaveBeenCalledWith({ kept: true }, '', '/#/loan/purpose?x=1');
  });

  it('does nothing at the root', () => {
    const history = { state: null, replaceState: vi.fn() };

    expect(rewritePathToHash({ pathname: '/', search: '' }, history, '/')).toBe(false);
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
