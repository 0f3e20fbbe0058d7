import { ErrorCodes, isApiError, isApiTransportError, isSessionExpiredError } from '@lender/api-client';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import { formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import type { LoanSummary } from '../../api/loan';
import { createPayment } from '../../api/payment';
import type { Payment, PaymentOptions, StoredCard } from '../../api/payment';
import { LoanScreen } from '../../components/loan-screen';
import { QuestionPage, RadiosAnswer } from '../../components/question';
import {
  answerCame,
  cardToPay,
  cardWords,
  confirmIntent,
  keepIntent,
  keepPendingCheckout,
  readIntent,
  usableCards,
} from '../../lib/paying';
import type { PaymentIntent } from '../../lib/paying';
import { paths } from '../../lib/paths';
import {
  cardChoiceWords,
  ExpiredCards,
  InLoanScreen,
  LinkList,
  PaymentOptionsView,
  StaffCannotPay,
  useStaffActing,
} from './paying-parts';

const CHANGE_AMOUNT_ID = 'change-amount';

/**
 * What a payment's answer leads to, as the location's state (never the URL) of the outcome screens: the payment,
 * or the BFF's refusal of it in its words (a settlement whose quote no longer holds).
 */
export interface PaymentState {
  payment?: Payment;
  refusal?: string;
}

/** Where a payment's answer leads: taken, not taken, and a refusal (said on the page when there is none). */
export interface PayOutcomes {
  taken: string;
  notTaken: string;
  refused?: string;
}

const PAYING_OUTCOMES: PayOutcomes = { taken: paths.paying.payment, notTaken: paths.paying.paymentFail };

/** Whether a failed call had no answer from the BFF (the key is then kept, and a retry sends it again). */
function unanswered(error: unknown): boolean {
  return isApiTransportError(error) || isSessionExpiredError(error) || !isApiError(error);
}

/**
 * Sends the intent's payment, once: the key is made (or the kept one taken) at the click, the button is busy until
 * the answer, and the answer leads on: taken, not taken, or to the hosted checkout. A refusal of the amount is
 * said on the page, with the way to change it.
 */
export function usePay(loan: LoanSummary, outcomes: PayOutcomes = PAYING_OUTCOMES) {
  const navigate = useNavigate();
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  async function pay(intent: PaymentIntent, cardId: string | undefined) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const { idempotencyKey = '', amountPence, kind, settlementQuoteId } = confirmIntent({ ...intent, cardId });
    try {
      const payment = await createPayment(
        {
          loanId: loan.loanId,
          amountPence,
          kind,
          ...(cardId === undefined ? {} : { cardId }),
          ...(settlementQuoteId === undefined ? {} : { settlementQuoteId }),
        },
        idempotencyKey,
      );
      answerCame(loan.loanId);
      if (payment.status === 'pending' && payment.checkoutUrl !== undefined) {
        keepPendingCheckout({
          paymentLinkId: payment.paymentId,
          loanId: loan.loanId,
          amountPence,
          checkoutUrl: payment.checkoutUrl,
          ...(kind === 'settlement' ? { settlement: true } : {}),
        });
        await navigate(paths.paying.payNow);
        return;
      }
      const state: PaymentState = { payment };
      await navigate(payment.status === 'succeeded' ? outcomes.taken : outcomes.notTaken, { state });
    } catch (error) {
      if (!unanswered(error)) answerCame(loan.loanId);
      if (isApiError(error) && error.errorCode === ErrorCodes.badRequest && error.errorMessage !== '') {
        if (outcomes.refused !== undefined) {
          const state: PaymentState = { refusal: error.errorMessage };
          await navigate(outcomes.refused, { state });
          return;
        }
        setRefused(error.errorMessage);
      }
      sending.current = false;
      setBusy(false);
    }
  }
  return { pay, busy, refused };
}

/** The amount refused by the BFF (more than may be paid today): said, with the way back to change it. */
function Refused({ message }: { message: string | undefined }) {
  if (message === undefined) return null;
  return <ErrorSummary errors={[{ fieldId: CHANGE_AMOUNT_ID, message }]} />;
}

function ChangeAmountLink() {
  return (
    <Link id={CHANGE_AMOUNT_ID} component={RouterLink} to={paths.paying.makeAPayment}>
      Change the amount
    </Link>
  );
}

/** A /pay screen about the kept intent of the chosen loan, with its options; without one, back to choose. */
function IntentScreen({
  title,
  children,
}: {
  title: string;
  children: (loan: LoanSummary, intent: PaymentIntent, options: PaymentOptions) => ReactNode;
}) {
  return (
    <LoanScreen title={title} backTo={paths.paying.makeAPayment}>
      {(loan) => {
        const intent = readIntent(loan.loanId);
        // A settlement is paid on its own screens (settle-screens.tsx), with its own outcomes.
        if (intent === undefined || intent.kind === 'settlement') return <Navigate replace to={paths.paying.makeAPayment} />;
        return <PaymentOptionsView loan={loan}>{(options) => children(loan, intent, options)}</PaymentOptionsView>;
      }}
    </LoanScreen>
  );
}

/**
 * /pay/ACPay: pay the chosen amount with a card on file: the primary, or the one chosen on /pay/reuse. Confirm
 * takes the payment at once (payment/createPayment with the card); taken leads to /pay/payment, declined or failed
 * to /pay/payment-fail. Without a usable card on file, a new card (/pay/AdHoc).
 */
export function AcPayScreen() {
  return (
    <IntentScreen title="Pay with your card">
      {(loan, intent, options) => {
        const card = cardToPay(options, intent.cardId);
        if (card === undefined) return <Navigate replace to={paths.paying.adHoc} />;
        return <PayWithCard loan={loan} intent={intent} card={card} />;
      }}
    </IntentScreen>
  );
}

function PayWithCard({ loan, intent, card }: { loan: LoanSummary; intent: PaymentIntent; card: StoredCard }) {
  const staff = useStaffActing();
  const { pay, busy, refused } = usePay(loan);
  const amount = formatPence(intent.amountPence);
  return (
    <>
      <Refused message={refused} />
      <Typography sx={{ mb: 1, typography: 'h6' }}>
        Pay {amount} with your {cardWords(card)}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <ChangeAmountLink />
      </Typography>
      {staff ? (
        <StaffCannotPay />
      ) : (
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          onClick={() => void pay(intent, card.cardId)}
          sx={{ mb: 3 }}
        >
          {busy ? 'Paying…' : `Pay ${amount} now`}
        </Button>
      )}
      <LinkList
        links={[
          { to: paths.paying.reuse, label: 'Use another card on file' },
          { to: paths.paying.adHoc, label: 'Pay with a new card' },
        ]}
      />
    </>
  );
}

/**
 * /pay/AdHoc: pay the chosen amount with a new card, on the payment provider's hosted checkout: Continue asks for
 * the checkout (payment/createPayment without a card) and goes to /paynow, which sends the browser there.
 */
export function AdHocScreen() {
  return (
    <IntentScreen title="Pay with a new card">
      {(loan, intent) => <PayWithNewCard loan={loan} intent={intent} />}
    </IntentScreen>
  );
}

function PayWithNewCard({ loan, intent }: { loan: LoanSummary; intent: PaymentIntent }) {
  const staff = useStaffActing();
  const { pay, busy, refused } = usePay(loan);
  return (
    <>
      <Refused message={refused} />
      <Typography sx={{ mb: 1, typography: 'h6' }}>You are paying {formatPence(intent.amountPence)}</Typography>
      <Typography sx={{ mb: 2 }}>
        <ChangeAmountLink />
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You will enter your card details on our payment provider’s secure page. Nothing is taken until you confirm the
        payment there. We never see or keep your full card number.
      </Typography>
      {staff ? (
        <StaffCannotPay />
      ) : (
        <Button variant="contained" size="large" fullWidth disabled={busy} onClick={() => void pay(intent, undefined)}>
          {busy ? 'Please wait…' : 'Continue'}
        </Button>
      )}
    </>
  );
}

/**
 * /pay/reuse: choose one of the cards on file to pay with; an expired card is shown with why it cannot be chosen.
 * The choice is kept with the intent (as another intent: its payment gets a new key) and leads back to /pay/ACPay.
 */
export function ReuseScreen() {
  return (
    <IntentScreen title="Choose a card to pay with">
      {(loan, intent, options) => <ChooseCard loan={loan} intent={intent} options={options} />}
    </IntentScreen>
  );
}

const CHOOSE_CARD = z.object({ cardId: z.string() });

function ChooseCard({ loan, intent, options }: { loan: LoanSummary; intent: PaymentIntent; options: PaymentOptions }) {
  const navigate = useNavigate();
  const usable = usableCards(options);
  const [schema] = useState(() =>
    CHOOSE_CARD.refine((answers) => usable.some((card) => card.cardId === answers.cardId), {
      message: 'Select a card to pay with',
      path: ['cardId'],
    }),
  );
  const expiredList = <ExpiredCards options={options} />;
  const newCard = (
    <Typography sx={{ mt: 3 }}>
      <Link component={RouterLink} to={paths.paying.adHoc}>
        Pay with a new card
      </Link>
    </Typography>
  );
  if (usable.length === 0) {
    return (
      <>
        <Typography sx={{ mb: 3 }}>You have no card on file that can pay today.</Typography>
        {expiredList}
        {newCard}
      </>
    );
  }
  return (
    <QuestionPage
      question="Choose a card to pay with"
      frame={InLoanScreen}
      schema={schema}
      defaultValues={{ cardId: cardToPay(options, intent.cardId)?.cardId ?? '' }}
      onSubmit={({ cardId }) => {
        keepIntent({ loanId: loan.loanId, kind: intent.kind, amountPence: intent.amountPence, cardId });
        return navigate(paths.paying.acPay);
      }}
      after={newCard}
      intro={expiredList}
    >
      <RadiosAnswer
        name="cardId"
        legend="Which card do you want to pay with?"
        options={usable.map((card) => ({
          value: card.cardId,
          label: cardChoiceWords(card),
        }))}
      />
    </QuestionPage>
  );
}
