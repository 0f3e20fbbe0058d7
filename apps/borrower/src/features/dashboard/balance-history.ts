import type { LoanTransaction, ScheduledInstalment } from '../../api/loan';

/** The loan's balance at one of its due dates: as the schedule planned it, and as it really stood. */
export interface BalancePoint {
  /** The due date (ISO). */
  date: string;
  /** The principal the schedule planned to be outstanding after this instalment. */
  scheduledPence: number;
  /**
   * The balance after the last posting on or before the date; null for a date after the latest posting (it has
   * not come yet, so there is nothing to compare).
   */
  actualPence: number | null;
}

/**
 * The figures of the balance chart, and of the table that says the same: one point per instalment, in the order
 * they fall due. Scheduled is the schedule's `balancePence`; actual is the transactions' balance after the last
 * posting on or before the due date. The transactions come newest first, so of two postings on one day the first
 * listed is the later.
 */
export function balanceHistory(
  instalments: readonly ScheduledInstalment[],
  transactions: readonly LoanTransaction[],
): BalancePoint[] {
  const latestPosting = transactions.reduce<string | undefined>(
    (latest, posting) => (latest === undefined || posting.date > latest ? posting.date : latest),
    undefined,
  );
  return [...instalments]
    .sort((a, b) => a.number - b.number)
    .map((instalment) => {
      const date = instalment.dueDate;
      let last: LoanTransaction | undefined;
      if (latestPosting !== undefined && date <= latestPosting) {
        for (const posting of transactions) {
          if (posting.date <= date && (last === undefined || posting.date > last.date)) last = posting;
        }
      }
      return { date, scheduledPence: instalment.balancePence, actualPence: last?.balancePence ?? null };
    });
}
