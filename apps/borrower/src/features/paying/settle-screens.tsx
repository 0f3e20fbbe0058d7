import { formatDate, formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import type { LoanSummary } from '../../api/loan';
import { bankTransferQuery, settlementQuoteQuery } from '../../api/payment';
import type { PaymentOptions, SettlementFigure } from '../../api/payment';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { LoanDataScreen, LoanScreen } from '../../components/loan-screen';
import { QuestionPage, RadiosAnswer } from '../../components/question';
import { SummaryList } from '../../components/summary-list';
import type { SummaryRow } from '../../components/summary-list';
import { cardToPay, cardWords, forgetIntent, keepIntent, readIntent, usableCards } from '../../lib/paying';
import type { PaymentIntent } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { usePay } from './card-screens';
import { paymentOf } from './outcome-screens';
import type { PaymentState, PayOutcomes } from './card-screens';
import {
  BackToLoan,
  cardChoiceWords,
  ExpiredCards,
  InLoanScreen,
  LinkList,
  PaymentNotTaken,
  PaymentOptionsView,
  PaymentTaken,
  StaffCannotPay,
  takenTitle,
  useStaffActing,
} from './paying-parts';

/**
 * The screens of early settlement (issue 17 §3; docs/decisions/pay-screens.md): the lending core's settlement
 * figure with its parts, paid by card (a card on file, or a new card on the hosted checkout, as paying an amount
 * is) or by bank transfer. The quote is kept with the intent in this tab: the payment names it, for its total.
 */

/** Staff see the figure, but neither pay it nor get the bank details for the borrower. */
export const STAFF_CANNOT_SETTLE =
  'Staff acting for a borrower cannot take a settlement payment for them or give them the bank details to settle: both are the borrower’s own act. The borrower can settle online, or by contacting us.';

const SETTLE_OUTCOMES: PayOutcomes = {
  taken: paths.paying.settled,
  notTaken: paths.paying.settleIssue,
  refused: paths.paying.settleIssue,
};

/** The figure's date words: the day a figure holds until is the end of its settlement date. */
function holdsUntil(figure: Pick<SettlementFigure, 'expiresAt'>): string {
  return formatDate(figure.expiresAt.slice(0, 10));
}

/** The figure's parts, in words: what is owed today beside what settles the loan, and how that is made up. */
function figureRows(figure: SettlementFigure): SummaryRow[] {
  const rows: SummaryRow[] = [
    ['What you owe today', formatPence(figure.balancePence)],
    ['Settlement date', formatDate(figure.settlementDate)],
    [
      figure.remainingRepayments === 1 ? 'Your 1 instalment after that date' : `Your ${String(figure.remainingRepayments)} instalments after that date`,
      formatPence(figure.remainingScheduledPence),
    ],
    ['Interest you save (your rebate)', formatPence(figure.rebatePence)],
    ['To settle those instalments', formatPence(figure.settlementAmountPence)],
  ];
  if (figure.arrearsPence > 0) rows.push(['Arrears, owed on top', formatPence(figure.arrearsPence)]);
  for (const due of figure.dueBeforeSettlement) {
    rows.push([`Instalment due ${formatDate(due.dueDate)}, owed on top`, formatPence(due.amountPence)]);
  }
  rows.push(['Total to settle your loan', formatPence(figure.totalToSettlePence)]);
  return rows;
}

/** The settlement figure as the borrower reads it: its parts, the total, and the day it holds until. */
function FigureParts({ figure }: { figure: SettlementFigure }) {
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        You owe {formatPence(figure.balancePence)} today. To repay your loan in full early, you pay{' '}
        {formatPence(figure.totalToSettlePence)}: your instalments after {formatDate(figure.settlementDate)} are replaced
        by a smaller amount, because you do not pay the interest for the time you no longer borrow.
        {figure.arrearsPence > 0 || figure.dueBeforeSettlementPence > 0
          ? ' Anything unpaid or due before that date is owed on top.'
          : ''}
      </Typography>
      <SummaryList rows={figureRows(figure)} />
      <Typography sx={{ mb: 3, fontWeight: 700 }}>This figure holds until {holdsUntil(figure)}.</Typography>
    </>
  );
}

const HOW = z.object({ how: z.string() }).refine((answers) => answers.how === 'card' || answers.how === 'transfer', {
  message: 'Select how you want to pay',
  path: ['how'],
});

/**
 * /earlyRepayment/payment_amount: the lending core's settlement figure with its parts (payment/settlementQuote),
 * the right to settle early, and the choice of paying by card or by bank transfer. Staff see the figure only.
 */
export function SettleAmountScreen() {
  return (
    <LoanDataScreen
      title="Repay your loan early"
      backTo={paths.loanAccount.manageMyLoan}
      read={settlementQuoteQuery}
      loadingLabel="Loading your settlement figure"
      failedMessage="We could not load your settlement figure."
    >
      {(figure, loan) => <SettlementChoice figure={figure} loan={loan} />}
    </LoanDataScreen>
  );
}

function SettlementChoice({ figure, loan }: { figure: SettlementFigure; loan: LoanSummary }) {
  const navigate = useNavigate();
  const staff = useStaffActing();
  const rights = (
    <>
      <Typography sx={{ mb: 2 }}>
        You have the right to repay your loan in full at any time (section 94 of the Consumer Credit Act 1974), and
        you pay less interest when you do.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Paying only part of what you owe early is an overpayment: you can{' '}
        <Link component={RouterLink} to={paths.paying.makeAPayment}>
          make a payment
        </Link>{' '}
        of any amount instead.
      </Typography>
    </>
  );
  if (staff) {
    return (
      <>
        <FigureParts figure={figure} />
        {rights}
        <StaffCannotPay words={STAFF_CANNOT_SETTLE} />
      </>
    );
  }
  return (
    <QuestionPage
      question="Repay your loan early"
      frame={InLoanScreen}
      schema={HOW}
      defaultValues={{ how: '' }}
      intro={<FigureParts figure={figure} />}
      onSubmit={({ how }) => {
        keepIntent({
          loanId: loan.loanId,
          kind: 'settlement',
          amountPence: figure.totalToSettlePence,
          settlementQuoteId: figure.quoteId,
        });
        return navigate(how === 'card' ? paths.paying.settleCardSelect : paths.paying.settleByTransfer);
      }}
      after={rights}
    >
      <RadiosAnswer
        name="how"
        legend={`How do you want to pay ${formatPence(figure.totalToSettlePence)}?`}
        options={[
          { value: 'card', label: 'By debit card' },
          { value: 'transfer', label: 'By bank transfer' },
        ]}
      />
    </QuestionPage>
  );
}

/** A settlement screen about the kept settlement intent of the chosen loan; without one, back to get the figure. */
function SettleIntentScreen({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: (loan: LoanSummary, intent: PaymentIntent) => ReactNode;
}) {
  return (
    <LoanScreen title={title} backTo={backTo}>
      {(loan) => {
        const intent = readIntent(loan.loanId);
        if (intent?.kind !== 'settlement') return <Navigate replace to={paths.paying.settleAmount} />;
        return children(loan, intent);
      }}
    </LoanScreen>
  );
}

const NEW_CARD = 'new';
const CHOOSE = z.object({ cardId: z.string().min(1, 'Select a card to pay with') });

/**
 * /earlyRepayment/card_select: the card to settle with: one on file (the primary first; an expired card is listed
 * with why, not choosable) or a new card on the payment provider's secure page.
 */
export function SettleCardSelectScreen() {
  return (
    <SettleIntentScreen title="Choose a card to settle with" backTo={paths.paying.settleAmount}>
      {(loan, intent) => (
        <PaymentOptionsView loan={loan}>{(options) => <ChooseSettleCard intent={intent} options={options} />}</PaymentOptionsView>
      )}
    </SettleIntentScreen>
  );
}

function ChooseSettleCard({ intent, options }: { intent: PaymentIntent; options: PaymentOptions }) {
  const navigate = useNavigate();
  const usable = usableCards(options);
  const chosen = intent.newCard === true ? NEW_CARD : (cardToPay(options, intent.cardId)?.cardId ?? NEW_CARD);
  return (
    <QuestionPage
      question="Choose a card to settle with"
      frame={InLoanScreen}
      schema={CHOOSE}
      defaultValues={{ cardId: chosen }}
      intro={<ExpiredCards options={options} />}
      onSubmit={({ cardId }) => {
        const { loanId, kind, amountPence, settlementQuoteId } = intent;
        keepIntent({
          loanId,
          kind,
          amountPence,
          settlementQuoteId,
          ...(cardId === NEW_CARD ? { newCard: true } : { cardId }),
        });
        return navigate(paths.paying.settleCard);
      }}
    >
      <RadiosAnswer
        name="cardId"
        legend={`Which card do you want to pay ${formatPence(intent.amountPence)} with?`}
        options={[
          ...usable.map((card) => ({ value: card.cardId, label: cardChoiceWords(card) })),
          { value: NEW_CARD, label: 'A new card, on our payment provider’s secure page' },
        ]}
      />
    </QuestionPage>
  );
}

/**
 * /earlyRepayment/payment_card: confirm "Pay £X to settle your loan" with the card chosen. The key is made at the
 * click and kept until the answer (a refresh sends it again); a card on file answers at once, a new card goes to
 * /paynow and the hosted checkout, whose return (/payment-result) shows the loan settled.
 */
export function SettleCardScreen() {
  return (
    <SettleIntentScreen title="Settle your loan" backTo={paths.paying.settleCardSelect}>
      {(loan, intent) => (
        <PaymentOptionsView loan={loan}>{(options) => <ConfirmSettlement loan={loan} intent={intent} options={options} />}</PaymentOptionsView>
      )}
    </SettleIntentScreen>
  );
}

function ConfirmSettlement({ loan, intent, options }: { loan: LoanSummary; intent: PaymentIntent; options: PaymentOptions }) {
  const staff = useStaffActing();
  const { pay, busy } = usePay(loan, SETTLE_OUTCOMES);
  const card = intent.newCard === true ? undefined : cardToPay(options, intent.cardId);
  const label = `Pay ${formatPence(intent.amountPence)} to settle your loan`;
  return (
    <>
      <Typography sx={{ mb: 2, typography: 'h6' }}>
        {card === undefined ? `${label} with a new card` : `${label} with your ${cardWords(card)}`}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {card === undefined
          ? 'You will enter your card details on our payment provider’s secure page. Nothing is taken until you confirm the payment there.'
          : 'The payment is taken from the card straight away.'}{' '}
        Once it is taken, your loan is repaid.
      </Typography>
      {staff ? (
        <StaffCannotPay words={STAFF_CANNOT_SETTLE} />
      ) : (
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          onClick={() => void pay(intent, card?.cardId)}
          sx={{ mb: 3 }}
        >
          {busy ? 'Paying…' : label}
        </Button>
      )}
      <LinkList
        links={[
          { to: paths.paying.settleCardSelect, label: 'Use another card' },
          { to: paths.paying.settleByTransfer, label: 'Pay by bank transfer instead' },
        ]}
      />
    </>
  );
}

/** What a settlement's answer led here with (the location's state, never the URL): its payment, or a refusal. */
function settleStateOf(state: unknown): PaymentState {
  const refusal = typeof state === 'object' && state !== null ? (state as { refusal?: unknown }).refusal : undefined;
  return { payment: paymentOf(state), ...(typeof refusal === 'string' ? { refusal } : {}) };
}

/**
 * /earlyRepayment/final_loan_confirmation: the loan is repaid: the amount, the card, the closing balance, the
 * settlement letter in the loan's documents, and back to the loan. Opened without a settlement, it leads to the loan.
 */
export function SettledScreen() {
  const { payment } = settleStateOf(useLocation().state);
  const taken = payment?.status === 'succeeded' && payment.kind === 'settlement';
  useEffect(() => {
    if (taken) forgetIntent();
  }, [taken]);
  if (!taken) return <Navigate replace to={paths.legacy.loanDashboardMain} />;
  return (
    <LoanScreen title={takenTitle(payment)} backTo={paths.legacy.loanDashboardMain}>
      {() => <PaymentTaken payment={payment} />}
    </LoanScreen>
  );
}

/**
 * /earlyRepayment/issue_message: the settlement was not taken: the card declined (the gateway's reason in words),
 * the figure no longer holds (the BFF's words: get a new figure), or anything else; with the ways on.
 */
export function SettleIssueScreen() {
  const { payment, refusal } = settleStateOf(useLocation().state);
  if (refusal === undefined && (payment === undefined || payment.status === 'succeeded' || payment.status === 'pending')) {
    return <Navigate replace to={paths.paying.settleAmount} />;
  }
  return (
    <LoanScreen title="Your loan was not settled" backTo={paths.paying.settleCard}>
      {() =>
        payment === undefined ? (
          <>
            <Box role="alert" sx={{ mb: 3 }}>
              <Typography sx={{ fontWeight: 700, mb: 1 }}>Nothing was taken.</Typography>
              <Typography>{refusal}</Typography>
            </Box>
            <Button component={RouterLink} to={paths.paying.settleAmount} variant="contained" size="large" sx={{ mb: 3 }}>
              Get a new settlement figure
            </Button>
            <BackToLoan />
          </>
        ) : (
          <PaymentNotTaken payment={payment} tryAgainTo={paths.paying.settleCard} anotherCardTo={paths.paying.settleCardSelect} />
        )
      }
    </LoanScreen>
  );
}

/**
 * /loan/loanFinalConfirm: settling by bank transfer: the lender's account, the reference that matches the payment
 * to the loan, the amount and the day to pay by (payment/bankTransfer, which records the intent once per quote),
 * and what happens next. Staff are not given the details.
 */
export function SettleByTransferScreen() {
  return (
    <SettleIntentScreen title="Settle your loan by bank transfer" backTo={paths.paying.settleAmount}>
      {(loan, intent) => <TransferDetails loan={loan} intent={intent} />}
    </SettleIntentScreen>
  );
}

function TransferDetails({ loan, intent }: { loan: LoanSummary; intent: PaymentIntent }) {
  const staff = useStaffActing();
  if (staff) {
    return (
      <StaffCannotPay title="You cannot get these details" words={STAFF_CANNOT_SETTLE} />
    );
  }
  return <TransferDetailsRead loanId={loan.loanId} quoteId={intent.settlementQuoteId ?? ''} />;
}

function TransferDetailsRead({ loanId, quoteId }: { loanId: string; quoteId: string }) {
  const [query] = useState(() => bankTransferQuery(loanId, quoteId));
  const { result, retry } = useServerData(query);
  const newFigure = (
    <Typography sx={{ mb: 3 }}>
      <Link component={RouterLink} to={paths.paying.settleAmount}>
        Get a new settlement figure
      </Link>
    </Typography>
  );
  return (
    <>
      <LoadView load={result} retry={retry} loadingLabel="Loading our bank details" failedMessage="We could not load our bank details. If your settlement figure has expired, get a new one.">
        {(details) => (
          <>
            <Typography sx={{ mb: 2 }}>
              Pay {formatPence(details.amountPence)} from your bank account to ours by {formatDate(details.payBy)}, using
              these details. Use the reference exactly as shown, so that we can match your payment to your loan.
            </Typography>
            <SummaryList
              rows={[
                ['Payee', details.payee],
                ['Sort code', details.sortCode],
                ['Account number', details.accountNumber],
                ['Reference', details.reference],
                ['Amount', formatPence(details.amountPence)],
                ['Pay by', formatDate(details.payBy)],
              ]}
            />
            <Typography component="h2" sx={{ typography: 'h6', mb: 1 }}>
              What happens next
            </Typography>
            <Box component="ul" sx={{ m: 0, mb: 3, pl: 2.5 }}>
              <li>
                <Typography>Your loan is settled when your payment reaches us, not before.</Typography>
              </li>
              <li>
                <Typography>
                  This figure holds until {formatDate(details.payBy)}. If your payment reaches us after that, ask for a new
                  figure first.
                </Typography>
              </li>
              <li>
                <Typography>Once your loan is settled, your settlement letter will be in your loan documents.</Typography>
              </li>
            </Box>
          </>
        )}
      </LoadView>
      {newFigure}
      <BackToLoan />
    </>
  );
}
