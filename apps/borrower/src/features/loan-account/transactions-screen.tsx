import { DataTable } from '@lender/ui/components/data-table';
import Typography from '@mui/material/Typography';
import { transactionsQuery } from '../../api/loan';
import { LoanDataScreen } from '../../components/loan-screen';
import { paths } from '../../lib/paths';
import { AMOUNT_HINT, TRANSACTION_COLUMNS } from './transaction-columns';

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
