import { DataTable } from '@lender/ui/components/data-table';
import { formatDate, formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { annualStatementQuery, periodStatementQuery, statementPeriodsQuery } from '../../api/loan';
import type { LoanStatement, StatementAnswer, StatementPeriods } from '../../api/loan';
import { fetchFreshServerData, useServerData } from '../../api/query-client';
import type { DatePart } from '../../components/date-input';
import { LoadView } from '../../components/load-state';
import { LoanDataScreen } from '../../components/loan-screen';
import { PdfViewLink } from '../../components/pdf-view-link';
import { DateAnswer, QuestionPage, RefusedAnswers } from '../../components/question';
import { SummaryList } from '../../components/summary-list';
import { isoDateOf } from '../../lib/calendar-date';
import { paths } from '../../lib/paths';
import { periodProblems, refusedDate } from './statement-period';
import type { PeriodBounds, PeriodText } from './statement-period';
import { AMOUNT_HINT, TRANSACTION_COLUMNS } from './transaction-columns';

const PARTS: readonly DatePart[] = ['day', 'month', 'year'];
const EMPTY = { day: '', month: '', year: '' };

/**
 * /loan-statements: the statements of the chosen loan: its closing statement once it is repaid, a statement for
 * any period the borrower chooses with two GOV.UK date inputs, and the annual statements of its complete years.
 * Each shows its figures and opens its PDF in /pdf-view. A statement the BFF refuses says why in the page (the
 * statement calls resolve with the envelope, spec §8); a refused date shows by its field, as the page's own
 * checks do.
 */
export function StatementsScreen() {
  return (
    <LoanDataScreen
      title="Your statements"
      backTo={paths.loanAccount.manageMyLoan}
      read={statementPeriodsQuery}
      loadingLabel="Loading your statements"
      failedMessage="We could not load your statements."
    >
      {(periods, loan) => (
        <>
          {periods.closingStatement === undefined ? null : (
            <Section title="Your closing statement">
              <StatementFigures statement={periods.closingStatement} />
            </Section>
          )}
          <PeriodStatement loanId={loan.loanId} periods={periods} />
          <AnnualStatements loanId={loan.loanId} annual={periods.annual} />
        </>
      )}
    </LoanDataScreen>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 5 }}>
      <Typography id={titleId} component="h2" variant="h5" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The form's frame inside the page: the page is the loan screen's, so the form adds no heading of its own. */
function InPage({ children }: { children: ReactNode }) {
  return children;
}

/** The period's dates as typed, checked within the loan's days, and sent as ISO dates. */
function periodSchema(bounds: PeriodBounds) {
  const dateText = z.object({ day: z.string(), month: z.string(), year: z.string() });
  return z
    .object({ from: dateText, to: dateText })
    .superRefine((period, context) => {
      for (const [field, problem] of Object.entries(periodProblems(period, bounds))) {
        for (const part of problem.parts) context.addIssue({ code: 'custom', message: problem.message, path: [field, part] });
      }
    })
    .transform((period) => ({ from: isoDateOf(period.from) ?? '', to: isoDateOf(period.to) ?? '' }));
}

/** The statement of a period the borrower types: checked here, then asked of the BFF, then shown under the form. */
function PeriodStatement({ loanId, periods }: { loanId: string; periods: StatementPeriods }) {
  const [answer, setAnswer] = useState<StatementAnswer>();
  const schema = useMemo(() => periodSchema(periods), [periods]);
  const earliest = formatDate(periods.earliest);
  const latest = formatDate(periods.latest);
  return (
    <Section title="A statement for a period you choose">
      <QuestionPage<PeriodText, { from: string; to: string }>
        question="Your statements"
        frame={InPage}
        schema={schema}
        defaultValues={{ from: EMPTY, to: EMPTY }}
        hint={`Any days from ${earliest} to ${latest}.`}
        submitLabel="Show the statement"
        onSubmit={async ({ from, to }) => {
          setAnswer(undefined);
          const got = await fetchFreshServerData(periodStatementQuery(loanId, from, to));
          const field = refusedDate(got);
          if (field !== undefined) {
            throw new RefusedAnswers(Object.fromEntries(PARTS.map((part) => [`${field}.${part}`, got.errorMessage])));
          }
          setAnswer(got);
        }}
        after={answer === undefined ? null : <StatementAnswerView answer={answer} title="Your statement" />}
      >
        <DateAnswer name="from" legend="From" hint="For example, 27 3 2026" parts={PARTS} />
        <DateAnswer name="to" legend="To" hint="For example, 26 4 2026" parts={PARTS} />
      </QuestionPage>
    </Section>
  );
}

/** Every complete agreement year's statement, each shown on request. */
function AnnualStatements({ loanId, annual }: { loanId: string; annual: StatementPeriods['annual'] }) {
  const [year, setYear] = useState<number>();
  return (
    <Section title="Annual statements">
      {annual.length === 0 ? (
        <Typography>Your first annual statement is ready a year after your loan was paid out.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
          {annual.map((statement) => (
            <Box component="li" key={statement.year} sx={{ mb: 1 }}>
              <Button
                variant="outlined"
                aria-pressed={statement.year === year}
                onClick={() => {
                  setYear(statement.year);
                }}
              >
                Year {statement.year}: {formatDate(statement.from)} to {formatDate(statement.to)}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {year === undefined ? null : <AnnualStatement key={year} loanId={loanId} year={year} />}
    </Section>
  );
}

function AnnualStatement({ loanId, year }: { loanId: string; year: number }) {
  const { result, retry } = useServerData(annualStatementQuery(loanId, year));
  return (
    <LoadView
      load={result}
      retry={retry}
      loadingLabel="Loading your annual statement"
      failedMessage="We could not load your annual statement."
    >
      {(answer) => <StatementAnswerView answer={answer} title={`Your statement for year ${String(year)}`} />}
    </LoadView>
  );
}

/**
 * A statement as the BFF answered it: its figures, or why there is none in the BFF's words. It takes focus as it
 * shows, as the person asked for it.
 */
function StatementAnswerView({ answer, title }: { answer: StatementAnswer; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const statement = answer.errorCode === 0 ? answer.resultData : undefined;
  return (
    <Box sx={{ mt: 4 }}>
      <Typography ref={heading} tabIndex={-1} component="h3" variant="h6" sx={{ mb: 2, outline: 'none' }}>
        {title}
      </Typography>
      {statement === undefined ? (
        <Typography role="alert">{answer.errorMessage === '' ? 'We could not make this statement.' : answer.errorMessage}</Typography>
      ) : (
        <StatementFigures statement={statement} />
      )}
    </Box>
  );
}

/** A statement's figures, its transactions and the link to its PDF. */
function StatementFigures({ statement }: { statement: LoanStatement }) {
  return (
    <>
      <SummaryList
        rows={[
          ['Period', `${formatDate(statement.from)} to ${formatDate(statement.to)}`],
          ['Balance at the start', formatPence(statement.openingBalancePence)],
          ['Payments', formatPence(statement.paymentsPence)],
          ['Interest', formatPence(statement.interestPence)],
          ['Balance at the end', formatPence(statement.closingBalancePence)],
        ]}
      />
      {statement.transactions.length === 0 ? (
        <Typography sx={{ mb: 2 }}>There were no transactions in this period.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{AMOUNT_HINT}</Typography>
          <DataTable
            caption="Transactions in this statement"
            columns={TRANSACTION_COLUMNS}
            rows={statement.transactions}
            rowKey={(transaction) => transaction.id}
          />
        </>
      )}
      <PdfViewLink documentId={statement.documentId}>View this statement as a PDF</PdfViewLink>
    </>
  );
}
