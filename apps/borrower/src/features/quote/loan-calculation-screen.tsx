import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { loanPriceQuery } from '../../api/quote';
import { useServerData } from '../../api/query-client';
import { Loading, LoadFailed } from '../../components/load-state';
import { quoteRequestOf, readQuoteChoice } from './quote-choice';
import { LoanFiguresView } from '../../components/loan-figures';

/**
 * /amount/loan_calculation: the price of the amount and term chosen on /amount/amount_default (kept in the quote
 * draft, so a refresh prices the same loan). Without a usable choice there is nothing to price: back to
 * choosing. Once priced, Continue leads on to the applicant's answers (/amount/purpose).
 */
export function LoanCalculationScreen() {
  const [request] = useState(() => quoteRequestOf(readQuoteChoice()));
  if (request === undefined) return <Navigate replace to={paths.amount.amountDefault} />;
  return <PricedLoan request={request} />;
}

function PricedLoan({ request }: { request: { amountPence: number; termMonths: number } }) {
  const navigate = useNavigate();
  const { result, retry } = useServerData(loanPriceQuery(request));
  return (
    <SignInPage title="Your loan" backTo={paths.amount.amountDefault}>
      {result.state === 'loading' ? <Loading label="Working out your repayments" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not work out your repayments." onRetry={retry} /> : null}
      {result.state === 'ready' ? <LoanFiguresView loan={result.value} /> : null}
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
