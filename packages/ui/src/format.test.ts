import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatPence, formatWholePounds, maskPhone, ordinal } from './format';

describe('formatWholePounds', () => {
  it.each([
    [100000, '£1,000'],
    [2500000, '£25,000'],
    [750000, '£7,500'],
    [0, '£0'],
    [-100000, '-£1,000'],
  ])('writes %d pence without pence: %s', (pence, written) => {
    expect(formatWholePounds(pence)).toBe(written);
  });

  it.each([
    [123456, '£1,234.56'],
    [100050, '£1,000.50'],
    [5, '£0.05'],
  ])('keeps the pence of %d pence: %s', (pence, written) => {
    expect(formatWholePounds(pence)).toBe(written);
  });
});

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [50, '£0.50'],
    [99, '£0.99'],
    [100, '£1.00'],
    [123456, '£1,234.56'],
    [100000, '£1,000.00'],
    [99999, '£999.99'],
    [123456789, '£1,234,567.89'],
    [100000000000, '£1,000,000,000.00'],
    [Number.MAX_SAFE_INTEGER, '£90,071,992,547,409.91'],
  ])('writes %d pence as %s', (pence, written) => {
    expect(formatPence(pence)).toBe(written);
  });

  it.each([
    [-5, '-£0.05'],
    [-250, '-£2.50'],
    [-123456, '-£1,234.56'],
    [-123456789, '-£1,234,567.89'],
  ])('puts the minus sign before the pound sign: %d pence is %s', (pence, written) => {
    expect(formatPence(pence)).toBe(written);
  });

  it.each([
    [0.4, '£0.00'],
    [0.5, '£0.01'],
    [1.5, '£0.02'],
    [2.5, '£0.03'],
    [123455.5, '£1,234.56'],
    [-0.5, '-£0.01'],
    [-2.5, '-£0.03'],
  ])('rounds a fraction of a penny to the nearest penny, halves away from zero: %d is %s', (pence, written) => {
    expect(formatPence(pence)).toBe(written);
  });

  it('never writes a negative zero', () => {
    expect(formatPence(-0)).toBe('£0.00');
    expect(formatPence(-0.4)).toBe('£0.00');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])(
    'refuses %d, for which no digit would be trustworthy',
    (pence) => {
      expect(() => formatPence(pence)).toThrow(RangeError);
    },
  );
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
    [101, '101st'],
    [111, '111th'],
    [112, '112th'],
  ])('writes %d as %s', (day, written) => {
    expect(ordinal(day)).toBe(written);
  });
});

describe('formatDate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['2026-03-01', '1st Mar 2026'],
    ['2026-03-02', '2nd Mar 2026'],
    ['2026-03-03', '3rd Mar 2026'],
    ['2026-03-04', '4th Mar 2026'],
    ['2026-03-11', '11th Mar 2026'],
    ['2026-03-12', '12th Mar 2026'],
    ['2026-03-13', '13th Mar 2026'],
    ['2026-03-21', '21st Mar 2026'],
    ['2026-03-22', '22nd Mar 2026'],
    ['2026-03-23', '23rd Mar 2026'],
    ['2026-03-31', '31st Mar 2026'],
    ['2026-01-15', '15th Jan 2026'],
    ['2026-09-30', '30th Sep 2026'],
    ['2026-12-25', '25th Dec 2026'],
    ['2024-02-29', '29th Feb 2024'],
    ['2000-02-29', '29th Feb 2000'],
  ])('writes %s as %s', (iso, written) => {
    expect(formatDate(iso)).toBe(written);
  });

  it('writes every month with its three-letter name', () => {
    const months = Array.from({ length: 12 }, (_, index) =>
      formatDate(`2026-${String(index + 1).padStart(2, '0')}-01`).split(' ')[1],
    );

    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it('reads an ISO date as that calendar day whatever the time zone', () => {
    for (const zone of ['America/Los_Angeles', 'Pacific/Pago_Pago', 'Pacific/Kiritimati', 'Europe/London']) {
      vi.stubEnv('TZ', zone);
      expect(formatDate('2026-03-01')).toBe('1st Mar 2026');
      expect(formatDate('2026-12-31')).toBe('31st Dec 2026');
    }
    // The zone took effect: west of Greenwich, reading the string with Date would have given the day before.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(new Date('2026-03-01').getDate()).toBe(28);
  });

  it('writes a Date as the day it falls on in the browser’s time zone', () => {
    expect(formatDate(new Date(2026, 2, 1))).toBe('1st Mar 2026');
    expect(formatDate(new Date(2026, 2, 1, 23, 59, 59))).toBe('1st Mar 2026');
    expect(formatDate(new Date(2026, 11, 31, 0, 0, 0))).toBe('31st Dec 2026');
  });

  it.each([
    ['', 'an empty string'],
    ['2026-02-29', 'the 29th of February outside a leap year'],
    ['1900-02-29', 'the 29th of February of a century that is not a leap year'],
    ['2026-02-30', 'a day February never has'],
    ['2026-04-31', 'the 31st of a 30-day month'],
    ['2026-13-01', 'a thirteenth month'],
    ['2026-00-10', 'month zero'],
    ['2026-03-00', 'day zero'],
    ['2026-3-1', 'a date without leading zeros'],
    ['01/03/2026', 'a UK-style date'],
    ['2026-03-01T10:00:00Z', 'a date-time, whose day depends on a time zone'],
    [' 2026-03-01', 'a date with a leading space'],
    ['not a date', 'text'],
  ])('gives the empty string for %j (%s)', (value) => {
    expect(formatDate(value)).toBe('');
  });

  it('gives the empty string for an invalid Date and for no date', () => {
    expect(formatDate(new Date('nonsense'))).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
});

describe('maskPhone', () => {
  it.each([
    ['07700900123', '077****0123'],
    ['07700 900123', '077****0123'],
    ['07700 900 123', '077****0123'],
    ['0770-090-0123', '077****0123'],
    ['(07700) 900123', '077****0123'],
    ['  07700900123  ', '077****0123'],
    ['+447700900123', '077****0123'],
    ['+44 7700 900123', '077****0123'],
    ['+44 (0)7700 900123', '077****0123'],
    ['+4407700900123', '077****0123'],
    ['00447700900123', '077****0123'],
    ['0044 7700 900123', '077****0123'],
    ['02079460018', '020****0018'],
  ])('masks the middle four digits of the UK number %j as %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('shows one UK number the same way whichever form it is written in', () => {
    const forms = ['07700900123', '+44 7700 900123', '0044 7700 900123', '+44 (0)7700-900-123'];

    expect(new Set(forms.map(maskPhone))).toEqual(new Set(['077****0123']));
  });

  it.each([
    ['+353 87 123 4567', '+3538****4567'],
    ['+1 415 555 0132', '+141****0132'],
    ['12345678', '****5678'],
    ['+123456789012345', '+1234567****2345'],
  ])('masks the four digits before the last four of any other number: %j is %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['', 'nothing'],
    ['   ', 'only spaces'],
    ['1234567', 'seven digits'],
    ['+44 123', 'a short international number'],
    ['1234567890123456', 'sixteen digits'],
    ['07700 90012a', 'a letter'],
    ['07700+900123', 'a plus sign that does not lead'],
    ['++447700900123', 'two plus signs'],
    ['0770090012#', 'a hash'],
    ['tel:07700900123', 'a tel: prefix'],
  ])('gives the empty string for %j (%s), never the number unmasked', (phone) => {
    expect(maskPhone(phone)).toBe('');
  });

  it('gives the empty string for no number', () => {
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
