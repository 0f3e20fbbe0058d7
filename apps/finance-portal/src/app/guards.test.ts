import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './guards';

describe('safeReturnTo', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/new-loan', '/new-loan'],
    ['/loans/LN-1234', '/loans/LN-1234'],
    ['/loans/LN-1234?tab=payments', '/loans/LN-1234?tab=payments'],
    ['/dashboard#x', '/dashboard'],
  ])('lets a signed-in user go back to %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'dashboard',
    '//evil.example/dashboard',
    '/\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/login',
    '/login?returnTo=/login',
    '/',
    '/client/LN-1234',
    '/no/such/page',
    '/loans',
  ])('ignores %j', (value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });
});
