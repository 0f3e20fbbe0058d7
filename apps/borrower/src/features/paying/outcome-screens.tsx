import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Payment } from '../../api/payment';
import { LoanScreen } from '../../components/loan-screen';
import { forgetIntent } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { PaymentNotTaken, PaymentTaken } from './paying-parts';

/** The payment a /pay answer led here with (the location's state, never the URL), or undefined. */
export function paymentOf(state: unknown): Payment | undefined {
  const payment = typeof state === 'object' && state !== null ? (state as { payment?: unknown }).payment : undefined;
  return typeof payment === 'object' && payment !== null && 'status' in payment ? (payment as Payment) : undefined;
}

/** Where Try again leads after a payment that did not go through: the card on file again, or a new card. */
export function tryAgainPath(payment: Pick<Payment, 'method'>): string {
  return payment.method === 'stored_card' ? paths.paying.acPay : paths.paying.adHoc;
}

/**
 * /pay/payment: the payment taken with a card on file: the amount, the card, the balance after, the receipt
 * e-mailed, and the way back to the loan. Opened without a payment (typed, bookmarked), it leads to choose one.
 */
export function PaymentTakenScreen() {
  const payment = paymentOf(useLocation().state);
  const taken = payment?.status === 'succeeded';
  useEffect(() => {
    // The payment is taken: its intent has served (the next one is chosen afresh).
    if (taken) forgetIntent();
  }, [taken]);
  if (payment?.status !== 'succeeded') return <Navigate replace to={paths.paying.makeAPayment} />;
  return <LoanScreen title="Payment received" backTo={paths.legacy.loanDashboardMain}>{() => <PaymentTaken payment={payment} />}</LoanScreen>;
}

/**
 * /pay/payment-fail: a card on file declined (the gateway's reason in plain words) or the payment failed, with the
 * ways on: try again, use another card, contact us.
 */
export function PaymentFailScreen() {
  const payment = paymentOf(useLocation().state);
  if (payment === undefined || payment.status === 'succeeded' || payment.status === 'pending') {
    return <Navigate replace to={paths.paying.makeAPayment} />;
  }
  return (
    <LoanScreen title="Your payment did not go through" backTo={paths.paying.acPay}>
      {() => <PaymentNotTaken payment={payment} tryAgainTo={tryAgainPath(payment)} />}
    </LoanScreen>
  );
}
