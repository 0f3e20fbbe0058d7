import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import { LoanFiguresView } from '../../components/loan-figures';
import type { LoanFigures } from '../../components/loan-figures';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { confirmYourLoan } from '../../api/one-page';
import { priceQuote } from '../../api/quote';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { errorOf } from '../../components/error-summary';
import { loanAmountError, loanTermError, poundsOf } from './validation';

/** Whole pounds of an amount in pence, as typed (`500000` → `5000`). */
function poundsText(pence: number): string {
  return String(Math.floor(pence / 100));
}

/**
 * The loan to confirm (the quote step): its figures; a change of amount or term is priced again
 * (ledger/loanCalcPub) before it is confirmed; Confirm sends onePage/application/confirmYourLoan.
 */
export function QuoteReview({ loan, onConfirmed }: { loan: LoanFigures; onConfirmed: () => void }) {
  const kept = readOnePageAnswers();
  const [figures, setFigures] = useState<LoanFigures>(loan);
  const [changing, setChanging] = useState(kept.amount !== undefined || kept.term !== undefined);
  const [amount, setAmount] = useState(kept.amount ?? poundsText(loan.amountPence));
  const [term, setTerm] = useState(kept.term ?? String(loan.termMonths));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function reprice(event: SyntheticEvent) {
    event.preventDefault();
    const found: FieldError[] = [];
    const amountMessage = loanAmountError(amount);
    if (amountMessage !== undefined) found.push({ fieldId: 'amount', message: amountMessage });
    const termMessage = loanTermError(term);
    if (termMessage !== undefined) found.push({ fieldId: 'term', message: termMessage });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    const body = { amountPence: (poundsOf(amount) ?? 0) * 100, termMonths: Number(term.trim()) };
    priceQuote(body).then(
      (quote) => {
        setFigures(quote);
        setBusy(false);
      },
      () => {
        setBusy(false);
      },
    );
  }

  function confirm() {
    setBusy(true);
    confirmYourLoan({ amountPence: figures.amountPence, termMonths: figures.termMonths })
      .then(onConfirmed, () => {
        setBusy(false);
      });
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <LoanFiguresView loan={figures} />
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={confirm} sx={{ mb: 3 }}>
        Confirm my loan
      </Button>
      {changing ? (
        <Box component="form" noValidate onSubmit={reprice} aria-labelledby="change-heading">
          <Typography id="change-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
            Change the amount or term
          </Typography>
          <FormField
            id="amount"
            label="How much do you want to borrow?"
            value={amount}
            error={errorOf(errors, 'amount')}
            onChange={(event) => {
              setAmount(event.target.value);
              keepOnePageAnswers({ amount: event.target.value });
            }}
            input={{ inputMode: 'numeric', autoComplete: 'off' }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
            sx={{ mb: 2 }}
          />
          <FormField
            id="term"
            label="Over how many months?"
            value={term}
            error={errorOf(errors, 'term')}
            onChange={(event) => {
              setTerm(event.target.value);
              keepOnePageAnswers({ term: event.target.value });
            }}
            input={{ inputMode: 'numeric', autoComplete: 'off' }}
            sx={{ mb: 2, maxWidth: 200 }}
          />
          <Button type="submit" variant="outlined" size="large" fullWidth disabled={busy}>
            Work out my repayments
          </Button>
        </Box>
      ) : (
        <Button
          variant="text"
          onClick={() => {
            setChanging(true);
          }}
        >
          Change the amount or term
        </Button>
      )}
    </>
  );
}
