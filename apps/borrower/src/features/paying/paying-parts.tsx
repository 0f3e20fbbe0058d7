import { formatDate, formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LoanSummary } from '../../api/loan';
import { paymentOptionsQuery } from '../../api/payment';
import type { Payment, PaymentOptions, StoredCard } from '../../api/payment';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { NoticeBanner } from '../../components/notice-banner';
import type { QuestionFrame } from '../../components/question';
import { SummaryList } from '../../components/summary-list';
import type { SummaryRow } from '../../components/summary-list';
import { cardWords, expiryWords, failureWords } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { useStaffMode } from '../../lib/staff-mode';

/** The pieces the paying screens share: the options read, staff mode, and a payment's outcome with its ways on. */

/** Whether staff are acting for the borrower: they see the amounts, but a payment is not offered. */
export function useStaffActing(): boolean {
  return useStaffMode((state) => state.acting);
}

export const STAFF_CANNOT_PAY =
  'Staff acting for a borrower cannot take a payment for them. The borrower can make a payment themselves, online or by contacting us.';

/** Said in place of the button that pays (or of what staff may not do for the borrower), in staff mode. */
export function StaffCannotPay({ title = 'You cannot take this payment', words = STAFF_CANNOT_PAY }: { title?: string; words?: string }) {
  return (
    <NoticeBanner title={title}>
      <Typography>{words}</Typography>
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

/** The heading of a payment taken: a settlement's says the loan is repaid. */
export function takenTitle(payment: Pick<Payment, 'kind'>): string {
  return payment.kind === 'settlement' ? 'Your loan is repaid' : 'Payment received';
}

/**
 * A payment taken: what, from which card, the balance after, and the receipt. A settlement's says the loan is
 * repaid, with its closing balance and where its settlement letter is.
 */
export function PaymentTaken({ payment }: { payment: Payment }) {
  const settlement = payment.kind === 'settlement';
  const rows: SummaryRow[] = [
    ['Amount paid', formatPence(payment.amountPence)],
    ...(payment.card === undefined ? [] : [['Paid with', cardWords(payment.card)] as const]),
    ...(payment.recorded && payment.balanceAfterPence !== undefined
      ? [[settlement ? 'Closing balance' : 'What you owe now', formatPence(payment.balanceAfterPence)] as const]
      : []),
  ];
  const amount = formatPence(payment.amountPence);
  return (
    <>
      <Box role="status">
        <NoticeBanner title={settlement ? 'Your loan is repaid' : 'Success'}>
          <Typography>
            {settlement
              ? `Thank you. We have received your payment of ${amount}, which settles your loan in full.`
              : `Thank you. We have received your payment of ${amount}.`}
          </Typography>
        </NoticeBanner>
      </Box>
      <SummaryList rows={rows} />
      {payment.recorded ? null : (
        <Typography sx={{ mb: 2 }}>
          {settlement
            ? 'Your loan will show as repaid, with a closing balance of £0.00, within a few minutes.'
            : 'Your balance will show the payment within a few minutes.'}
        </Typography>
      )}
      <Typography sx={{ mb: settlement ? 2 : 3 }}>We have e-mailed you a receipt.</Typography>
      {settlement ? (
        <Typography sx={{ mb: 3 }}>
          Your settlement letter confirms that the loan is repaid. It will be in{' '}
          <Link component={RouterLink} to={paths.loanAccount.legalDocuments}>
            your loan documents
          </Link>
          .
        </Typography>
      ) : null}
      <BackToLoan />
    </>
  );
}

/**
 * A payment that did not go through: why, in plain words (the gateway's reason when declined), and the ways on:
 * try again, use another card, contact us. Nothing was taken.
 */
export function PaymentNotTaken({
  payment,
  tryAgainTo,
  anotherCardTo,
}: {
  payment: Pick<Payment, 'status' | 'declineMessage' | 'amountPence'>;
  tryAgainTo: string;
  anotherCardTo?: string;
}) {
  return (
    <>
      <Box role="alert" sx={{ mb: 3 }}>
        <Typography sx={{ fontWeight: 700, mb: 1 }}>Your payment of {formatPence(payment.amountPence)} was not taken.</Typography>
        <Typography>{failureWords(payment)}</Typography>
      </Box>
      <WaysOn tryAgainTo={tryAgainTo} anotherCardTo={anotherCardTo} />
    </>
  );
}

/** The ways on after a payment that did not go through. */
export function WaysOn({ tryAgainTo, anotherCardTo = paths.paying.reuse }: { tryAgainTo: string; anotherCardTo?: string | undefined }) {
  return (
    <LinkList
      links={[
        { to: tryAgainTo, label: 'Try again' },
        { to: anotherCardTo, label: 'Use another card' },
        { to: paths.contactUs, label: 'Contact us' },
      ]}
    />
  );
}

/** Other ways on, as a list of links. */
export function LinkList({ links }: { links: readonly { to: string; label: string }[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {links.map(({ to, label }) => (
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

/** A card on file as a choice: "Visa card ending 4242, expires 04/29 (your main card)". */
export function cardChoiceWords(card: StoredCard): string {
  return `${cardWords(card)}, expires ${expiryWords(card)}${card.primary ? ' (your main card)' : ''}`;
}

/** The cards on file that have expired, each with why it cannot be chosen; nothing when there are none. */
export function ExpiredCards({ options }: { options: Pick<PaymentOptions, 'cards'> }) {
  const expired = options.cards.filter((card) => card.expired);
  if (expired.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography component="h2" sx={{ typography: 'h6', mb: 1 }}>
        Cards you cannot use
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {expired.map((card) => (
          <li key={card.cardId}>
            <Typography>
              {cardWords(card)}: it expired at the end of {expiryWords(card)}.
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
