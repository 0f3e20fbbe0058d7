import { formatWholePounds } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { checkedText, QuestionPage, SelectAnswer, TextAnswer } from '../../components/question';
import { loanProductQuery } from '../../api/quote';
import { useServerData } from '../../api/query-client';
import { takeRedirectInfo } from '../../lib/auth-session';
import { Loading, LoadFailed } from '../../components/load-state';
import { amountError, amountPenceOf, keepQuoteChoice, readQuoteChoice, termError } from './quote-choice';
import type { LoanProduct, QuoteChoice } from './quote-choice';

const QUESTION = 'How much do you want to borrow?';

/** The slider's step in pounds: £100 when both bounds are whole hundreds, else £1. */
function sliderStep(product: LoanProduct): number {
  return product.minAmountPence % 10_000 === 0 && product.maxAmountPence % 10_000 === 0 ? 100 : 1;
}

/** The amount and the term, each within the product's bounds; both kept as typed (the quote draft). */
function schemaFor(product: LoanProduct) {
  return z.object({
    amount: checkedText((text) => amountError(text, product)),
    term: checkedText((term) => termError(term, product)),
  });
}

/** The amount as a slider kept in step with the typed amount: it follows what is typed, and sets the same text. */
function AmountSlider({ product }: { product: LoanProduct }) {
  const { setValue } = useFormContext<QuoteChoice>();
  const text = useWatch<QuoteChoice, 'amount'>({ name: 'amount' });
  const minPounds = product.minAmountPence / 100;
  const maxPounds = product.maxAmountPence / 100;
  const within = (pounds: number) => Math.min(maxPounds, Math.max(minPounds, pounds));
  const typed = amountPenceOf(text);
  // While the text is not an amount the slider stays where it was.
  const [pounds, setPounds] = useState(() => (typed === undefined ? minPounds : within(typed / 100)));
  if (typed !== undefined && within(typed / 100) !== pounds) setPounds(within(typed / 100));
  return (
    <>
      <Typography id="amount-slider-label" variant="body2" sx={{ mb: 1 }}>
        Or drag to choose the amount
      </Typography>
      <Box sx={{ px: 1.5, mb: 3 }}>
        <Slider
          value={pounds}
          min={minPounds}
          max={maxPounds}
          step={sliderStep(product)}
          onChange={(_, value) => {
            setPounds(value);
            // The same text a person would type: "7,500".
            setValue('amount', formatWholePounds(value * 100).slice(1));
          }}
          getAriaValueText={(value) => formatWholePounds(value * 100)}
          slotProps={{ input: { 'aria-labelledby': 'amount-slider-label' } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
          <Typography variant="body2">{formatWholePounds(product.minAmountPence)}</Typography>
          <Typography variant="body2">{formatWholePounds(product.maxAmountPence)}</Typography>
        </Box>
      </Box>
    </>
  );
}

function AmountForm({ product, intro }: { product: LoanProduct; intro: ReactNode }) {
  const navigate = useNavigate();
  const [schema] = useState(() => schemaFor(product));
  const [defaults] = useState(readQuoteChoice);
  const months: { value: string; label: string }[] = [];
  for (let month = product.minTermMonths; month <= product.maxTermMonths; month += 1) {
    months.push({ value: String(month), label: `${String(month)} months` });
  }
  return (
    <QuestionPage
      question={QUESTION}
      backTo={paths.login.home}
      schema={schema}
      defaultValues={defaults}
      // Kept on every change, so a refresh loses nothing entered.
      onChange={keepQuoteChoice}
      intro={intro}
      onSubmit={() => navigate(paths.amount.loanCalculation)}
    >
      <TextAnswer
        name="amount"
        label="Amount"
        hint={`Enter an amount between ${formatWholePounds(product.minAmountPence)} and ${formatWholePounds(product.maxAmountPence)}, or use the slider`}
        prefix="£"
        input={{ inputMode: 'numeric', autoComplete: 'off', spellCheck: false }}
        sx={{ mb: 2 }}
      />
      <AmountSlider product={product} />
      <SelectAnswer
        name="term"
        label="How long do you want to borrow it for?"
        hint={`Between ${String(product.minTermMonths)} and ${String(product.maxTermMonths)} months`}
        options={months}
        placeholder="Choose a term"
        sx={{ mb: 4 }}
      />
    </QuestionPage>
  );
}

/**
 * /amount/amount_default: how much to borrow (typed, or with a slider kept in step) and over how long. Someone
 * sent here to start again (a sign-in that discarded a registration nobody confirmed, 100619) is told why once.
 */
export function AmountScreen() {
  const { result, retry } = useServerData(loanProductQuery());
  const [startAgain] = useState(() => takeRedirectInfo());
  const banner =
    startAgain === null ? null : (
      <NoticeBanner title="Start a new application">
        <Typography>{startAgain}</Typography>
      </NoticeBanner>
    );
  if (result.state === 'ready') return <AmountForm product={result.value} intro={banner} />;
  return (
    <SignInPage title={QUESTION} backTo={paths.login.home}>
      {banner}
      {result.state === 'loading' ? <Loading label="Loading the loan amounts we offer" /> : null}
      {result.state === 'failed' ? (
        <LoadFailed message="We could not load the loan amounts we offer." onRetry={retry} />
      ) : null}
    </SignInPage>
  );
}
