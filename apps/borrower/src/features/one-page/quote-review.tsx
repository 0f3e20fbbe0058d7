import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { LoanFiguresView } from '../../components/loan-figures';
import type { LoanFigures } from '../../components/loan-figures';
import { checkedText, MoneyAnswer, pence, QuestionPage, TextAnswer } from '../../components/question';
import type { QuestionFrame } from '../../components/question';
import { moneyTextOf, moneyValueOf } from '../../lib/money';
import { confirmYourLoan } from '../../api/one-page';
import { priceQuote } from '../../api/quote';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { loanTermError } from './validation';

/** The review is drawn inside its screen's page (the journey's step or the brand's layout), whose h1 it shares. */
const TITLE = 'Confirm your loan';
const InThePage: QuestionFrame = ({ children }) => children;

/** A change of amount or term, as it is priced: whole pounds in pence, months. */
const changeSchema = z
  .object({
    amount: pence({
      required: 'Enter how much you want to borrow',
      invalid: 'Enter how much you want to borrow in whole pounds, like 7,500',
    }),
    term: checkedText(loanTermError),
  })
  .transform(({ amount, term }) => ({ amountPence: amount, termMonths: Number(term.trim()) }));

type ChangeAnswers = z.input<typeof changeSchema>;

/** The change as it starts: as being typed in this browser, else the loan's own (its amount in whole pounds). */
function changeDefaults(loan: LoanFigures): ChangeAnswers {
  const kept = readOnePageAnswers();
  return {
    amount: kept.amount === undefined ? Math.floor(loan.amountPence / 100) * 100 : moneyValueOf(kept.amount),
    term: kept.term ?? String(loan.termMonths),
  };
}

/**
 * The loan to confirm (the quote step): its figures; a change of amount or term is priced again
 * (ledger/loanCalcPub) before it is confirmed; Confirm sends onePage/application/confirmYourLoan. While the
 * amount or term is being changed, the review is a question page (in its screen's page, titled as it is) whose
 * answers are the change.
 */
export function QuoteReview({ loan, onConfirmed }: { loan: LoanFigures; onConfirmed: () => void }) {
  const [figures, setFigures] = useState<LoanFigures>(loan);
  const [defaults] = useState(() => changeDefaults(loan));
  const [changing, setChanging] = useState(() => {
    const kept = readOnePageAnswers();
    return kept.amount !== undefined || kept.term !== undefined;
  });
  const [busy, setBusy] = useState(false);

  function confirm() {
    setBusy(true);
    confirmYourLoan({ amountPence: figures.amountPence, termMonths: figures.termMonths }).then(onConfirmed, () => {
      setBusy(false);
    });
  }

  const review = (
    <>
      <LoanFiguresView loan={figures} />
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={confirm} sx={{ mb: 3 }}>
        Confirm my loan
      </Button>
    </>
  );

  if (!changing) {
    return (
      <>
        {review}
        <Button
          variant="text"
          onClick={() => {
            setChanging(true);
          }}
        >
          Change the amount or term
        </Button>
      </>
    );
  }

  return (
    <QuestionPage
      question={TITLE}
      frame={InThePage}
      schema={changeSchema}
      defaultValues={defaults}
      onChange={({ amount, term }) => {
        keepOnePageAnswers({ amount: moneyTextOf(amount), term });
      }}
      intro={
        <>
          {review}
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            Change the amount or term
          </Typography>
        </>
      }
      submitLabel="Work out my repayments"
      busy={busy}
      onSubmit={async (change) => {
        setBusy(true);
        try {
          setFigures(await priceQuote(change));
        } finally {
          setBusy(false);
        }
      }}
    >
      <MoneyAnswer name="amount" label="How much do you want to borrow?" sx={{ mb: 2 }} />
      <TextAnswer
        name="term"
        label="Over how many months?"
        input={{ inputMode: 'numeric', autoComplete: 'off' }}
        sx={{ mb: 2, maxWidth: 200 }}
      />
    </QuestionPage>
  );
}
