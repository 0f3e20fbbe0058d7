import { envelopeResponse } from '@lender/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../../test/axe';
import { activeLoan, loanAccountAnswers, loanIdOf } from '../../test/loans';
import { answerCalls, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

/** Each row of a table as the text of its cells, the header row first. */
function rowsOf(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('/loan-schedule', () => {
  it('lists every instalment with its due date, amount, what was paid and its status, to the penny', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/schedule': (request) =>
          envelopeResponse({
            resultData: {
              loanId: loanIdOf(request),
              instalments: [
                { number: 1, dueDate: '2027-01-03', amountPence: 40_212, paidPence: 40_212, balancePence: 1, status: 'paid' },
                { number: 2, dueDate: '2027-02-03', amountPence: 40_212, paidPence: 10_001, balancePence: 1, status: 'part_paid' },
                { number: 3, dueDate: '2027-03-03', amountPence: 40_212, paidPence: 0, balancePence: 1, status: 'overdue' },
                { number: 4, dueDate: '2027-04-03', amountPence: 0, paidPence: 0, balancePence: 1, status: 'deferred' },
                { number: 5, dueDate: '2027-05-03', amountPence: 40_215, paidPence: 0, balancePence: 0, status: 'upcoming' },
              ],
            },
          }),
      }),
    );
    renderAt('/loan-schedule');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your repayment schedule' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your 5 instalments' });
    expect(rowsOf(table)).toEqual([
      ['Due date', 'Amount', 'Paid', 'Status'],
      ['3rd Jan 2027', '£402.12', '£402.12', 'Paid'],
      ['3rd Feb 2027', '£402.12', '£100.01', 'Part paid'],
      ['3rd Mar 2027', '£402.12', '£0.00', 'Overdue'],
      ['3rd Apr 2027', '£0.00', '£0.00', 'Payment holiday'],
      ['3rd May 2027', '£402.15', '£0.00', 'To come'],
    ]);
    // On a phone the table scrolls in its own region, which a keyboard reaches; the page does not.
    const region = screen.getByRole('region', { name: 'Your 5 instalments' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveStyle({ overflowX: 'auto' });
    expect(callsTo(fetchMock, '/loanAction/schedule')[0]?.url).toContain('loanId=loan_1');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/manage-my-loan');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says when the loan has no instalments', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], { '/loanAction/schedule': { resultData: { loanId: 'loan_1', instalments: [] } } }),
    );
    renderAt('/loan-schedule');

    expect(await screen.findByText('There are no instalments on this loan.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the schedule cannot be read', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/schedule': () =>
          envelopeResponse(available ? { resultData: { loanId: 'loan_1', instalments: [] } } : failure(100503, 'Try later.')),
      }),
    );
    renderAt('/loan-schedule');

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load your schedule.')).toBeInTheDocument();
    available = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByText('There are no instalments on this loan.')).toBeInTheDocument();
  });
});

describe('/loan-transactions', () => {
  it('lists every posting, newest first, with the balance after it, to the penny', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    renderAt('/loan-transactions');

    const table = await screen.findByRole('table', { name: 'Every transaction, newest first' });
    expect(rowsOf(table)).toEqual([
      ['Date', 'Description', 'Amount', 'Balance after'],
      ['3rd Feb 2027', 'Card payment', '-£402.12', '£11,876.54'],
      ['3rd Feb 2027', 'Interest for instalment 2', '£88.66', '£12,278.66'],
      ['3rd Jan 2027', 'Card payment', '-£402.12', '£12,190.00'],
      ['3rd Jan 2027', 'Interest for instalment 1', '£92.12', '£12,592.12'],
      ['3rd Dec 2026', 'Loan paid out', '£12,500.00', '£12,500.00'],
    ]);
    expect(screen.getByText('A payment shows as a minus amount. Interest and fees add to what you owe.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Every transaction, newest first' })).toHaveAttribute('tabindex', '0');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says when there are none yet', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], { '/loanAction/transactions': { resultData: { loanId: 'loan_1', transactions: [] } } }),
    );
    renderAt('/loan-transactions');

    expect(await screen.findByText('There are no transactions on this loan yet.')).toBeInTheDocument();
  });
});
