import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activeLoan, loanAccountAnswers, loanIdOf, menuItem } from '../../test/loans';
import { wcagViolations } from '../../test/axe';
import { answerCalls, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const MENU = [
  menuItem('makePayment', 'Make a payment', 'Paying online is not available yet.'),
  menuItem('paymentHoliday', 'Take a payment holiday', 'You cannot take a payment holiday while you have missed payments.'),
  { ...menuItem('schedule', 'See your repayment schedule'), amountPence: 40_212 },
  menuItem('transactions', 'See your transactions'),
  menuItem('statements', 'Get a statement'),
  menuItem('legalDocuments', 'Read your loan documents'),
  // Open at the BFF, but this app has no screen for it yet.
  menuItem('borrowMore', 'Borrow more'),
];

function main() {
  return screen.getByRole('main');
}

describe('/manage-my-loan', () => {
  it('links each open item to its screen, and shows each closed one with why, not as a link', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/manageMyLoanMenu': (request) => envelopeResponse({ resultData: { loanId: loanIdOf(request), items: MENU } }),
      }),
    );
    const router = renderAt('/manage-my-loan');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage your loan' })).toBeInTheDocument();
    const list = await within(main()).findByRole('list');
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['See your repayment schedule', '/loan-schedule'],
      ['See your transactions', '/loan-transactions'],
      ['Get a statement', '/loan-statements'],
      ['Read your loan documents', '/legal-documents'],
    ]);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Make a paymentPaying online is not available yet.');
    expect(items[1]).toHaveTextContent('Take a payment holidayYou cannot take a payment holiday while you have missed payments.');
    expect(items[2]).toHaveTextContent('£402.12');
    expect(items[6]).toHaveTextContent('Borrow moreThis is not available yet.');
    const closed = items.filter((_item, index) => [0, 1, 6].includes(index));
    for (const item of closed) expect(within(item).queryByRole('link')).toBeNull();
    expect(callsTo(fetchMock, '/loanAction/manageMyLoanMenu')[0]?.url).toContain('loanId=loan_1');

    expect(within(main()).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loanDashboard/main');
    });
  });

  it('offers to try again when the menu cannot be read', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/manageMyLoanMenu': () =>
          envelopeResponse(available ? { resultData: { loanId: 'loan_1', items: MENU } } : failure(100503, 'Try later.')),
      }),
    );
    renderAt('/manage-my-loan');

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load what you can do.')).toBeInTheDocument();
    available = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('link', { name: 'Get a statement' })).toBeInTheDocument();
  });

  it('says when there is nothing to do', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()], { '/loanAction/manageMyLoanMenu': { resultData: { loanId: 'loan_1', items: [] } } }));
    renderAt('/manage-my-loan');

    expect(await screen.findByText('There is nothing to do with this loan here. Contact us if you need help.')).toBeInTheDocument();
  });

  it('passes axe', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()], { '/loanAction/manageMyLoanMenu': { resultData: { loanId: 'loan_1', items: MENU } } }));
    renderAt('/manage-my-loan');

    await screen.findByRole('link', { name: 'Get a statement' });
    expect(await wcagViolations()).toEqual([]);
  });
});

describe('/userMenu1', () => {
  it('is the account menu: the loan screens, the profile, messages and reminders, and the way to contact us, and none that is not built yet', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    renderAt('/userMenu1');

    const menu = await screen.findByRole('navigation', { name: 'Account menu' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Your loan', '/loanDashboard/main'],
      ['Manage your loan', '/manage-my-loan'],
      ['Your repayment schedule', '/loan-schedule'],
      ['Your transactions', '/loan-transactions'],
      ['Your statements', '/loan-statements'],
      ['Your loan documents', '/legal-documents'],
      ['Your profile', '/profile'],
      ['Your personal details', '/personal-details'],
      ['Your messages', '/notifications'],
      ['Your reminders', '/settings'],
      ['Contact us', '/contact-us'],
    ]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/loanDashboard/main');
    expect(await wcagViolations()).toEqual([]);
  });
});
