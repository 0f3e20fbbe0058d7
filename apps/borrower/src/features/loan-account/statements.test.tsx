import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoanStatement, StatementPeriods } from '../../api/loan';
import { wcagViolations } from '../../test/axe';
import { activeLoan, loanAccountAnswers, settledLoan, TRANSACTIONS } from '../../test/loans';
import { summaryMessages } from '../../test/screen-queries';
import { answerCalls, callsTo, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const PERIODS: StatementPeriods = {
  loanId: 'loan_1',
  earliest: '2026-12-03',
  latest: '2028-01-10',
  annual: [{ year: 1, from: '2026-12-03', to: '2027-12-02' }],
};

function statement(change: Partial<LoanStatement> = {}): LoanStatement {
  return {
    loanId: 'loan_1',
    kind: 'period',
    from: '2027-01-01',
    to: '2027-02-28',
    openingBalancePence: 1_250_000,
    closingBalancePence: 1_187_654,
    paymentsPence: 80_424,
    interestPence: 18_078,
    transactions: TRANSACTIONS.slice(0, 4),
    documentId: 'stmt_loan_1_2027-01-01_2027-02-28',
    ...change,
  };
}

function renderStatements(answers: Record<string, Answer> = {}, loan = activeLoan()) {
  signIn();
  answerCalls(
    fetchMock,
    loanAccountAnswers([loan], { '/loanAction/statementPeriods': { resultData: PERIODS }, ...answers }),
  );
  return renderAt('/loan-statements');
}

const from = () => screen.getByRole('group', { name: 'From' });
const to = () => screen.getByRole('group', { name: 'To' });

async function typeDate(group: HTMLElement, day: string, month: string, year: string) {
  for (const [label, value] of [
    ['Day', day],
    ['Month', month],
    ['Year', year],
  ] as const) {
    const box = within(group).getByLabelText(label);
    await userEvent.clear(box);
    if (value !== '') await userEvent.type(box, value);
  }
}

const show = () => screen.getByRole('button', { name: 'Show the statement' });

describe('/loan-statements', () => {
  it('checks the period before asking, and says what is wrong by each date', async () => {
    renderStatements();

    expect(await screen.findByRole('heading', { level: 2, name: 'A statement for a period you choose' })).toBeInTheDocument();
    expect(screen.getByText('Any days from 3rd Dec 2026 to 10th Jan 2028.')).toBeInTheDocument();
    await userEvent.click(show());
    expect(summaryMessages()).toEqual(['Enter the date the statement starts from', 'Enter the date the statement runs to']);
    await waitFor(() => {
      expect(document.title).toBe('Error: Your statements – Meadow Loans');
    });
    expect(from()).toHaveAccessibleDescription('For example, 27 3 2026 Error: Enter the date the statement starts from');

    await typeDate(from(), '2', '12', '2026');
    await typeDate(to(), '31', '11', '2027');
    await userEvent.click(show());
    expect(summaryMessages()).toEqual([
      'The statement cannot start before 3rd Dec 2026',
      'Enter the date the statement runs to as a real date, like 27 3 2026',
    ]);
    expect(within(from()).getByLabelText('Day')).toHaveValue('2');
    expect(within(to()).getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, '/loanAction/statement')).toHaveLength(0);
    expect(await wcagViolations()).toEqual([]);
  });

  it('shows the statement of a period: its figures, its transactions and its PDF', async () => {
    renderStatements({ '/loanAction/statement': { resultData: statement() } });

    await screen.findByRole('heading', { level: 2, name: 'A statement for a period you choose' });
    await typeDate(from(), '1', '1', '2027');
    await typeDate(to(), '28', '2', '2027');
    await userEvent.click(show());

    const heading = await screen.findByRole('heading', { level: 3, name: 'Your statement' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    const url = new URL(callsTo(fetchMock, '/loanAction/statement')[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({ loanId: 'loan_1', from: '2027-01-01', to: '2027-02-28' });
    expect(screen.getByText('Balance at the start', { selector: 'dt' }).nextElementSibling).toHaveTextContent('£12,500.00');
    expect(screen.getByText('Payments', { selector: 'dt' }).nextElementSibling).toHaveTextContent('£804.24');
    expect(screen.getByText('Interest', { selector: 'dt' }).nextElementSibling).toHaveTextContent('£180.78');
    expect(screen.getByText('Balance at the end', { selector: 'dt' }).nextElementSibling).toHaveTextContent('£11,876.54');
    expect(within(screen.getByRole('table', { name: 'Transactions in this statement' })).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View this statement as a PDF' })).toHaveAttribute(
      'href',
      '/pdf-view?document=stmt_loan_1_2027-01-01_2027-02-28',
    );
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
  });

  it('shows the BFF’s refusal of a date by that date, keeping what was typed', async () => {
    renderStatements({
      '/loanAction/statement': {
        status: 400,
        errorCode: 100400,
        errorMessage: 'Enter the date the statement runs to as a real date, like 27 3 2026',
        resultData: { field: 'to' },
      },
    });

    await screen.findByRole('heading', { level: 2, name: 'A statement for a period you choose' });
    await typeDate(from(), '1', '1', '2027');
    await typeDate(to(), '28', '2', '2027');
    await userEvent.click(show());

    expect(await screen.findByRole('link', { name: 'Enter the date the statement runs to as a real date, like 27 3 2026' })).toBeInTheDocument();
    expect(summaryMessages()).toEqual(['Enter the date the statement runs to as a real date, like 27 3 2026']);
    expect(to()).toHaveAccessibleDescription(
      'For example, 26 4 2026 Error: Enter the date the statement runs to as a real date, like 27 3 2026',
    );
    expect(within(to()).getByLabelText('Month')).toHaveValue('2');
    expect(within(from()).getByLabelText('Year')).toHaveValue('2027');
    expect(screen.queryByRole('heading', { level: 3, name: 'Your statement' })).toBeNull();
  });

  it('says in the page why the BFF made no statement', async () => {
    renderStatements({
      '/loanAction/statement': {
        status: 503,
        errorCode: 100503,
        errorMessage: 'The service is temporarily unavailable. Please try again in a moment.',
        httpStatus: 503,
      },
    });

    await screen.findByRole('heading', { level: 2, name: 'A statement for a period you choose' });
    await typeDate(from(), '1', '1', '2027');
    await typeDate(to(), '28', '2', '2027');
    await userEvent.click(show());

    await screen.findByRole('heading', { level: 3, name: 'Your statement' });
    expect(
      within(screen.getByRole('main')).getByText('The service is temporarily unavailable. Please try again in a moment.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('link', { name: 'View this statement as a PDF' })).toBeNull();
  });

  it('lists the annual statements and shows one on request', async () => {
    renderStatements({
      '/loanAction/annualStatement': (request) => {
        const year = new URL(request.url).searchParams.get('year');
        return envelopeResponse({
          resultData: statement({ kind: 'annual', year: Number(year), from: '2026-12-03', to: '2027-12-02', documentId: 'annual_loan_1_1' }),
        });
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Year 1: 3rd Dec 2026 to 2nd Dec 2027' }));
    expect(screen.getByRole('button', { name: 'Year 1: 3rd Dec 2026 to 2nd Dec 2027' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('heading', { level: 3, name: 'Your statement for year 1' })).toBeInTheDocument();
    expect(screen.getByText('Period', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3rd Dec 2026 to 2nd Dec 2027');
    expect(screen.getByRole('link', { name: 'View this statement as a PDF' })).toHaveAttribute('href', '/pdf-view?document=annual_loan_1_1');
    expect(new URL(callsTo(fetchMock, '/loanAction/annualStatement')[0]?.url ?? '').searchParams.get('year')).toBe('1');
  });

  it('says when there is no annual statement yet', async () => {
    renderStatements({ '/loanAction/statementPeriods': { resultData: { ...PERIODS, annual: [] } } });

    expect(await screen.findByText('Your first annual statement is ready a year after your loan was paid out.')).toBeInTheDocument();
  });

  it('shows a repaid loan’s closing statement first', async () => {
    renderStatements(
      {
        '/loanAction/statementPeriods': {
          resultData: {
            ...PERIODS,
            loanId: 'loan_settled',
            closingStatement: statement({
              loanId: 'loan_settled',
              kind: 'closing',
              closingBalancePence: 0,
              transactions: [],
              documentId: 'closing_loan_settled',
            }),
          },
        },
      },
      settledLoan(),
    );

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Your closing statement',
      'A statement for a period you choose',
      'Annual statements',
    ]);
    expect(screen.getByText('There were no transactions in this period.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View this statement as a PDF' })).toHaveAttribute('href', '/pdf-view?document=closing_loan_settled');
    expect(callsTo(fetchMock, '/loanAction/statementPeriods')[0]?.url).toContain('loanId=loan_settled');
  });
});
