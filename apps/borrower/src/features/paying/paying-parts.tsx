import { formatDate, formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LoanSummary } from '../../api/loan';
import { paymentOptionsQuery } from '../../api/payment';
import type { Payment, PaymentOptions } from '../../api/payment';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { NoticeBanner } from '../../components/notice-banner';
import type { QuestionFrame } from '../../components/question';
import { SummaryList } from '../../components/summary-list';
import type { SummaryRow } from '../../components/summary-list';
import { cardWords, failureWords } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { useStaffMode } from '../../lib/staff-mode';

/** The pieces the paying screens share: the options read, staff mode, and a payment's outcome with its ways on. */

/** Whether staff are acting for the borrower: they see the amounts, but a payment is not offered. */
export function useStaffActing(): boolean {
  return useStaffMode((state) => state.acting);
}

export const STAFF_CANNOT_PAY =
  'Staff acting for a borrower cannot take a payment for them. The borrower can make a payment themselves, online or by contacting us.';

/** Said in place of the button that pays, in staff mode. */
export function StaffCannotPay() {
  return (
    <NoticeBanner title="You cannot take this payment">
      <Typography>{STAFF_CANNOT_PAY}</Typography>
    </NoticeBanner>
  );
}

/**
 * A question page inside the loan screen's frame (components/loan-screen.tsx), which already gives the page, its
 * h1 and back link: the question kit then adds only its error summary, fields and button.
 */
export const InLoanScreen: QuestionFrame = ({ children }) => children;

/** What the borrower can pay on the loan and with which cards (payment/paymentOptions), loading or failed with Try again. */
export function PaymentOptionsView({
  loan,
  children,
}: {
  loan: LoanSummary;
  children: (options: PaymentOptions) => ReactNode;
}) {
  const { result, retry } = useServerData(paymentOptionsQuery(loan.loanId));
  return (
    <LoadView load={result} retry={retry} loadingLabel="Loading what you can pay" failedMessage="We could not load what you can pay.">
      {(options) =>
        options.open ? (
          children(options)
        ) : (
          <>
            <Typography sx={{ mb: 3 }}>{options.closedReason ?? 'This loan cannot take a payment today.'}</Typography>
            <BackToLoan />
          </>
        )
      }
    </LoadView>
  );
}

export function BackToLoan() {
  return (
    <Link component={RouterLink} to={paths.legacy.loanDashboardMain}>
      Back to your loan
    </Link>
  );
}

/** A payment taken: what, from which card, the balance after, and the receipt. */
export function PaymentTaken({ payment }: { payment: Payment }) {
  const rows: SummaryRow[] = [
    ['Amount paid', formatPence(payment.amountPence)],
    ...(payment.card === undefined ? [] : [['Paid with', cardWords(payment.card)] as const]),
    ...(payment.recorded && payment.balanceAfterPence !== undefined
      ? [['What you owe now', formatPence(payment.balanceAfterPence)] as const]
      : []),
  ];
  return (
    <>
      <Box role="status">
        <NoticeBanner title="Success">
          <Typography>Thank you. We have received your payment of {formatPence(payment.amountPence)}.</Typography>
        </NoticeBanner>
      </Box>
      <SummaryList rows={rows} />
      {payment.recorded ? null : (
        <Typography sx={{ mb: 2 }}>Your balance will show the payment within a few minutes.</Typography>
      )}
      <Typography sx={{ mb: 3 }}>We have e-mailed you a receipt.</Typography>
      <BackToLoan />
    </>
  );
}

/**
 * A payment that did not go through: why, in plain words (the gateway's reason when declined), and the ways on:
 * try again, use another card, contact us. Nothing was taken.
 */
export function PaymentNotTaken({ payment, tryAgainTo }: { payment: Pick<Payment, 'status' | 'declineMessage' | 'amountPence'>; tryAgainTo: string }) {
  return (
    <>
      <Box role="alert" sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: 700, mb: 1 }}>Your payment of {formatPence(payment.amountPence)} was not taken.</Typography>
        <Typography>{failureWords(payment)}</Typography>
      </Box>
      <WaysOn tryAgainTo={tryAgainTo} />
    </>
  );
}

/** The ways on after a payment that did not go through. */
export function WaysOn({ tryAgainTo }: { tryAgainTo: string }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[
        { to: tryAgainTo, label: 'Try again' },
        { to: paths.paying.reuse, label: 'Use another card' },
        { to: paths.contactUs, label: 'Contact us' },
      ].map(({ to, label }) => (
        <Box component="li" key={label} sx={{ py: 1 }}>
          <Link component={RouterLink} to={to}>
            {label}
          </Link>
        </Box>
      ))}
    </Box>
  );
}

/** The next instalment's words: "£402.12, due 3 March 2027". */
export function instalmentWords(next: NonNullable<PaymentOptions['nextInstalment']>): string {
  return `${formatPence(next.amountPence)}, due ${formatDate(next.dueDate)}`;
}
