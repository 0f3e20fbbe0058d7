import { describe, expect, it } from 'vitest';
import type { LoanTransaction, ScheduledInstalment } from '../../api/loan';
import { balanceHistory } from './balance-history';

function instalment(number: number, dueDate: string, balancePence: number): ScheduledInstalment {
  return { number, dueDate, amountPence: 16_000, paidPence: 0, balancePence, status: 'upcoming' };
}

function posting(id: string, date: string, amountPence: number, balancePence: number): LoanTransaction {
  return { id, date, type: amountPence < 0 ? 'repayment' : 'interest', description: id, amountPence, balancePence };
}

const schedule = [
  instalment(1, '2026-02-03', 300_000),
  instalment(2, '2026-03-03', 200_000),
  instalment(3, '2026-04-03', 100_000),
];

describe('balanceHistory', () => {
  // Transactions as the BFF lists them: newest first.
  it.each([
    {
      name: 'paid as planned: each due date’s balance is the one after that day’s last posting',
      transactions: [
        posting('r2', '2026-03-03', -102_000, 200_000),
        posting('i2', '2026-03-03', 2_000, 302_000),
        posting('r1', '2026-02-03', -104_000, 300_000),
        posting('i1', '2026-02-03', 4_000, 404_000),
        posting('d', '2026-01-03', 400_000, 400_000),
      ],
      expected: [
        { date: '2026-02-03', scheduledPence: 300_000, actualPence: 300_000 },
        { date: '2026-03-03', scheduledPence: 200_000, actualPence: 200_000 },
        { date: '2026-04-03', scheduledPence: 100_000, actualPence: null },
      ],
    },
    {
      name: 'a missed payment: interest posted on the due date is the last posting, so the balance shows it',
      transactions: [
        posting('i2', '2026-03-03', 3_000, 307_000),
        posting('r1', '2026-02-03', -100_000, 304_000),
        posting('i1', '2026-02-03', 4_000, 404_000),
        posting('d', '2026-01-03', 400_000, 400_000),
      ],
      expected: [
        { date: '2026-02-03', scheduledPence: 300_000, actualPence: 304_000 },
        { date: '2026-03-03', scheduledPence: 200_000, actualPence: 307_000 },
        { date: '2026-04-03', scheduledPence: 100_000, actualPence: null },
      ],
    },
    {
      name: 'a due date after the latest posting is still to come, though a payment was made since the last one',
      transactions: [
        posting('extra', '2026-02-20', -50_000, 250_000),
        posting('r1', '2026-02-03', -104_000, 300_000),
        posting('i1', '2026-02-03', 4_000, 404_000),
        posting('d', '2026-01-03', 400_000, 400_000),
      ],
      expected: [
        { date: '2026-02-03', scheduledPence: 300_000, actualPence: 300_000 },
        { date: '2026-03-03', scheduledPence: 200_000, actualPence: null },
        { date: '2026-04-03', scheduledPence: 100_000, actualPence: null },
      ],
    },
    {
      name: 'settled early: nothing is drawn after the settlement, the last posting',
      transactions: [
        posting('s', '2026-02-10', -300_500, 0),
        posting('r1', '2026-02-03', -104_000, 300_000),
        posting('i1', '2026-02-03', 4_000, 404_000),
        posting('d', '2026-01-03', 400_000, 400_000),
      ],
      expected: [
        { date: '2026-02-03', scheduledPence: 300_000, actualPence: 300_000 },
        { date: '2026-03-03', scheduledPence: 200_000, actualPence: null },
        { date: '2026-04-03', scheduledPence: 100_000, actualPence: null },
      ],
    },
    {
      name: 'no postings yet: only the plan',
      transactions: [],
      expected: [
        { date: '2026-02-03', scheduledPence: 300_000, actualPence: null },
        { date: '2026-03-03', scheduledPence: 200_000, actualPence: null },
        { date: '2026-04-03', scheduledPence: 100_000, actualPence: null },
      ],
    },
  ])('$name', ({ transactions, expected }) => {
    expect(balanceHistory(schedule, transactions)).toEqual(expected);
  });

  it('puts the instalments in the order they fall due, whatever order they came in', () => {
    const shuffled = [schedule[2], schedule[0], schedule[1]].filter((row) => row !== undefined);
    expect(balanceHistory(shuffled, []).map((point) => point.date)).toEqual(['2026-02-03', '2026-03-03', '2026-04-03']);
  });

  it('has no points for a loan without a schedule', () => {
    expect(balanceHistory([], [posting('d', '2026-01-03', 400_000, 400_000)])).toEqual([]);
  });
});
