import { DataTable } from '@lender/ui/components/data-table';
import type { DataColumn } from '@lender/ui/components/data-table';
import { formatDate, formatPence } from '@lender/ui/format';
import Typography from '@mui/material/Typography';
import { scheduleQuery, transactionsQuery } from '../../api/loan';
import type { ScheduledInstalment } from '../../api/loan';
import { LoanDataScreen } from '../../components/loan-screen';
import { paths } from '../../lib/paths';
import { AMOUNT_HINT, TRANSACTION_COLUMNS } from './transaction-columns';

const STATUS_WORDS: Readonly<Record<ScheduledInstalment['status'], string>> = {
  paid: 'Paid',
  part_paid: 'Part paid',
  overdue: 'Overdue',
  due: 'Due',
  upcoming: 'To come',
  deferred: 'Payment holiday',
};

const COLUMNS: readonly DataColumn<ScheduledInstalment>[] = [
  { header: 'Due date', cell: (instalment) => formatDate(instalment.dueDate) },
  { header: 'Amount', cell: (instalment) => formatPence(instalment.amountPence), numeric: true },
  { header: 'Paid', cell: (instalment) => formatPence(instalment.paidPence), numeric: true },
  { header: 'Status', cell: (instalment) => STATUS_WORDS[instalment.status] },
];

/** /loan-schedule: every instalment of the chosen loan, paid and to come, from the lending core, to the penny. */
export function ScheduleScreen() {
  return (
    <LoanDataScreen
      title="Your repayment schedule"
      backTo={paths.loanAccount.manageMyLoan}
      read={scheduleQuery}
      loadingLabel="Loading your schedule"
      failedMessage="We could not load your schedule."
    >
      {(instalments) =>
        instalments.length === 0 ? (
          <Typography>There are no instalments on this loan.</Typography>
        ) : (
          <DataTable
            caption={`Your ${String(instalments.length)} instalments`}
            columns={COLUMNS}
            rows={instalments}
            rowKey={(instalment) => String(instalment.number)}
          />
        )
      }
    </LoanDataScreen>
  );
}

/** /loan-transactions: every posting on the chosen loan, newest first, with the balance after it, to the penny. */
export function TransactionsScreen() {
  return (
    <LoanDataScreen
      title="Your transactions"
      backTo={paths.loanAccount.manageMyLoan}
      read={transactionsQuery}
      loadingLabel="Loading your transactions"
      failedMessage="We could not load your transactions."
    >
      {(transactions) =>
        transactions.length === 0 ? (
          <Typography>There are no transactions on this loan yet.</Typography>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{AMOUNT_HINT}</Typography>
            <DataTable
              caption="Every transaction, newest first"
              columns={TRANSACTION_COLUMNS}
              rows={transactions}
              rowKey={(transaction) => transaction.id}
            />
          </>
        )
      }
    </LoanDataScreen>
  );
}
