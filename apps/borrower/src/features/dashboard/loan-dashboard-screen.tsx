import type { components } from '@lender/api-client';
import { formatDate, formatPence } from '@lender/ui/format';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { loanSummaryQuery } from '../../api/approval';
import { rememberLoan } from '../../lib/auth-session';
import { useServerData } from '../../api/query-client';
import { LoadFailed, Loading } from '../../components/load-state';
import { SummaryList } from '../../components/summary-list';

type LoanSummary = components['schemas']['LoanSummary'];

/** The loan's figures as a summary list, in the order a borrower looks for them. */
export function summaryRows(loan: LoanSummary): [string, string][] {
  const rows: [string, string][] = [['Balance', formatPence(loan.balancePence)]];
  if (loan.nextPayment !== undefined) {
    rows.push(['Next payment', `${formatPence(loan.nextPayment.amountPence)} on ${formatDate(loan.nextPayment.dueDate)}`]);
  }
  rows.push(
    ['APR', `${loan.aprPercent}%`],
    ['Monthly instalment', formatPence(loan.monthlyInstalmentPence)],
    ['Amount borrowed', formatPence(loan.amountPence)],
    ['Payments made', `${String(loan.instalmentsPaid)} of ${String(loan.instalmentsPaid + loan.instalmentsRemaining)}`],
  );
  if (loan.finalDueDate !== undefined) rows.push(['Final payment due', formatDate(loan.finalDueDate)]);
  return rows;
}

/** /loanDashboard/main: the borrower's loan as the lending core computes it today (loanAction/loanSummary). */
export function LoanDashboardScreen() {
  const { result, retry } = useServerData(loanSummaryQuery);
  const loanShown = result.state === 'ready';
  useEffect(() => {
    // A loan paid out in this session: the header's "Your loan" and the guards' "after payout" know it from now on.
    if (loanShown) rememberLoan();
  }, [loanShown]);
  return (
    <SignInPage title="Your loan">
      {result.state === 'loading' ? <Loading label="Loading your loan" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load your loan." onRetry={retry} /> : null}
      {result.state === 'ready' ? <Summary loan={result.value} /> : null}
    </SignInPage>
  );
}

function Summary({ loan }: { loan: LoanSummary }) {
  return (
    <>
      {loan.arrearsPence > 0 ? (
        <NoticeBanner title="You have missed a payment">
          <Typography>You are {formatPence(loan.arrearsPence)} behind with your repayments. Please contact us.</Typography>
        </NoticeBanner>
      ) : null}
      {loan.status === 'settled' ? <Typography sx={{ mb: 3 }}>You have repaid this loan in full.</Typography> : null}
      <SummaryList rows={summaryRows(loan)} />
    </>
  );
}
