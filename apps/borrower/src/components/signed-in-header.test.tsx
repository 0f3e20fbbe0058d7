import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSignIn } from '../lib/auth-session';
import { activeLoan, loanAccountAnswers } from '../test/loans';
import { answerCalls, callsTo, loginResult, setUpSignInTests } from '../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const loan = activeLoan({ balancePence: 450_000 });

/** The header's list: on a narrow screen it is behind the menu button, so it is asked of as possibly hidden. */
const account = () => screen.getByRole('navigation', { name: 'Your account', hidden: true });

describe('the signed-in header', () => {
  it('names the borrower, links to their loan in the loan area, and opens as a menu on a phone', async () => {
    saveSignIn(loginResult({ firstName: 'Alex', lastName: 'Morgan', hasLoan: true }));
    answerCalls(fetchMock, loanAccountAnswers([loan]));
    renderAt('/loanDashboard/main');

    expect(await screen.findByText('£4,500.00')).toBeInTheDocument();
    expect(account()).toHaveTextContent('Signed in as Alex Morgan');
    expect(within(account()).getByRole('link', { name: 'Your loan', hidden: true })).toHaveAttribute('aria-current', 'page');

    const menu = screen.getByRole('button', { name: 'Menu', hidden: true });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', account().id);
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  it('has no loan link outside the loan area', async () => {
    saveSignIn(loginResult({ applyId: 'app_1', hasLoan: false, firstName: 'Sam', lastName: 'Lee' }));
    answerCalls(fetchMock, {});
    renderAt('/amount/amount_default');
    await screen.findByRole('heading', { level: 1, name: 'How much do you want to borrow?' });
    expect(account()).toHaveTextContent('Signed in as Sam Lee');
    expect(within(account()).queryByRole('link', { name: 'Your loan', hidden: true })).toBeNull();
  });

  it('is not there for someone signed out', async () => {
    answerCalls(fetchMock, {});
    renderAt('/amount/amount_default');
    await screen.findByRole('heading', { level: 1, name: 'How much do you want to borrow?' });
    expect(screen.queryByRole('navigation', { name: 'Your account', hidden: true })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Menu', hidden: true })).toBeNull();
  });

  it('signs out at the BFF, forgets the session in this browser, and goes to the first screen', async () => {
    saveSignIn(loginResult({ hasLoan: true }));
    answerCalls(fetchMock, loanAccountAnswers([loan], { '/user/logout': { resultData: {} } }));
    const router = renderAt('/loanDashboard/main');
    await screen.findByText('£4,500.00');

    await userEvent.click(within(account()).getByRole('button', { name: 'Sign out', hidden: true }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/home');
    });
    expect(callsTo(fetchMock, '/user/logout')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Ways to log in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Your account', hidden: true })).toBeNull();
  });
});
