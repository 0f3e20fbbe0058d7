import { envelopeResponse } from '@lender/api-client/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client';
import { keepIntent, keepPendingCheckout, readIntent } from '../../lib/paying';
import { wcagViolations } from '../../test/axe';
import { recordLeaving } from '../../test/leaving';
import {
  BANK_DETAILS,
  EXPIRED,
  keyOf,
  main,
  MASTERCARD,
  payingAnswers,
  payment,
  paymentOptions,
  settlementFigure,
  VISA,
  waitForPath,
} from '../../test/paying';
import { actAsStaff } from '../../test/profile';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const CHECKOUT = 'https://gateway.example/checkout/plink_9';
const assign = recordLeaving();
const TOTAL = 1_130_424;

beforeEach(() => {
  signIn();
});

/** What the settlement screens read: the paying answers, with the figure and the bank details. */
function settleAnswers(overrides: Record<string, Answer> = {}, options = paymentOptions()): Record<string, Answer> {
  return payingAnswers(
    {
      '/payment/settlementQuote': { resultData: settlementFigure() },
      '/payment/bankTransfer': { resultData: BANK_DETAILS },
      ...overrides,
    },
    options,
  );
}

/** The settlement by card chosen on /earlyRepayment/payment_amount, as it keeps it. */
function chooseSettlement(card: { cardId?: string; newCard?: boolean } = {}): void {
  keepIntent({ loanId: 'loan_1', kind: 'settlement', amountPence: TOTAL, settlementQuoteId: 'quote_1', ...card });
}

/** A settlement as createPayment or paymentSessionInfo answers it: the loan settled, nothing owed. */
function settlement(overrides: Parameters<typeof payment>[0] = {}) {
  return payment({ kind: 'settlement', amountPence: TOTAL, balanceAfterPence: 0, loanStatus: 'settled', ...overrides });
}


function rowsOf() {
  return within(main())
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

describe('/earlyRepayment/payment_amount', () => {
  it('shows the settlement figure with its parts to the penny, the day it holds until and the right to settle', async () => {
    answerCalls(fetchMock, settleAnswers());
    const router = renderAt('/earlyRepayment/payment_amount');

    expect(await screen.findByRole('heading', { level: 1, name: 'Repay your loan early' })).toBeInTheDocument();
    expect(await screen.findByText('This figure holds until 26th Mar 2027.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/payment/settlementQuote')).toEqual({ loanId: 'loan_1' });
    expect(rowsOf()).toEqual([
      'What you owe today: £11,876.54',
      'Settlement date: 26th Mar 2027',
      'Your 28 instalments after that date: £11,260.00',
      'Interest you save (your rebate): £760.00',
      'To settle those instalments: £10,500.00',
      'Arrears, owed on top: £402.12',
      'Instalment due 3rd Mar 2027, owed on top: £402.12',
      'Total to settle your loan: £11,304.24',
    ]);
    expect(screen.getByText(/You owe £11,876\.54 today\. To repay your loan in full early, you pay £11,304\.24/)).toBeInTheDocument();
    expect(screen.getByText(/section 94 of the Consumer Credit Act 1974/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'make a payment' })).toHaveAttribute('href', '/make-a-payment');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/manage-my-loan');
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent('Select how you want to pay');

    await userEvent.click(screen.getByRole('radio', { name: 'By debit card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/earlyRepayment/card_select');
    expect(readIntent('loan_1')).toEqual({ loanId: 'loan_1', kind: 'settlement', amountPence: TOTAL, settlementQuoteId: 'quote_1' });
  });

  it('leaves out the parts a loan does not have', async () => {
    const figure = settlementFigure({ arrearsPence: 0, dueBeforeSettlement: [], dueBeforeSettlementPence: 0, totalToSettlePence: 1_050_000 });
    answerCalls(fetchMock, settleAnswers({ '/payment/settlementQuote': { resultData: figure } }));
    renderAt('/earlyRepayment/payment_amount');

    await screen.findByText('This figure holds until 26th Mar 2027.');
    expect(rowsOf()).not.toContainEqual(expect.stringMatching(/owed on top/));
    expect(rowsOf()).toContain('Total to settle your loan: £10,500.00');
  });

  it('says when the figure could not be read, with Try again', async () => {
    answerCalls(fetchMock, settleAnswers({ '/payment/settlementQuote': failure(100500, 'The service is not available.') }));
    renderAt('/earlyRepayment/payment_amount');

    expect(await screen.findByText('We could not load your settlement figure.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows staff acting for the borrower the figure, but neither way to pay it', async () => {
    actAsStaff();
    answerCalls(fetchMock, settleAnswers());
    renderAt('/earlyRepayment/payment_amount');

    expect(await screen.findByText('This figure holds until 26th Mar 2027.')).toBeInTheDocument();
    expect(rowsOf()).toContain('Total to settle your loan: £11,304.24');
    expect(screen.getByText(/Staff acting for a borrower cannot take a settlement payment for them or give them the bank details/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(await wcagViolations()).toEqual([]);
  });
});

describe('/earlyRepayment/card_select and payment_card', () => {
  it('offers the cards that can pay and a new card, and settles once with the card chosen', async () => {
    chooseSettlement();
    answerCalls(
      fetchMock,
      settleAnswers({ '/payment/createPayment': { resultData: settlement({ card: { brand: 'mastercard', last4: '4444' } }) } }, paymentOptions({ cards: [VISA, MASTERCARD, EXPIRED] })),
    );
    const router = renderAt('/earlyRepayment/card_select');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a card to settle with' })).toBeInTheDocument();
    expect((await screen.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Visa card ending 4242, expires 04/29 (your main card)',
      'Mastercard card ending 4444, expires 04/29',
      'A new card, on our payment provider’s secure page',
    ]);
    expect(screen.getByRole('radio', { name: /Visa card ending 4242/ })).toBeChecked();
    expect(screen.getByText('Visa card ending 1111: it expired at the end of 01/25.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: /Mastercard card ending 4444/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/earlyRepayment/payment_card');
    expect(await screen.findByText('Pay £11,304.24 to settle your loan with your Mastercard card ending 4444')).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);

    await userEvent.dblClick(screen.getByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitForPath(router, '/earlyRepayment/final_loan_confirmation');
    expect(callsTo(fetchMock, '/payment/createPayment')).toHaveLength(1);
    expect(keyOf(callsTo(fetchMock, '/payment/createPayment')[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(await bodyOf(fetchMock, '/payment/createPayment')).toEqual({
      loanId: 'loan_1',
      amountPence: TOTAL,
      kind: 'settlement',
      cardId: 'card_mc',
      settlementQuoteId: 'quote_1',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan is repaid' })).toBeInTheDocument();
    expect(within(main()).getByRole('status')).toHaveTextContent('We have received your payment of £11,304.24, which settles your loan in full.');
    expect(rowsOf()).toEqual(['Amount paid: £11,304.24', 'Paid with: Mastercard card ending 4444', 'Closing balance: £0.00']);
    expect(screen.getByRole('link', { name: 'your loan documents' })).toHaveAttribute('href', '/legal-documents');
    expect(screen.getByRole('link', { name: 'Back to your loan' })).toHaveAttribute('href', '/loanDashboard/main');
    expect(readIntent('loan_1')).toBeUndefined();
    expect(await wcagViolations()).toEqual([]);
  });

  it('sends the same key again after a refresh while the answer has not come', async () => {
    chooseSettlement();
    let reachable = false;
    const create: Answer = () =>
      reachable ? envelopeResponse({ resultData: settlement() }) : Promise.reject(new TypeError('Failed to fetch'));
    answerCalls(fetchMock, settleAnswers({ '/payment/createPayment': create }));
    renderAt('/earlyRepayment/payment_card');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Pay £11,304.24 to settle your loan' })).toBeEnabled();
    });
    const first = keyOf(callsTo(fetchMock, '/payment/createPayment')[0]);

    cleanup();
    queryClient.clear();
    reachable = true;
    const router = renderAt('/earlyRepayment/payment_card');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitForPath(router, '/earlyRepayment/final_loan_confirmation');
    expect(keyOf(callsTo(fetchMock, '/payment/createPayment')[1])).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why the card was declined, with the ways on', async () => {
    chooseSettlement();
    const declined = settlement({
      status: 'declined',
      declineMessage: 'Your bank declined the payment: there is not enough money in the account. Try another card.',
      recorded: false,
      balanceAfterPence: undefined,
    });
    answerCalls(fetchMock, settleAnswers({ '/payment/createPayment': { resultData: declined } }));
    const router = renderAt('/earlyRepayment/payment_card');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitForPath(router, '/earlyRepayment/issue_message');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan was not settled' })).toBeInTheDocument();
    expect(within(main()).getByRole('alert')).toHaveTextContent(
      'Your payment of £11,304.24 was not taken.Your bank declined the payment: there is not enough money in the account. Try another card.',
    );
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/earlyRepayment/payment_card');
    expect(screen.getByRole('link', { name: 'Use another card' })).toHaveAttribute('href', '/earlyRepayment/card_select');
    expect(within(main()).getAllByRole('link', { name: 'Contact us' })[0]).toHaveAttribute('href', '/contact-us');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says a figure that no longer holds in the BFF’s words, with the way to a new figure', async () => {
    chooseSettlement();
    const expired = 'Your settlement figure has expired. Ask for a new figure.';
    answerCalls(fetchMock, settleAnswers({ '/payment/createPayment': { ...failure(100400, expired), resultData: { field: 'settlementQuoteId' } } }));
    const router = renderAt('/earlyRepayment/payment_card');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitForPath(router, '/earlyRepayment/issue_message');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan was not settled' })).toBeInTheDocument();
    expect(within(main()).getByRole('alert')).toHaveTextContent(`Nothing was taken.${expired}`);
    expect(screen.getByRole('link', { name: 'Get a new settlement figure' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
    expect(await wcagViolations()).toEqual([]);
  });

  it('takes a new card to the secure page, and the return shows the loan settled', async () => {
    chooseSettlement({ newCard: true });
    const pending = settlement({ paymentId: 'plink_9', method: 'checkout', status: 'pending', checkoutUrl: CHECKOUT, recorded: false, card: undefined, balanceAfterPence: undefined });
    answerCalls(fetchMock, settleAnswers({ '/payment/createPayment': { resultData: pending } }));
    const router = renderAt('/earlyRepayment/payment_card');

    expect(await screen.findByText('Pay £11,304.24 to settle your loan with a new card')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £11,304.24 to settle your loan' }));
    await waitForPath(router, '/paynow');
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT);
    });
    expect(await bodyOf(fetchMock, '/payment/createPayment')).toEqual({ loanId: 'loan_1', amountPence: TOTAL, kind: 'settlement', settlementQuoteId: 'quote_1' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/earlyRepayment/payment_card');

    cleanup();
    const session: Answer = {
      resultData: { paymentLinkId: 'plink_9', purpose: 'repayment', status: 'succeeded', cpaAttached: false, payment: settlement({ paymentId: 'plink_9', method: 'checkout' }) },
    };
    answerCalls(fetchMock, settleAnswers({ '/payment/paymentSessionInfo': session }));
    renderAt('/payment-result');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan is repaid' })).toBeInTheDocument();
    expect(rowsOf()).toContain('Closing balance: £0.00');
    expect(screen.getByRole('link', { name: 'your loan documents' })).toHaveAttribute('href', '/legal-documents');
    expect(readIntent('loan_1')).toBeUndefined();
    expect(await wcagViolations()).toEqual([]);
  });

  it('tries a settlement again on its own screens when the checkout did not take it', async () => {
    keepPendingCheckout({ paymentLinkId: 'plink_9', loanId: 'loan_1', amountPence: TOTAL, checkoutUrl: CHECKOUT });
    const session: Answer = {
      resultData: { paymentLinkId: 'plink_9', purpose: 'repayment', status: 'cancelled', cpaAttached: false, payment: settlement({ status: 'cancelled', method: 'checkout', recorded: false }) },
    };
    answerCalls(fetchMock, settleAnswers({ '/payment/paymentSessionInfo': session }));
    renderAt('/payment-result');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment was cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/earlyRepayment/payment_card');
    expect(screen.getByRole('link', { name: 'Use another card' })).toHaveAttribute('href', '/earlyRepayment/card_select');
  });

  it('does not offer staff acting for the borrower to pay', async () => {
    actAsStaff();
    chooseSettlement();
    answerCalls(fetchMock, settleAnswers());
    renderAt('/earlyRepayment/payment_card');

    expect(await screen.findByText('Pay £11,304.24 to settle your loan with your Visa card ending 4242')).toBeInTheDocument();
    expect(screen.getByText(/Staff acting for a borrower cannot take a settlement payment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });

  it('leads to the figure when no settlement is chosen, and the outcome screens to the loan or the figure when opened directly', async () => {
    answerCalls(fetchMock, settleAnswers());
    const router = renderAt('/earlyRepayment/payment_card');
    await waitForPath(router, '/earlyRepayment/payment_amount');

    cleanup();
    const issue = renderAt('/earlyRepayment/issue_message');
    await waitForPath(issue, '/earlyRepayment/payment_amount');

    cleanup();
    const settled = renderAt('/earlyRepayment/final_loan_confirmation');
    await waitForPath(settled, '/loanDashboard/main');
  });
});

describe('/loan/loanFinalConfirm', () => {
  it('gives the bank details for the figure kept, and what happens next', async () => {
    chooseSettlement();
    answerCalls(fetchMock, settleAnswers());
    renderAt('/loan/loanFinalConfirm');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settle your loan by bank transfer' })).toBeInTheDocument();
    await screen.findByText('Payee');
    expect(rowsOf()).toEqual([
      'Payee: Lender Finance Ltd',
      'Sort code: 12-34-56',
      'Account number: 12345678',
      'Reference: SETTLE LOAN1',
      'Amount: £11,304.24',
      'Pay by: 26th Mar 2027',
    ]);
    expect(await bodyOf(fetchMock, '/payment/bankTransfer')).toEqual({ loanId: 'loan_1', settlementQuoteId: 'quote_1' });
    expect(screen.getByText('Your loan is settled when your payment reaches us, not before.')).toBeInTheDocument();
    expect(screen.getByText(/This figure holds until 26th Mar 2027\. If your payment reaches us after that, ask for a new figure first\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new settlement figure' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says when the details could not be given, with the way to a new figure', async () => {
    chooseSettlement();
    answerCalls(fetchMock, settleAnswers({ '/payment/bankTransfer': failure(100400, 'Your settlement figure has expired. Ask for a new figure.') }));
    renderAt('/loan/loanFinalConfirm');

    expect(await screen.findByText(/We could not load our bank details\. If your settlement figure has expired, get a new one\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new settlement figure' })).toHaveAttribute('href', '/earlyRepayment/payment_amount');
  });

  it('does not ask for the bank details for staff acting for the borrower, and says why', async () => {
    actAsStaff();
    chooseSettlement();
    answerCalls(fetchMock, settleAnswers());
    renderAt('/loan/loanFinalConfirm');

    expect(await screen.findByText(/Staff acting for a borrower cannot take a settlement payment for them or give them the bank details/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payment/bankTransfer')).toEqual([]);
    expect(screen.queryByText('Sort code')).toBeNull();
  });
});
