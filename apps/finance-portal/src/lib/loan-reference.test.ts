import { describe, expect, it } from 'vitest';
import { isLoanReference } from './loan-reference';

describe('isLoanReference', () => {
  it.each(['LN-1234', 'LN-000000000001', 'LN-20260115'])('accepts %s', (value) => {
    expect(isLoanReference(value)).toBe(true);
  });

  it.each([
    undefined,
    null,
    '',
    'LN-123',
    'LN-1234567890123',
    'ln-1234',
    'LN1234',
    'LN-12a4',
    ' LN-1234',
    'LN-1234 ',
    'LN-1234\n',
    'LN-１２３４',
    '../LN-1234',
    '<script>',
  ])('rejects %j', (value) => {
    expect(isLoanReference(value)).toBe(false);
  });
});
