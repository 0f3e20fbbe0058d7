import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readIntent } from '../../lib/paying';
import { wcagViolations } from '../../test/axe';
import { EXPIRED, payingAnswers, paymentOptions } from '../../test/paying';
import { actAsStaff } from '../../test/profile';
import { summaryMessages } from '../../test/screen-queries';
import { answerCalls, callsTo, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

function amountField() {
  return screen.getByLabelText('How much do you want to pay?');
}

async function payAnother(typed: string) {
  await userEvent.click(await screen.findByRole('radio', { name: 'Another amount' }));
  await userEvent.clear(amountField());
  if (typed !== '') await userEvent.type(amountField(), typed);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/make-a-payment', () => {
  it('offers the arrears, the next instalment and another amount, says why paying everything is not here, and goes on to the card on file', async () => {
    signIn();
    answerCalls(fetchMock, payingAnswers());
    const router = renderAt('/make-a-payment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Make a payment' })).toBeInTheDocument();
    const group = await screen.findByRole('radiogroup');
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Your arrears: £402.12',
      'Your next instalment: £402.12, due 3rd Mar 2027',
      'Another amount',
    ]);
    expect(screen.getByRole('list', { name: 'Not available' })).toHaveTextContent(
      'Pay off your loanPaying off your loan early is not available online yet.',
    );
    expect(new URL(callsTo(fetchMock, '/payment/paymentOptions')[0]?.url ?? '').searchParams.get('loanId')).toBe('loan_1');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/manage-my-loan');
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Select what you want to pay']);

    await userEvent.click(screen.getByRole('radio', { name: 'Your arrears: £402.12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pay/ACPay');
    });
    expect(readIntent('loan_1')).toEqual({ loanId: 'loan_1', kind: 'arrears', amountPence: 40_212 });
  });

  it.each([
    ['', 'Enter the amount you want to pay'],
    ['twenty pounds', 'Enter an amount in pounds and pence, like £150 or £150.50'],
    ['0', 'The amount must be at least £0.01'],
    ['£0.00', 'The amount must be at least £0.01'],
    ['11000.01', 'The amount must be £11,000.00 or less. To pay off everything you owe, you need an early settlement'],
  ])('refuses "%s" as another amount: %s', async (typed, message) => {
    signIn();
    answerCalls(fetchMock, payingAnswers());
    const router = renderAt('/make-a-payment');

    await payAnother(typed);
    expect(summaryMessages()).toEqual([message]);
    expect(amountField()).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`) as string);
    expect(amountField()).toHaveValue(typed);
    expect(router.state.location.pathname).toBe('/make-a-payment');
  });

  it.each([
    ['£1,500.00', 150_000],
    ['1 500', 150_000],
    ['0.01', 1],
    ['£11,000', 1_100_000],
  ])('takes "%s" as another amount, pasted as people write it', async (typed, pence) => {
    signIn();
    answerCalls(fetchMock, payingAnswers());
    const router = renderAt('/make-a-payment');

    await payAnother(typed);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pay/ACPay');
    });
    expect(readIntent('loan_1')).toEqual({ loanId: 'loan_1', kind: 'other', amountPence: pence });
  });

  it('says what an overpayment does, and comes from the menu with the choice made', async () => {
    signIn();
    answerCalls(fetchMock, payingAnswers());
    renderAt('/make-a-payment?pay=other');

    expect(await screen.findByRole('radio', { name: 'Another amount' })).toBeChecked();
    expect(screen.getByText(/an overpayment\. It reduces what you owe straight away and shortens the term/)).toBeInTheDocument();
    expect(screen.getByText(/Paying off everything you owe is an early settlement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'see your settlement figure' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
    expect(await wcagViolations()).toEqual([]);
  });

  it('goes to a new card at the checkout when no card on file can pay', async () => {
    signIn();
    answerCalls(fetchMock, payingAnswers({}, paymentOptions({ cards: [EXPIRED] })));
    const router = renderAt('/make-a-payment?pay=instalment');

    expect(await screen.findByRole('radio', { name: /Your next instalment/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pay/AdHoc');
    });
  });

  it('says why the loan takes no payment today', async () => {
    signIn();
    answerCalls(fetchMock, payingAnswers({}, paymentOptions({ open: false, closedReason: 'Your loan is repaid. There is nothing to pay.' })));
    renderAt('/make-a-payment');

    expect(await screen.findByText('Your loan is repaid. There is nothing to pay.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your loan' })).toHaveAttribute('href', '/loanDashboard/main');
  });

  it('shows staff acting for the borrower the amounts, but no payment, and says why', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, payingAnswers());
    renderAt('/make-a-payment');

    expect(await screen.findByText(/Staff acting for a borrower cannot take a payment for them/)).toBeInTheDocument();
    expect(screen.getByText('£402.12, due 3rd Mar 2027')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(await wcagViolations()).toEqual([]);
  });
});
