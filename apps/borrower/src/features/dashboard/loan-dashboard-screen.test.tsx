import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const loan = {
  loanId: 'loan_1',
  status: 'active',
  amountPence: 1_250_000,
  termMonths: 36,
  balancePence: 1_187_654,
  monthlyInstalmentPence: 40_212,
  aprPercent: '9.9',
  annualRatePercent: '9.5',
  instalmentsPaid: 2,
  instalmentsRemaining: 34,
  arrearsPence: 0,
  nextPayment: { dueDate: '2027-01-03', amountPence: 40_212 },
  finalDueDate: '2029-11-03',
};

describe('/loanDashboard/main', () => {
  it('shows the loan’s figures with money and dates written the product’s way', async () => {
    signIn();
    answerCalls(fetchMock, { '/loanAction/loanSummary': { resultData: loan } });
    renderAt('/loanDashboard/main');

    expect(await screen.findByText('£11,876.54')).toBeInTheDocument();
    expect(screen.getByText('£402.12 on 3rd Jan 2027')).toBeInTheDocument();
    expect(screen.getByText('9.9%')).toBeInTheDocument();
    expect(screen.getByText('£12,500.00')).toBeInTheDocument();
    expect(screen.getByText('2 of 36')).toBeInTheDocument();
    expect(screen.getByText('3rd Nov 2029')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'You have missed a payment' })).toBeNull();
  });

  it('says when payments are missed', async () => {
    signIn();
    answerCalls(fetchMock, { '/loanAction/loanSummary': { resultData: { ...loan, status: 'in_arrears', arrearsPence: 80_424 } } });
    renderAt('/loanDashboard/main');

    expect(await screen.findByRole('region', { name: 'You have missed a payment' })).toHaveTextContent('£804.24');
  });

  it('offers to try again when the loan cannot be read', async () => {
    signIn();
    answerCalls(fetchMock, { '/loanAction/loanSummary': failure(100400, 'You have no loan.') });
    renderAt('/loanDashboard/main');

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is where /loan leads', async () => {
    signIn();
    answerCalls(fetchMock, { '/loanAction/loanSummary': { resultData: loan } });
    const router = renderAt('/loan');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loanDashboard/main');
    });
  });
});
