import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSignIn } from '../../lib/auth-session';
import { resumeTarget } from '../../lib/resume-target';
import { applicationPendingAt } from '../../test/application-info';
import { activeLoan, loanAccountAnswers, loanIdOf, menuItem, settledLoan } from '../../test/loans';
import { wcagViolations } from '../../test/axe';
import { answerCalls, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

beforeEach(() => {
  // jsdom draws on no canvas: the chart says so, and the table carries the figures.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

/** A term and its value in a summary list. */
function summaryValue(list: HTMLElement, term: string): string | null {
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

/** The chosen loan's figures: the last list with a balance (the cards of several loans come before it). */
const figures = () => screen.getAllByText('Balance', { selector: 'dt' }).at(-1)?.closest('dl') as HTMLElement;

describe('/loanDashboard/main', () => {
  it('shows the loan’s figures with money and dates written the product’s way', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    renderAt('/loanDashboard/main');

    expect(await screen.findByRole('heading', { level: 2, name: 'Loan of £12,500.00 taken out 3rd Dec 2026' })).toBeInTheDocument();
    expect(summaryValue(figures(), 'Balance')).toBe('£11,876.54');
    expect(summaryValue(figures(), 'Next payment')).toBe('£402.12 on 3rd Mar 2027');
    expect(summaryValue(figures(), 'APR')).toBe('9.9%');
    expect(summaryValue(figures(), 'Instalments paid')).toBe('2');
    expect(summaryValue(figures(), 'Instalments left')).toBe('34');
    expect(summaryValue(figures(), 'Total payable')).toBe('£14,476.35');
    expect(summaryValue(figures(), 'Final payment')).toBe('£402.15 on 3rd Dec 2029');
    expect(screen.queryByRole('heading', { name: 'Your loans' })).toBeNull();
    expect(screen.queryByRole('region', { name: /missed/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage your loan' })).toHaveAttribute('href', '/manage-my-loan');
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/userMenu1');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
  });

  it('draws the balance over time, and says the same figures in a table screen readers read and anyone can show', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    renderAt('/loanDashboard/main');

    const table = await screen.findByRole('table', { name: 'Your balance at each due date' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Due date', 'Scheduled balance', 'Your balance'],
      ['3rd Jan 2027', '£12,190.00', '£12,190.00'],
      ['3rd Feb 2027', '£11,876.54', '£11,876.54'],
      ['3rd Mar 2027', '£11,560.50', 'Not yet'],
    ]);
    // Read, not shown: no region to scroll until it is asked for.
    expect(screen.queryByRole('region', { name: 'Your balance at each due date' })).toBeNull();
    // This DOM cannot draw on a canvas, so no chart is loaded, and the page says where the figures are.
    expect(await screen.findByText('This browser cannot draw the chart. The figures are in the table below.')).toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Show the figures as a table' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(screen.getByRole('button', { name: 'Hide the figures' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Your balance at each due date' })).toContainElement(
      screen.getByRole('table', { name: 'Your balance at each due date' }),
    );
  });

  it('warns of arrears in the warning colour, not the brand’s, with a way on that is never a dead link', async () => {
    signIn();
    const loan = activeLoan({
      status: 'in_arrears',
      arrearsPence: 80_424,
      arrears: { amountPence: 80_424, instalmentsMissed: 2, daysPastDue: 40, oldestDueDate: '2027-02-03' },
    });
    answerCalls(
      fetchMock,
      loanAccountAnswers([loan], {
        '/loanAction/manageMyLoanMenu': (request) =>
          envelopeResponse({
            resultData: {
              loanId: loanIdOf(request),
              items: [menuItem('makePayment', 'Make a payment', 'Payments online are not available yet.')],
            },
          }),
      }),
    );
    renderAt('/loanDashboard/main');

    const banner = await screen.findByRole('region', { name: 'You have missed 2 payments' });
    expect(banner).toHaveTextContent('You are £804.24 behind with your repayments. The oldest missed payment was due on 3rd Feb 2027.');
    expect(banner).toHaveStyle({ borderColor: '#8a4500' });
    expect(banner).not.toHaveStyle({ borderColor: '#1d6b3e' });
    expect(within(banner).getByRole('link', { name: 'Contact us about your missed payments' })).toHaveAttribute('href', '/contact-us');
    expect(callsTo(fetchMock, '/loanAction/manageMyLoanMenu')[0]?.url).toContain('loanId=loan_1');
  });

  it('tells of a payment holiday with a way to what can be done', async () => {
    signIn();
    const loan = activeLoan({
      status: 'payment_holiday',
      paymentHoliday: { months: 2, startDate: '2027-03-03', endDate: '2027-04-03', resumesOn: '2027-05-03', current: true },
    });
    answerCalls(
      fetchMock,
      loanAccountAnswers([loan], {
        '/loanAction/manageMyLoanMenu': { resultData: { loanId: 'loan_1', items: [] } },
      }),
    );
    renderAt('/loanDashboard/main');

    const banner = await screen.findByRole('region', { name: 'You are on a payment holiday' });
    expect(banner).toHaveTextContent('They start again on 3rd May 2027.');
    expect(within(banner).getByRole('link', { name: 'See what you can do with your loan' })).toHaveAttribute(
      'href',
      '/manage-my-loan',
    );
  });

  it('lists several loans newest first, and shows the one chosen, which stays chosen in this tab', async () => {
    signIn();
    const newer = activeLoan({ loanId: 'loan_new' });
    const older = settledLoan({ loanId: 'loan_old', amountPence: 300_000, drawdownDate: '2024-06-10' });
    answerCalls(
      fetchMock,
      loanAccountAnswers([newer, older], {
        '/loanAction/statementPeriods': { resultData: { loanId: 'loan_old', earliest: '2024-06-10', latest: '2027-01-20', annual: [] } },
      }),
    );
    const router = renderAt('/loanDashboard/main');

    const list = await screen.findByRole('region', { name: 'Your loans' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Loan of £12,500.00 taken out 3rd Dec 2026',
      'Loan of £3,000.00 taken out 10th Jun 2024',
    ]);
    expect(cards[0]).toHaveTextContent('Shown below');
    expect(cards[1]).toHaveTextContent('Repaid');
    expect(screen.getByRole('heading', { level: 2, name: 'Loan of £12,500.00 taken out 3rd Dec 2026' })).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Show this loan: Loan of £3,000.00 taken out 10th Jun 2024' }));
    const chosen = screen.getByRole('heading', { level: 2, name: 'Loan of £3,000.00 taken out 10th Jun 2024' });
    await waitFor(() => {
      expect(chosen).toHaveFocus();
    });
    expect(summaryValue(figures(), 'Balance')).toBe('£0.00');
    expect(sessionStorage.getItem('chosenLoan')).toBe('loan_old');
    expect(window.location.href).not.toContain('loan_old');

    // Every loan screen is about the chosen loan, and says so, with the way to change it.
    await router.navigate('/loan-schedule');
    expect(await screen.findByText(/This is about your loan of £3,000.00 taken out 10th Jun 2024/)).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, '/loanAction/schedule').some((call) => call.url.includes('loanId=loan_old'))).toBe(true);
    });
    expect(screen.getByRole('link', { name: 'Change loan' })).toHaveAttribute('href', '/loanDashboard/main');
  });

  it('shows a repaid loan as repaid, with its closing statement', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([settledLoan()], {
        '/loanAction/statementPeriods': {
          resultData: {
            loanId: 'loan_settled',
            earliest: '2026-12-03',
            latest: '2027-01-20',
            annual: [],
            closingStatement: {
              loanId: 'loan_settled',
              kind: 'closing',
              from: '2026-12-03',
              to: '2027-01-20',
              openingBalancePence: 0,
              closingBalancePence: 0,
              paymentsPence: 1_260_000,
              interestPence: 10_000,
              transactions: [],
              documentId: 'closing_loan_settled',
            },
          },
        },
      }),
    );
    renderAt('/loanDashboard/main');

    const repaid = await screen.findByRole('region', { name: 'You have repaid this loan' });
    expect(repaid).toHaveTextContent('You repaid this loan in full on 20th Jan 2027.');
    expect(await within(repaid).findByRole('link', { name: 'View your closing statement' })).toHaveAttribute(
      'href',
      '/pdf-view?document=closing_loan_settled',
    );
    expect(screen.queryByText('Next payment', { selector: 'dt' })).toBeNull();
  });

  it('offers to try again when the loans cannot be read', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      loanAccountAnswers([], {
        '/loanAction/loans': () =>
          envelopeResponse(
            available ? { resultData: { loans: [activeLoan()] } } : failure(100503, 'The service is temporarily unavailable.'),
          ),
      }),
    );
    renderAt('/loanDashboard/main');

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load your loan.')).toBeInTheDocument();
    available = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('heading', { level: 2, name: 'Loan of £12,500.00 taken out 3rd Dec 2026' })).toBeInTheDocument();
  });

  it('sends a signed-in applicant who has no loan yet to where their application resumes', async () => {
    saveSignIn(loginResult({ applyId: 'app_1', hasLoan: false }));
    const application = applicationPendingAt('rentInfo');
    answerCalls(fetchMock, {
      '/loanAction/loans': { resultData: { loans: [] } },
      '/accountApplication/getApplicationInfo': { resultData: application },
    });
    const router = renderAt('/loanDashboard/main');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(resumeTarget(application));
    });
    expect(resumeTarget(application)).toBe('/amount/address');
  });

  it('says there is no loan to someone signed in with neither a loan nor an application', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([]));
    renderAt('/loanDashboard/main');

    expect(await screen.findByText('You do not have a loan with us.')).toBeInTheDocument();
  });

  it('sends someone signed out to log in, without asking for loans they could not be shown', async () => {
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    const router = renderAt('/loanDashboard/main');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    expect(callsTo(fetchMock, '/loanAction/loans')).toHaveLength(0);
  });

  it('is where /loan leads', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    const router = renderAt('/loan');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loanDashboard/main');
    });
  });

  it('passes axe with a banner, several loans and the figures shown', async () => {
    signIn();
    const loan = activeLoan({ status: 'in_arrears', arrearsPence: 40_212 });
    answerCalls(
      fetchMock,
      loanAccountAnswers([loan, activeLoan({ loanId: 'loan_0', drawdownDate: '2025-01-10' })], {
        '/loanAction/manageMyLoanMenu': { resultData: { loanId: 'loan_1', items: [] } },
      }),
    );
    renderAt('/loanDashboard/main');

    await userEvent.click(await screen.findByRole('button', { name: 'Show the figures as a table' }));
    await screen.findByText('This browser cannot draw the chart. The figures are in the table below.');
    expect(await wcagViolations()).toEqual([]);
  });
});
