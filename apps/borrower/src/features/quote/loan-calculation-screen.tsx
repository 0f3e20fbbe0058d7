import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import { Loading, LoadFailed, useLoad } from './load-state';
import { quoteRequestOf, readQuoteChoice } from './quote-choice';
import type { LoanQuote } from './quote-choice';

function Row({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt">{term}</Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

function QuoteView({ quote }: { quote: LoanQuote }) {
  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        <Row term="Amount">{formatPence(quote.amountPence)}</Row>
        <Row term="Term">{`${quote.termMonths} months`}</Row>
        <Row term="Monthly instalment">{formatPence(quote.monthlyInstalmentPence)}</Row>
        {quote.finalInstalmentPence === quote.monthlyInstalmentPence ? null : (
          <Row term="Final instalment">{formatPence(quote.finalInstalmentPence)}</Row>
        )}
        <Row term="Total payable">{formatPence(quote.totalPayablePence)}</Row>
        <Row term="APR">{`${quote.aprPercent}% APR`}</Row>
      </Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Representative example
      </Typography>
      <Typography sx={{ mb: 3 }}>{quote.representativeExample}</Typography>
    </>
  );
}

/**
 * /amount/loan_calculation: the price of the amount and term chosen on /amount/amount_default (kept in session
 * storage, so a refresh prices the same loan). Without a usable choice there is nothing to price: back to
 * choosing. Once priced, Continue leads on to the applicant's answers (/amount/purpose).
 */
export function LoanCalculationScreen() {
  const navigate = useNavigate();
  const [request] = useState(() => quoteRequestOf(readQuoteChoice()));
  const load = useCallback(
    (signal: AbortSignal) =>
      request === undefined
        ? Promise.reject(new Error('no amount and term to price'))
        : api.post('/ledger/loanCalcPub', { body: request, signal }),
    [request],
  );
  const { result, retry } = useLoad(load);

  if (request === undefined) return <Navigate replace to={paths.amount.amountDefault} />;
  return (
    <SignInPage title="Your loan" backTo={paths.amount.amountDefault}>
      {result.state === 'loading' ? <Loading label="Working out your repayments" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not work out your repayments." onRetry={retry} /> : null}
      {result.state === 'ready' ? <QuoteView quote={result.value} /> : null}
      {result.state === 'ready' ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mb: 3 }}
          onClick={() => {
            void navigate(paths.amount.purpose);
          }}
        >
          Continue
        </Button>
      ) : null}
      <Typography>
        <Link component={RouterLink} to={paths.amount.amountDefault}>
          Change the amount or term
        </Link>
      </Typography>
    </SignInPage>
  );
}
