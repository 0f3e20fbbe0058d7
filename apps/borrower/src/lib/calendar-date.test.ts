import { describe, expect, it } from 'vitest';
import { isoDateOf } from './calendar-date';

describe('isoDateOf', () => {
  it.each([
    { typed: { day: '27', month: '3', year: '2026' }, expected: '2026-03-27' },
    { typed: { day: ' 1 ', month: '01', year: '2026' }, expected: '2026-01-01' },
    { typed: { day: '29', month: '2', year: '2028' }, expected: '2028-02-29' },
    { typed: { day: '29', month: '2', year: '2027' }, expected: undefined },
    { typed: { day: '31', month: '4', year: '2026' }, expected: undefined },
    { typed: { day: '0', month: '4', year: '2026' }, expected: undefined },
    { typed: { day: '1', month: '13', year: '2026' }, expected: undefined },
    { typed: { day: '1', month: '1', year: '26' }, expected: undefined },
    { typed: { day: '1', month: '1', year: '1899' }, expected: undefined },
    { typed: { day: 'one', month: '1', year: '2026' }, expected: undefined },
    { typed: { day: '', month: '1', year: '2026' }, expected: undefined },
  ])('$typed.day/$typed.month/$typed.year is $expected', ({ typed, expected }) => {
    expect(isoDateOf(typed)).toBe(expected);
  });
});
