import type { DataColumn } from '@lender/ui/components/data-table';
import { formatDate, formatPence } from '@lender/ui/format';
import type { LoanTransaction } from '../../api/loan';

/**
 * The columns of a list of postings, on the transactions screen and in a statement: the day, what it was, its
 * amount (a payment is minus: it pays down what is owed) and the balance after it, each to the penny.
 */
export const TRANSACTION_COLUMNS: readonly DataColumn<LoanTransaction>[] = [
  { header: 'Date', cell: (posting) => formatDate(posting.date) },
  { header: 'Description', cell: (posting) => posting.description },
  { header: 'Amount', cell: (posting) => formatPence(posting.amountPence), numeric: true },
  { header: 'Balance after', cell: (posting) => formatPence(posting.balancePence), numeric: true },
];

/** Says how to read the Amount column. */
export const AMOUNT_HINT = 'A payment shows as a minus amount. Interest and fees add to what you owe.';
