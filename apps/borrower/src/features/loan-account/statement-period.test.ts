import { describe, expect, it } from 'vitest';
import { periodProblems, refusedDate } from './statement-period';

const bounds = { earliest: '2026-12-03', latest: '2027-03-10' };
const date = (day: string, month: string, year: string) => ({ day, month, year });
const all = ['day', 'month', 'year'];

describe('periodProblems', () => {
  it.each([
    { name: 'a period within the loan’s days', from: date('3', '12', '2026'), to: date('10', '3', '2027'), expected: {} },
    { name: 'one day', from: date('1', '1', '2027'), to: date('1', '1', '2027'), expected: {} },
    {
      name: 'nothing typed',
      from: date('', '', ''),
      to: date('', '', ''),
      expected: {
        from: { message: 'Enter the date the statement starts from', parts: all },
        to: { message: 'Enter the date the statement runs to', parts: all },
      },
    },
    {
      name: 'a part missing: the part',
      from: date('1', '', '2027'),
      to: date('1', '2', '2027'),
      expected: { from: { message: 'Enter the date the statement starts from as a real date, like 27 3 2026', parts: ['month'] } },
    },
    {
      name: 'no real date',
      from: date('1', '1', '2027'),
      to: date('30', '2', '2027'),
      expected: { to: { message: 'Enter the date the statement runs to as a real date, like 27 3 2026', parts: all } },
    },
    {
      name: 'before the loan was paid out',
      from: date('2', '12', '2026'),
      to: date('1', '1', '2027'),
      expected: { from: { message: 'The statement cannot start before 3rd Dec 2026', parts: all } },
    },
    {
      name: 'after today',
      from: date('1', '1', '2027'),
      to: date('11', '3', '2027'),
      expected: { to: { message: 'The statement cannot end after 10th Mar 2027', parts: all } },
    },
    {
      name: 'ending before it starts',
      from: date('1', '2', '2027'),
      to: date('31', '1', '2027'),
      expected: { to: { message: 'The date the statement runs to must be the same as or after the date it starts from', parts: all } },
    },
  ])('$name', ({ from, to, expected }) => {
    expect(periodProblems({ from, to }, bounds)).toEqual(expected);
  });
});

describe('refusedDate', () => {
  it.each([
    { name: 'a 100400 about the start', answer: { status: 400, errorCode: 100400, errorMessage: 'x', resultData: { field: 'from' } }, expected: 'from' },
    { name: 'a 100400 about the end', answer: { status: 400, errorCode: 100400, errorMessage: 'x', resultData: { field: 'to' } }, expected: 'to' },
    { name: 'a 100400 about something else', answer: { status: 400, errorCode: 100400, errorMessage: 'x', resultData: { field: 'loanId' } }, expected: undefined },
    { name: 'another refusal', answer: { status: 404, errorCode: 100404, errorMessage: 'x' }, expected: undefined },
  ])('$name', ({ answer, expected }) => {
    expect(refusedDate(answer as never)).toBe(expected);
  });
});
