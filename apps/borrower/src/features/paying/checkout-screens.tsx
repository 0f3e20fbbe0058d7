import { formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { paymentSessionQuery } from '../../api/payment';
import type { Payment } from '../../api/payment';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { ContactUsLink } from '../../components/loan-screen';
import { SignInPage } from '../../components/sign-in-page';
import { leaveFor } from '../../lib/leave-for';
import { usePageTitle } from '../../lib/page-title';
import { forgetIntent, readPendingCheckout } from '../../lib/paying';
import type { PendingCheckout } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { BackToLoan, PaymentNotTaken, PaymentTaken, takenTitle } from './paying-parts';

/**
 * /paynow: sends the browser to the hosted checkout of the payment under way (kept in this browser by /pay/AdHoc),
 * with a link for when it does not go by itself.
 */
export function PayNowScreen() {
  const [pending] = useState(readPendingCheckout);
  const checkoutUrl = pending?.checkoutUrl;
  useEffect(() => {
    if (checkoutUrl !== undefined) leaveFor(checkoutUrl);
  }, [checkoutUrl]);
  if (checkoutUrl === undefined) return <Navigate replace to={paths.paying.makeAPayment} />;
  return (
    <SignInPage title="Taking you to our payment provider" backTo={pending?.settlement === true ? paths.paying.settleCard : paths.paying.adHoc}>
      <Typography sx={{ mb: 3 }}>You will enter your card details on our payment provider’s secure page.</Typography>
      <Link href={checkoutUrl}>Go to the secure payment page</Link>
    </SignInPage>
  );
}

/** The outcomes' headings. */
const TITLES: Readonly<Record<Exclude<Payment['status'], 'pending'>, string>> = {
  succeeded: 'Payment received',
  declined: 'Your payment did not go through',
  failed: 'Your payment did not go through',
  cancelled: 'Your payment was cancelled',
  expired: 'Your payment timed out',
};

/** Said where this browser has no payment under way to show (another browser, or a day later). */
function NoPayment({ title }: { title: string }) {
  return (
    <SignInPage title={title} backTo={paths.legacy.loanDashboardMain}>
      <Typography sx={{ mb: 3 }}>
        We cannot find a payment made from this browser. Your loan’s transactions show every payment we have received.
      </Typography>
      <Link component={RouterLink} to={paths.loanAccount.transactions}>
        See your transactions
      </Link>
      <ContactUsLink />
    </SignInPage>
  );
}

/**
 * /payment-result: where the hosted checkout returns. The outcome is read from the gateway through the BFF
 * (payment/paymentSessionInfo) for the payment kept in this browser, never from the return address's query:
 * taken (the amount, the balance after, the receipt), or declined, failed, cancelled or expired, each with its
 * ways on. A checkout not finished yet leads to /payment-component.
 */
export function PaymentResultScreen() {
  const [pending] = useState(readPendingCheckout);
  if (pending === undefined) return <NoPayment title="Your payment" />;
  return <PaymentOutcome pending={pending} />;
}

function usePaymentSession(pending: PendingCheckout) {
  return useServerData(paymentSessionQuery(pending.paymentLinkId));
}

function PaymentOutcome({ pending }: { pending: PendingCheckout }) {
  const { result, retry } = usePaymentSession(pending);
  const payment = result.state === 'ready' ? result.value.payment : undefined;
  const status = payment?.status;
  const title =
    payment === undefined || payment.status === 'pending'
      ? 'Your payment'
      : payment.status === 'succeeded'
        ? takenTitle(payment)
        : TITLES[payment.status];
  usePageTitle(title);
  useEffect(() => {
    if (status === 'succeeded') forgetIntent();
  }, [status]);
  if (status === 'pending') return <Navigate replace to={paths.paying.paymentComponent} />;
  return (
    <SignInPage title={title} backTo={paths.legacy.loanDashboardMain}>
      <LoadView load={result} retry={retry} loadingLabel="Checking your payment" failedMessage="We could not check your payment.">
        {() => {
          if (payment === undefined) return <Typography sx={{ mb: 3 }}>We could not find this payment. Contact us if you were charged.</Typography>;
          if (payment.status === 'succeeded') return <PaymentTaken payment={payment} />;
          // A settlement tries again on its own screens: its quote is kept with its intent.
          return payment.kind === 'settlement' ? (
            <PaymentNotTaken payment={payment} tryAgainTo={paths.paying.settleCard} anotherCardTo={paths.paying.settleCardSelect} />
          ) : (
            <PaymentNotTaken payment={payment} tryAgainTo={paths.paying.adHoc} />
          );
        }}
      </LoadView>
      <ContactUsLink />
    </SignInPage>
  );
}

/**
 * /payment-component: a payment whose hosted checkout is not finished yet (still open at the gateway): back to the
 * secure page to finish it, or another way to pay. Once the checkout has an outcome, it leads to /payment-result.
 */
export function PaymentComponentScreen() {
  const [pending] = useState(readPendingCheckout);
  if (pending === undefined) return <NoPayment title="Your payment is not finished" />;
  return <UnfinishedPayment pending={pending} />;
}

function UnfinishedPayment({ pending }: { pending: PendingCheckout }) {
  const { result, retry } = usePaymentSession(pending);
  if (result.state === 'ready' && result.value.payment?.status !== 'pending') {
    return <Navigate replace to={paths.paying.paymentResult} />;
  }
  return (
    <SignInPage title="Your payment is not finished" backTo={paths.legacy.loanDashboardMain}>
      <LoadView load={result} retry={retry} loadingLabel="Checking your payment" failedMessage="We could not check your payment.">
        {() => (
          <>
            <Typography sx={{ mb: 2 }}>
              Your payment of {formatPence(pending.amountPence)} has not been made yet. The secure payment page is still
              open.
            </Typography>
            <Button variant="contained" size="large" fullWidth href={pending.checkoutUrl} sx={{ mb: 3 }}>
              Continue to the secure payment page
            </Button>
            <Typography sx={{ mb: 2 }}>
              If you choose another way to pay, do not finish this payment on the secure page as well.
            </Typography>
            <Link component={RouterLink} to={pending.settlement === true ? paths.paying.settleAmount : paths.paying.makeAPayment}>
              Choose another way to pay
            </Link>
            <Typography sx={{ mt: 3 }}>
              <BackToLoan />
            </Typography>
          </>
        )}
      </LoadView>
      <ContactUsLink />
    </SignInPage>
  );
}
