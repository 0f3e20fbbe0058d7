import { DataTable } from '@lender/ui/components/data-table';
import type { DataColumn } from '@lender/ui/components/data-table';
import { formatDate, formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Component, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { loanMenuQuery, scheduleQuery, statementPeriodsQuery, transactionsQuery } from '../../api/loan';
import type { LoanSummary } from '../../api/loan';
import { bothLoaded, useServerData } from '../../api/query-client';
import { Loading, LoadView } from '../../components/load-state';
import { LoanScreen } from '../../components/loan-screen';
import { NoticeBanner } from '../../components/notice-banner';
import { PdfViewLink } from '../../components/pdf-view-link';
import { SummaryList } from '../../components/summary-list';
import { rememberLoan } from '../../lib/auth-session';
import { useChosenLoanStore } from '../../lib/chosen-loan';
import { loanName, loanStatusWords } from '../../lib/loan-account';
import { paths } from '../../lib/paths';
import { balanceHistory } from './balance-history';
import type { BalancePoint } from './balance-history';
import { bannerLink, loanBanners } from './loan-banners';

// The chart library is loaded only here, and only when a chart is drawn: its own chunk.
const BalanceChart = lazy(() => import('./balance-chart').then((module) => ({ default: module.BalanceChart })));

/** Whether this browser can draw on a canvas; one that cannot (or a test's DOM) loads no chart, and has the table. */
function canDraw(): boolean {
  return document.createElement('canvas').getContext('2d') !== null;
}

/** An amount on a day, as the dashboard writes a payment. */
function onDay(payment: { amountPence: number; dueDate: string }): string {
  return `${formatPence(payment.amountPence)} on ${formatDate(payment.dueDate)}`;
}

/** The loan's figures as a summary list, in the order a borrower looks for them. */
export function summaryRows(loan: LoanSummary): [string, string][] {
  const rows: [string, string][] = [['Balance', formatPence(loan.balancePence)]];
  if (loan.nextPayment !== undefined) rows.push(['Next payment', onDay(loan.nextPayment)]);
  rows.push(
    ['APR', `${loan.aprPercent}%`],
    ['Monthly instalment', formatPence(loan.monthlyInstalmentPence)],
    ['Amount borrowed', formatPence(loan.amountPence)],
    ['Instalments paid', String(loan.instalmentsPaid)],
    ['Instalments left', String(loan.instalmentsRemaining)],
  );
  if (loan.totalPayablePence !== undefined) rows.push(['Total payable', formatPence(loan.totalPayablePence)]);
  if (loan.finalPayment !== undefined) rows.push(['Final payment', onDay(loan.finalPayment)]);
  else if (loan.finalDueDate !== undefined) rows.push(['Final payment due', formatDate(loan.finalDueDate)]);
  return rows;
}

/**
 * /loanDashboard/main: every loan the borrower has, newest first, each with a way to choose it when there are
 * several; then the chosen loan as the lending core computes it today: what the borrower should know first
 * (arrears, a payment holiday, an arrangement, each with its way on), its figures, where to go next, and its
 * balance over time, paid against scheduled, as a chart and as a table. A repaid loan says so, with its closing
 * statement. The guard has sent an applicant without a loan on to their application.
 */
export function LoanDashboardScreen() {
  return (
    <LoanScreen title="Your loan" namesLoan={false}>
      {(loan, loans) => <Dashboard loan={loan} loans={loans} />}
    </LoanScreen>
  );
}

function Dashboard({ loan, loans }: { loan: LoanSummary; loans: readonly LoanSummary[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosenHere, setChosenHere] = useState(false);
  useEffect(() => {
    // A loan paid out in this session: the header's "Your loan" and the guards' "after payout" know it from now on.
    rememberLoan();
  }, []);
  useEffect(() => {
    // Choosing a loan moves to it, so a keyboard or screen reader user is not left at the list.
    if (chosenHere) heading.current?.focus();
  }, [chosenHere, loan.loanId]);

  return (
    <>
      {loans.length > 1 ? (
        <LoanList
          loans={loans}
          shown={loan}
          onChosen={() => {
            setChosenHere(true);
          }}
        />
      ) : null}
      <Banners loan={loan} />
      <Typography ref={heading} tabIndex={-1} component="h2" variant="h5" sx={{ mb: 2, outline: 'none' }}>
        {loanName(loan)}
      </Typography>
      {loan.status === 'settled' ? <Repaid loan={loan} /> : null}
      <SummaryList rows={summaryRows(loan)} />
      <Box component="ul" sx={{ pl: 3, mb: 4, '& li': { mb: 1 } }}>
        <li>
          <Link component={RouterLink} to={paths.loanAccount.manageMyLoan}>
            Manage your loan
          </Link>
        </li>
        <li>
          <Link component={RouterLink} to={paths.loanAccount.userMenu}>
            Your account
          </Link>
        </li>
        <li>
          <Link component={RouterLink} to={paths.profile.notifications}>
            Your messages
          </Link>
        </li>
        <li>
          <Link component={RouterLink} to={paths.profile.hub}>
            Your profile
          </Link>
        </li>
      </Box>
      <BalanceOverTime key={loan.loanId} loanId={loan.loanId} />
    </>
  );
}

/** Every loan, newest first: which it is, its state and balance, and a way to show it below. */
function LoanList({ loans, shown, onChosen }: { loans: readonly LoanSummary[]; shown: LoanSummary; onChosen: () => void }) {
  const choose = useChosenLoanStore((state) => state.choose);
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 4 }}>
      <Typography id={titleId} component="h2" variant="h5" sx={{ mb: 2 }}>
        Your loans
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {loans.map((loan) => {
          const name = loanName(loan);
          return (
            <Box component="li" key={loan.loanId} sx={{ border: 1, borderColor: 'divider', p: 2, mb: 2 }}>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                {name}
              </Typography>
              <SummaryList
                rows={[
                  ['Status', loanStatusWords(loan)],
                  ['Balance', formatPence(loan.balancePence)],
                ]}
              />
              {loan.loanId === shown.loanId ? (
                <Typography sx={{ fontWeight: 700 }}>Shown below</Typography>
              ) : (
                <Button
                  variant="outlined"
                  // The visible words first in the name (WCAG 2.5.3), then which loan, as every card has this button.
                  aria-label={`Show this loan: ${name}`}
                  onClick={() => {
                    choose(loan.loanId);
                    onChosen();
                  }}
                >
                  Show this loan
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * The loan's banners, each with a link to its action: the action's screen while manageMyLoanMenu has it open, else
 * where the borrower can still act (see loan-banners.ts). The menu is read only when there is a banner.
 */
function Banners({ loan }: { loan: LoanSummary }) {
  const banners = loanBanners(loan);
  const { result } = useServerData({
    ...loanMenuQuery('/loanAction/manageMyLoanMenu', loan.loanId),
    enabled: banners.length > 0,
  });
  const menu = result.state === 'ready' ? result.value : undefined;
  return banners.map((banner) => {
    const link = bannerLink(banner, menu);
    return (
      <NoticeBanner key={banner.kind} title={banner.title} tone={banner.tone}>
        <Typography sx={{ mb: 1 }}>{banner.text}</Typography>
        <Link component={RouterLink} to={link.to}>
          {link.text}
        </Link>
      </NoticeBanner>
    );
  });
}

/** A repaid loan: when, and its closing statement. */
function Repaid({ loan }: { loan: LoanSummary }) {
  const { result, retry } = useServerData(statementPeriodsQuery(loan.loanId));
  const on = formatDate(loan.settledOn);
  return (
    <NoticeBanner title="You have repaid this loan">
      <Typography sx={{ mb: 1 }}>You repaid this loan in full{on === '' ? '' : ` on ${on}`}.</Typography>
      <LoadView
        load={result}
        retry={retry}
        loadingLabel="Loading your closing statement"
        failedMessage="We could not load your closing statement."
      >
        {({ closingStatement }) =>
          closingStatement === undefined ? (
            <Typography>Your closing statement is not ready yet.</Typography>
          ) : (
            <PdfViewLink documentId={closingStatement.documentId}>View your closing statement</PdfViewLink>
          )
        }
      </LoadView>
    </NoticeBanner>
  );
}

const BALANCE_COLUMNS: readonly DataColumn<BalancePoint>[] = [
  { header: 'Due date', cell: (point) => formatDate(point.date) },
  { header: 'Scheduled balance', cell: (point) => formatPence(point.scheduledPence), numeric: true },
  {
    header: 'Your balance',
    cell: (point) => (point.actualPence === null ? 'Not yet' : formatPence(point.actualPence)),
    numeric: true,
  },
];

/**
 * The balance at each due date, as the schedule planned it and as it stood, from the schedule and the
 * transactions: a chart (hidden from screen readers) and the same figures as a table, which screen readers always
 * read and anyone can show.
 */
function BalanceOverTime({ loanId }: { loanId: string }) {
  const schedule = useServerData(scheduleQuery(loanId));
  const transactions = useServerData(transactionsQuery(loanId));
  const [tableShown, setTableShown] = useState(false);
  const [drawable] = useState(canDraw);
  const titleId = useId();
  const tableId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h5" sx={{ mb: 2 }}>
        Your balance over time
      </Typography>
      <LoadView
        load={bothLoaded(schedule.result, transactions.result)}
        retry={() => {
          schedule.retry();
          transactions.retry();
        }}
        loadingLabel="Loading your balance over time"
        failedMessage="We could not load your balance over time."
      >
        {([instalments, postings]) => {
          const points = balanceHistory(instalments, postings);
          if (points.length === 0) return <Typography>There is nothing to show yet.</Typography>;
          return (
            <>
              <Typography sx={{ mb: 2 }}>
                The dashed line is the balance your repayment schedule planned at each due date; the solid line is
                your balance as it stood.
              </Typography>
              <Box aria-hidden sx={{ mb: 2 }}>
                {drawable ? (
                  <ChartBoundary>
                    <Suspense fallback={<Loading label="Drawing the chart" />}>
                      <BalanceChart points={points} />
                    </Suspense>
                  </ChartBoundary>
                ) : (
                  <Typography>This browser cannot draw the chart. The figures are in the table below.</Typography>
                )}
              </Box>
              <Button
                variant="outlined"
                aria-expanded={tableShown}
                aria-controls={tableId}
                sx={{ mb: 2 }}
                onClick={() => {
                  setTableShown((shown) => !shown);
                }}
              >
                {tableShown ? 'Hide the figures' : 'Show the figures as a table'}
              </Button>
              <Box id={tableId}>
                <DataTable
                  caption="Your balance at each due date"
                  columns={BALANCE_COLUMNS}
                  rows={points}
                  rowKey={(point) => point.date}
                  visuallyHidden={!tableShown}
                />
              </Box>
            </>
          );
        }}
      </LoadView>
    </Box>
  );
}

/** What shows instead of the chart when its code cannot be loaded: the table still has the figures. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <Typography>We could not draw the chart. The figures are in the table below.</Typography>
    ) : (
      this.props.children
    );
  }
}
