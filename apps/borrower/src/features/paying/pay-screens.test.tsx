import { envelopeResponse } from '@lender/api-client/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../api/query-client';
import { keepIntent, keepPendingCheckout, readPendingCheckout } from '../../lib/paying';
import { wcagViolations } from '../../test/axe';
import { EXPIRED, keyOf, main, MASTERCARD, payingAnswers, payment, paymentOptions, VISA, waitForPath } from '../../test/paying';
import { recordLeaving } from '../../test/leaving';
import { actAsStaff } from '../../test/profile';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const CHECKOUT = 'https://gateway.example/checkout/plink_9';
const assign = recordLeaving();

beforeEach(() => {
  signIn();
});

/** The arrears chosen on /make-a-payment, as it keeps them. */
function chooseArrears(): void {
  keepIntent({ loanId: 'loan_1', kind: 'arrears', amountPence: 40_212 });
}


describe('/pay/ACPay', () => {
  it('pays the amount with the primary card once, and shows the payment taken with the balance after', async () => {
    chooseArrears();
    answerCalls(fetchMock, payingAnswers({ '/payment/createPayment': { resultData: payment() } }));
    const router = renderAt('/pay');

    await waitForPath(router, '/pay/ACPay');
    expect(await screen.findByText('Pay £402.12 with your Visa card ending 4242')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Use another card on file' })).toHaveAttribute('href', '/pay/reuse');
    expect(screen.getByRole('link', { name: 'Pay with a new card' })).toHaveAttribute('href', '/pay/AdHoc');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/make-a-payment');
    expect(await wcagViolations()).toEqual([]);

    await userEvent.dblClick(screen.getByRole('button', { name: 'Pay £402.12 now' }));
    await waitForPath(router, '/pay/payment');
    expect(callsTo(fetchMock, '/payment/createPayment')).toHaveLength(1);
    expect(keyOf(callsTo(fetchMock, '/payment/createPayment')[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(await bodyOf(fetchMock, '/payment/createPayment')).toEqual({
      loanId: 'loan_1',
      amountPence: 40_212,
      kind: 'arrears',
      cardId: 'card_visa',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument();
    expect(within(main()).getByRole('status')).toHaveTextContent('We have received your payment of £402.12.');
    expect(within(main()).getByText('Visa card ending 4242')).toBeInTheDocument();
    expect(within(main()).getByText('£11,474.42')).toBeInTheDocument();
    expect(screen.getByText('We have e-mailed you a receipt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your loan' })).toHaveAttribute('href', '/loanDashboard/main');
    expect(await wcagViolations()).toEqual([]);
  });

  it('sends the same key again after a refresh while the answer has not come, and a new one for a new confirmation', async () => {
    chooseArrears();
    let reachable = false;
    const create: Answer = () =>
      reachable ? envelopeResponse({ resultData: payment() }) : Promise.reject(new TypeError('Failed to fetch'));
    answerCalls(fetchMock, payingAnswers({ '/payment/createPayment': create }));
    renderAt('/pay/ACPay');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Pay £402.12 now' })).toBeEnabled();
    });
    const first = keyOf(callsTo(fetchMock, '/payment/createPayment')[0]);

    // The page is loaded again: the tab's storage is all that is left.
    cleanup();
    queryClient.clear();
    reachable = true;
    const router = renderAt('/pay/ACPay');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    await waitForPath(router, '/pay/payment');
    expect(keyOf(callsTo(fetchMock, '/payment/createPayment')[1])).toBe(first);

    // Another payment, chosen and confirmed afresh, is another key.
    cleanup();
    chooseArrears();
    renderAt('/pay/ACPay');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/payment/createPayment')).toHaveLength(3);
    });
    const third = keyOf(callsTo(fetchMock, '/payment/createPayment')[2]);
    expect(third).not.toBe(first);
    expect(third).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says why the card was declined, with the ways on', async () => {
    chooseArrears();
    const declined = payment({
      status: 'declined',
      declineReason: 'insufficient_funds',
      declineMessage: 'Your bank declined the payment: there is not enough money in the account. Try another card.',
      recorded: false,
      balanceAfterPence: undefined,
    });
    answerCalls(fetchMock, payingAnswers({ '/payment/createPayment': { resultData: declined } }));
    const router = renderAt('/pay/ACPay');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    await waitForPath(router, '/pay/payment-fail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeInTheDocument();
    expect(within(main()).getByRole('alert')).toHaveTextContent(
      'Your payment of £402.12 was not taken.Your bank declined the payment: there is not enough money in the account. Try another card.',
    );
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/pay/ACPay');
    expect(screen.getByRole('link', { name: 'Use another card' })).toHaveAttribute('href', '/pay/reuse');
    expect(within(main()).getAllByRole('link', { name: 'Contact us' })[0]).toHaveAttribute('href', '/contact-us');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says on the page when the BFF refuses the amount, with the way to change it', async () => {
    chooseArrears();
    const refusal = 'The most you can pay today is £300.00. To pay off everything you owe, you need an early settlement.';
    answerCalls(
      fetchMock,
      payingAnswers({ '/payment/createPayment': { ...failure(100400, refusal), resultData: { field: 'amountPence' } } }),
    );
    renderAt('/pay/ACPay');

    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: refusal })).toHaveAttribute('href', '#change-amount');
    expect(screen.getByRole('link', { name: 'Change the amount' })).toHaveAttribute('href', '/make-a-payment');
  });

  it('leads to choose an amount when none is chosen, and to a new card when none on file can pay', async () => {
    answerCalls(fetchMock, payingAnswers({}, paymentOptions({ cards: [EXPIRED] })));
    const router = renderAt('/pay/ACPay');
    await waitForPath(router, '/make-a-payment');

    cleanup();
    chooseArrears();
    const again = renderAt('/pay/ACPay');
    await waitForPath(again, '/pay/AdHoc');
  });

  it('shows staff acting for the borrower the payment, but does not offer to take it', async () => {
    actAsStaff();
    chooseArrears();
    answerCalls(fetchMock, payingAnswers());
    renderAt('/pay/ACPay');

    expect(await screen.findByText('Pay £402.12 with your Visa card ending 4242')).toBeInTheDocument();
    expect(screen.getByText(/Staff acting for a borrower cannot take a payment for them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(await wcagViolations()).toEqual([]);
  });
});

describe('/pay/reuse', () => {
  it('offers the cards that can pay, shows an expired one with why, and pays with the card chosen', async () => {
    chooseArrears();
    answerCalls(
      fetchMock,
      payingAnswers(
        { '/payment/createPayment': { resultData: payment({ card: { brand: 'mastercard', last4: '4444' } }) } },
        paymentOptions({ cards: [VISA, MASTERCARD, EXPIRED] }),
      ),
    );
    const router = renderAt('/pay/reuse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a card to pay with' })).toBeInTheDocument();
    expect((await screen.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Visa card ending 4242, expires 04/29 (your main card)',
      'Mastercard card ending 4444, expires 04/29',
    ]);
    expect(screen.getByRole('radio', { name: /Visa card ending 4242/ })).toBeChecked();
    expect(screen.getByText('Visa card ending 1111: it expired at the end of 01/25.')).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: /Mastercard card ending 4444/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/pay/ACPay');
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £402.12 now' }));
    await waitForPath(router, '/pay/payment');
    expect(await bodyOf(fetchMock, '/payment/createPayment')).toMatchObject({ cardId: 'card_mc' });
  });
});

describe('/pay/AdHoc and the hosted checkout', () => {
  it('asks for a checkout without a card, keeps the payment in this browser and sends the browser there', async () => {
    chooseArrears();
    const pending = payment({ paymentId: 'plink_9', method: 'checkout', status: 'pending', checkoutUrl: CHECKOUT, recorded: false, card: undefined, balanceAfterPence: undefined });
    answerCalls(fetchMock, payingAnswers({ '/payment/createPayment': { resultData: pending } }));
    const router = renderAt('/pay/AdHoc');

    expect(await screen.findByText(/on our payment provider’s secure page/)).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/paynow');
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith(CHECKOUT);
    });
    expect(await bodyOf(fetchMock, '/payment/createPayment')).toEqual({ loanId: 'loan_1', amountPence: 40_212, kind: 'arrears' });
    expect(keyOf(callsTo(fetchMock, '/payment/createPayment')[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(readPendingCheckout()).toEqual({ paymentLinkId: 'plink_9', loanId: 'loan_1', amountPence: 40_212, checkoutUrl: CHECKOUT });
    expect(screen.getByRole('link', { name: 'Go to the secure payment page' })).toHaveAttribute('href', CHECKOUT);
    expect(await wcagViolations()).toEqual([]);
  });
});

/** The payment the gateway's return is about, as paymentSessionInfo answers it. */
function sessionAnswer(status: 'pending' | 'succeeded' | 'declined' | 'failed' | 'cancelled' | 'expired', extra: object = {}): Answer {
  return {
    resultData: {
      paymentLinkId: 'plink_9',
      purpose: 'repayment',
      status,
      cpaAttached: false,
      payment: payment({ paymentId: 'plink_9', method: 'checkout', status, ...extra }),
    },
  };
}

describe('/payment-result', () => {
  beforeEach(() => {
    keepPendingCheckout({ paymentLinkId: 'plink_9', loanId: 'loan_1', amountPence: 40_212, checkoutUrl: CHECKOUT });
  });

  it('reads the outcome from the gateway for the payment kept here, not from the return’s query', async () => {
    answerCalls(fetchMock, payingAnswers({ '/payment/paymentSessionInfo': sessionAnswer('succeeded') }));
    renderAt('/payment-result?status=declined&paymentLinkId=plink_other');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeInTheDocument();
    expect(new URL(callsTo(fetchMock, '/payment/paymentSessionInfo')[0]?.url ?? '').searchParams.get('paymentLinkId')).toBe('plink_9');
    expect(screen.getByText('£11,474.42')).toBeInTheDocument();
    expect(screen.getByText('We have e-mailed you a receipt.')).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);
  });

  it.each([
    ['declined', 'Your payment did not go through', 'Your bank declined the payment. Try another card.', { declineMessage: 'Your bank declined the payment. Try another card.' }],
    ['failed', 'Your payment did not go through', 'Something went wrong with the payment, so it was not taken. You can try again.', {}],
    ['cancelled', 'Your payment was cancelled', 'You cancelled the payment, so nothing was taken.', {}],
    ['expired', 'Your payment timed out', 'The payment page timed out before you paid, so nothing was taken.', {}],
  ] as const)('says a %s payment in plain words, with the ways on', async (status, title, words, extra) => {
    answerCalls(fetchMock, payingAnswers({ '/payment/paymentSessionInfo': sessionAnswer(status, { recorded: false, ...extra }) }));
    renderAt('/payment-result');

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(within(main()).getByRole('alert')).toHaveTextContent(`Your payment of £402.12 was not taken.${words}`);
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/pay/AdHoc');
    expect(screen.getByRole('link', { name: 'Use another card' })).toHaveAttribute('href', '/pay/reuse');
    expect(within(main()).getAllByRole('link', { name: 'Contact us' })[0]).toHaveAttribute('href', '/contact-us');
    expect(await wcagViolations()).toEqual([]);
  });

  it('leads a checkout not finished yet to /payment-component: back to the secure page, or another way', async () => {
    answerCalls(fetchMock, payingAnswers({ '/payment/paymentSessionInfo': sessionAnswer('pending', { checkoutUrl: CHECKOUT }) }));
    const router = renderAt('/payment-result');

    await waitForPath(router, '/payment-component');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is not finished' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue to the secure payment page' })).toHaveAttribute('href', CHECKOUT);
    expect(screen.getByRole('link', { name: 'Choose another way to pay' })).toHaveAttribute('href', '/make-a-payment');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says when this browser has no payment to show', async () => {
    localStorage.clear();
    signIn();
    answerCalls(fetchMock, payingAnswers());
    renderAt('/payment-result');

    expect(await screen.findByText(/We cannot find a payment made from this browser/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/payment/paymentSessionInfo')).toEqual([]);
  });
});
