import { describe, expect, it } from 'vitest';
import { poundsToPence, validateIncomeChange } from './income-change';

describe('poundsToPence', () => {
  it('takes pounds as people type them', () => {
    expect(poundsToPence('34,000')).toBe(3_400_000);
    expect(poundsToPence(' £18,500.5 ')).toBe(1_850_050);
    expect(poundsToPence('0.99')).toBe(99);
  });

  it('refuses what is not an amount', () => {
    expect(poundsToPence('')).toBeUndefined();
    expect(poundsToPence('12.345')).toBeUndefined();
    expect(poundsToPence('-5')).toBeUndefined();
    expect(poundsToPence('ten')).toBeUndefined();
  });
});

describe('validateIncomeChange', () => {
  it('sends no details when no change is expected', () => {
    expect(validateIncomeChange({ expected: 'no', direction: 'increase', reason: 'new_job', newIncome: '1' })).toEqual({
      ok: true,
      body: { expected: false },
    });
  });

  it('names an income too large for the contract', () => {
    const checked = validateIncomeChange({ expected: 'yes', direction: 'increase', reason: 'new_job', newIncome: '10,000,001' });
    expect(checked).toEqual({
      ok: false,
      errors: [{ fieldId: 'newIncome', message: 'Enter your new yearly income as an amount in pounds, like 24,000' }],
    });
  });
});
