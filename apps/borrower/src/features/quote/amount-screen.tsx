import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary, errorOf } from '../../components/error-summary';
import { HintThenError } from '../../components/field-messages';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import { takeRedirectInfo } from '../../lib/auth-session';
import { Loading, LoadFailed, useLoad } from '../../components/load-state';
import {
  amountError,
  amountPenceOf,
  formatWholePounds,
  keepQuoteChoice,
  readQuoteChoice,
  termError,
} from './quote-choice';
import type { LoanProduct, QuoteChoice } from './quote-choice';

const AMOUNT_ID = 'amount';
const TERM_ID = 'term';

const loadProduct = (signal: AbortSignal) => api.get('/ledger/loanProduct', { signal });

/** The slider's step in pounds: £100 when both bounds are whole hundreds, else £1. */
function sliderStep(product: LoanProduct): number {
  return product.minAmountPence % 10_000 === 0 && product.maxAmountPence % 10_000 === 0 ? 100 : 1;
}

function AmountForm({ product }: { product: LoanProduct }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<QuoteChoice>(readQuoteChoice);
  const [errors, setErrors] = useState<FieldError[]>([]);

  const minPounds = product.minAmountPence / 100;
  const maxPounds = product.maxAmountPence / 100;
  // The slider follows what is typed (held within its ends); while the text is not an amount it stays put.
  const [sliderPounds, setSliderPounds] = useState(() => {
    const pence = amountPenceOf(choice.amount);
    return pence === undefined ? minPounds : Math.min(maxPounds, Math.max(minPounds, pence / 100));
  });

  function change(next: QuoteChoice) {
    setChoice(next);
    // Kept on every change, so a refresh loses nothing entered.
    keepQuoteChoice(next);
  }

  function typeAmount(text: string) {
    change({ ...choice, amount: text });
    const pence = amountPenceOf(text);
    if (pence !== undefined) setSliderPounds(Math.min(maxPounds, Math.max(minPounds, pence / 100)));
  }

  function slideAmount(pounds: number) {
    setSliderPounds(pounds);
    // The same text a person would type: "7,500".
    change({ ...choice, amount: formatWholePounds(pounds * 100).slice(1) });
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found: FieldError[] = [];
    const amountMessage = amountError(choice.amount, product);
    if (amountMessage !== undefined) found.push({ fieldId: AMOUNT_ID, message: amountMessage });
    const termMessage = termError(choice.term, product);
    if (termMessage !== undefined) found.push({ fieldId: TERM_ID, message: termMessage });
    setErrors(found);
    if (found.length === 0) void navigate(paths.amount.loanCalculation);
  }

  const months: number[] = [];
  for (let month = product.minTermMonths; month <= product.maxTermMonths; month += 1) months.push(month);

  return (
    <>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id={AMOUNT_ID}
          name="amount"
          label="Amount"
          hint={`Enter an amount between ${formatWholePounds(product.minAmountPence)} and ${formatWholePounds(product.maxAmountPence)}, or use the slider`}
          value={choice.amount}
          error={errorOf(errors, AMOUNT_ID)}
          onChange={(event) => {
            typeAmount(event.target.value);
          }}
          input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
          sx={{ mb: 2 }}
        />
        <Typography id="amount-slider-label" variant="body2" sx={{ mb: 1 }}>
          Or drag to choose the amount
        </Typography>
        <Box sx={{ px: 1.5, mb: 3 }}>
          <Slider
            value={sliderPounds}
            min={minPounds}
            max={maxPounds}
            step={sliderStep(product)}
            onChange={(_, value) => {
              slideAmount(value);
            }}
            getAriaValueText={(value) => formatWholePounds(value * 100)}
            slotProps={{ input: { 'aria-labelledby': 'amount-slider-label' } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
            <Typography variant="body2">{formatWholePounds(product.minAmountPence)}</Typography>
            <Typography variant="body2">{formatWholePounds(product.maxAmountPence)}</Typography>
          </Box>
        </Box>
        <TextField
          id={TERM_ID}
          name="term"
          select
          fullWidth
          label="How long do you want to borrow it for?"
          value={choice.term}
          error={errorOf(errors, TERM_ID) !== undefined}
          helperText={
            <HintThenError
              hint={`Between ${product.minTermMonths} and ${product.maxTermMonths} months`}
              error={errorOf(errors, TERM_ID)}
            />
          }
          onChange={(event) => {
            change({ ...choice, term: event.target.value });
          }}
          slotProps={{
            select: { native: true },
            htmlInput: { 'aria-invalid': errorOf(errors, TERM_ID) !== undefined },
            formHelperText: { sx: { typography: 'body2', mx: 0 } },
            inputLabel: { shrink: true },
          }}
          sx={{ mb: 4 }}
        >
          <option value="">Choose a term</option>
          {months.map((month) => (
            <option key={month} value={String(month)}>
              {month} months
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </>
  );
}

/**
 * /amount/amount_default: how much to borrow (typed, or with a slider kept in step) and over how long. Someone
 * sent here to start again (a sign-in that discarded a registration nobody confirmed, 100619) is told why once.
 */
export function AmountScreen() {
  const { result, retry } = useLoad(loadProduct);
  const [startAgain] = useState(() => takeRedirectInfo());
  return (
    <SignInPage title="How much do you want to borrow?" backTo={paths.login.home}>
      {startAgain === null ? null : (
        <NoticeBanner title="Start a new application">
          <Typography>{startAgain}</Typography>
        </NoticeBanner>
      )}
      {result.state === 'loading' ? <Loading label="Loading the loan amounts we offer" /> : null}
      {result.state === 'failed' ? (
        <LoadFailed message="We could not load the loan amounts we offer." onRetry={retry} />
      ) : null}
      {result.state === 'ready' ? <AmountForm product={result.value} /> : null}
    </SignInPage>
  );
}
