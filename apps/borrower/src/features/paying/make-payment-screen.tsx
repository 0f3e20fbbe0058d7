import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { loanMenuQuery } from '../../api/loan';
import type { LoanMenu, LoanSummary } from '../../api/loan';
import type { PaymentKind, PaymentOptions } from '../../api/payment';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { LoanScreen } from '../../components/loan-screen';
import { MoneyAnswer, QuestionPage, RadiosAnswer } from '../../components/question';
import type { MoneyValue } from '../../components/question';
import { SummaryList } from '../../components/summary-list';
import { menuEntry } from '../../lib/loan-account';
import { AMOUNT_MESSAGES, checkAmount, keepIntent, payPathFor, PAY_CHOICE, readIntent } from '../../lib/paying';
import { paths } from '../../lib/paths';
import { InLoanScreen, instalmentWords, PaymentOptionsView, StaffCannotPay, useStaffActing } from './paying-parts';

/** The menu's items that are a choice of this page, by what they pay. */
const CHOICE_OF_ACTION: Readonly<Partial<Record<string, PaymentKind>>> = {
  payArrears: 'arrears',
  payNextInstalment: 'instalment',
  payOtherAmount: 'other',
};

interface Choice {
  value: PaymentKind;
  label: string;
  /** What it pays; undefined for another amount, which is typed. */
  amountPence: number | undefined;
}

/** The choices the menu opens and the loan has an amount for, in the menu's order. */
function choicesOf(menu: LoanMenu, options: PaymentOptions): Choice[] {
  return menu.items.flatMap((item): Choice[] => {
    const kind = CHOICE_OF_ACTION[item.action];
    if (!item.open || kind === undefined) return [];
    if (kind === 'arrears') {
      return options.arrearsPence > 0
        ? [{ value: kind, label: `Your arrears: ${formatPence(options.arrearsPence)}`, amountPence: options.arrearsPence }]
        : [];
    }
    if (kind === 'instalment') {
      const next = options.nextInstalment;
      return next === undefined
        ? []
        : [{ value: kind, label: `Your next instalment: ${instalmentWords(next)}`, amountPence: next.amountPence }];
    }
    return [{ value: kind, label: 'Another amount', amountPence: undefined }];
  });
}

/** The menu's items that are not a choice here, each with why (paying everything, or an item the menu closes). */
function closedOf(menu: LoanMenu, choices: readonly Choice[]) {
  return menu.items
    .filter((item) => {
      const kind = CHOICE_OF_ACTION[item.action];
      return kind === undefined || !choices.some((choice) => choice.value === kind);
    })
    .map(menuEntry)
    .filter((entry) => entry.kind === 'closed');
}

interface Answers {
  choice: string;
  amount: MoneyValue;
}

function schemaOf(choices: readonly Choice[], maxPence: number) {
  return z.object({ choice: z.string(), amount: z.union([z.number(), z.string(), z.null()]) }).transform((answers, context) => {
    const choice = choices.find((candidate) => candidate.value === answers.choice);
    if (choice === undefined) {
      context.addIssue({ code: 'custom', message: AMOUNT_MESSAGES.choose, path: ['choice'] });
      return z.NEVER;
    }
    if (choice.amountPence !== undefined) return { kind: choice.value, amountPence: choice.amountPence };
    const checked = checkAmount(answers.amount, maxPence);
    if ('problem' in checked) {
      context.addIssue({ code: 'custom', message: checked.problem, path: ['amount'] });
      return z.NEVER;
    }
    return { kind: choice.value, amountPence: checked.pence };
  });
}

/**
 * /make-a-payment: what to pay on the chosen loan, from loanAction/makePaymentMenu and payment/paymentOptions:
 * the arrears, the next instalment, or another amount (1p to the most one payment can be today). The choice is
 * kept in this tab; a card on file pays at once (/pay/ACPay), else a new card at the checkout (/pay/AdHoc).
 */
export function MakeAPaymentScreen() {
  return (
    <LoanScreen title="Make a payment" backTo={paths.loanAccount.manageMyLoan}>
      {(loan) => <PaymentChoice key={loan.loanId} loan={loan} />}
    </LoanScreen>
  );
}

function PaymentChoice({ loan }: { loan: LoanSummary }) {
  const { result, retry } = useServerData(loanMenuQuery('/loanAction/makePaymentMenu', loan.loanId));
  return (
    <LoadView load={result} retry={retry} loadingLabel="Loading what you can pay" failedMessage="We could not load what you can pay.">
      {(menu) => (
        <PaymentOptionsView loan={loan}>{(options) => <ChoiceForm loan={loan} menu={menu} options={options} />}</PaymentOptionsView>
      )}
    </LoadView>
  );
}

function ChoiceForm({ loan, menu, options }: { loan: LoanSummary; menu: LoanMenu; options: PaymentOptions }) {
  const navigate = useNavigate();
  const staff = useStaffActing();
  const [query] = useSearchParams();
  const choices = choicesOf(menu, options);
  const closed = closedOf(menu, choices);
  const [schema] = useState(() => schemaOf(choices, options.maxPaymentPence));
  const [defaults] = useState((): Answers => {
    const kept = readIntent(loan.loanId);
    if (kept !== undefined) return { choice: kept.kind, amount: kept.kind === 'other' ? kept.amountPence : null };
    const asked = query.get(PAY_CHOICE);
    return { choice: choices.some((choice) => choice.value === asked) ? (asked ?? '') : '', amount: null };
  });

  const closedList =
    closed.length === 0 ? null : (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, mb: 3, p: 0 }} aria-label="Not available">
        {closed.map((entry) => (
          <Box component="li" key={entry.label} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 700 }}>{entry.label}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>{entry.reason}</Typography>
          </Box>
        ))}
      </Box>
    );

  if (choices.length === 0) {
    return (
      <>
        <Typography sx={{ mb: 3 }}>There is nothing you can pay online on this loan today. Contact us if you need help.</Typography>
        {closedList}
      </>
    );
  }
  if (staff) {
    return (
      <>
        <SummaryList
          rows={[
            ['Arrears', formatPence(options.arrearsPence)],
            ...(options.nextInstalment === undefined ? [] : [['Next instalment', instalmentWords(options.nextInstalment)] as const]),
            ['Most one payment can be today', formatPence(options.maxPaymentPence)],
          ]}
        />
        <StaffCannotPay />
      </>
    );
  }
  return (
    <QuestionPage
      question="Make a payment"
      frame={InLoanScreen}
      schema={schema}
      defaultValues={defaults}
      onSubmit={({ kind, amountPence }) => {
        keepIntent({ loanId: loan.loanId, kind, amountPence });
        return navigate(payPathFor(options));
      }}
      after={closedList}
    >
      <RadiosAnswer name="choice" legend="What do you want to pay?" options={choices} />
      <OtherAmount maxPence={options.maxPaymentPence} />
    </QuestionPage>
  );
}

/** The amount, asked when the borrower pays another amount, with what paying more than is due does. */
function OtherAmount({ maxPence }: { maxPence: number }) {
  const other = useWatch({ name: 'choice' }) === 'other';
  if (!other) return null;
  return (
    <>
      <MoneyAnswer
        name="amount"
        withPence
        label="How much do you want to pay?"
        hint={`From £0.01 to ${formatPence(maxPence)}`}
      />
      <Typography sx={{ mb: 2 }}>
        Paying more than is due is an overpayment. It reduces what you owe straight away and shortens the term of your
        loan.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Paying off everything you owe is an early settlement:{' '}
        <Link component={RouterLink} to={paths.paying.settleAmount}>
          see your settlement figure
        </Link>
        .
      </Typography>
    </>
  );
}
