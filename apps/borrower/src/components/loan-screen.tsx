import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LoanSummary } from '../api/loan';
import { useServerData } from '../api/query-client';
import { useChosenLoan } from '../lib/chosen-loan';
import { loanName } from '../lib/loan-account';
import { paths } from '../lib/paths';
import { LoadView } from './load-state';
import { SignInPage } from './sign-in-page';

export interface LoanScreenProps {
  /** The page's one h1. */
  title: string;
  /** Where the back link leads. */
  backTo?: string;
  /**
   * Whether the screen says which loan it is about, with a "Change loan" link, when the borrower has more than one
   * (the dashboard lists them all instead).
   */
  namesLoan?: boolean;
  /** The screen, about the chosen loan; `loans` is every loan, newest first. */
  children: (loan: LoanSummary, loans: readonly LoanSummary[]) => ReactNode;
}

/**
 * The frame of every loan-account screen: the page with its back link, the borrower's loans read (loading, failed
 * with Try again), which loan the screen is about when there are several, with the way to change it, the screen
 * about the chosen loan, and a link to contact us at the foot.
 */
export function LoanScreen({ title, backTo, namesLoan = true, children }: LoanScreenProps) {
  const { result, retry } = useChosenLoan();
  return (
    <SignInPage title={title} {...(backTo === undefined ? {} : { backTo })}>
      <LoadView load={result} retry={retry} loadingLabel="Loading your loan" failedMessage="We could not load your loan.">
        {({ loan, loans }) =>
          loan === undefined ? (
            <Typography sx={{ mb: 3 }}>You do not have a loan with us.</Typography>
          ) : (
            <>
              {namesLoan && loans.length > 1 ? <ChosenLoanLine loan={loan} /> : null}
              {children(loan, loans)}
            </>
          )
        }
      </LoadView>
      <ContactUsLink />
    </SignInPage>
  );
}

export interface LoanDataScreenProps<T, K extends QueryKey> extends Omit<LoanScreenProps, 'children'> {
  /** What the screen reads about the chosen loan (a query of api/loan.ts). */
  read: (loanId: string) => UseQueryOptions<T, Error, T, K>;
  /** Said while it loads. */
  loadingLabel: string;
  /** Said when it could not be loaded, above Try again. */
  failedMessage: string;
  /** The screen, once it is read. */
  children: (value: T, loan: LoanSummary) => ReactNode;
}

/**
 * A loan screen that shows one read about the chosen loan (its schedule, its documents …): the frame of
 * `LoanScreen`, then that read loading, failed with Try again, or shown. Another loan chosen is another screen:
 * nothing of the previous loan's shows while the new one's is read.
 */
export function LoanDataScreen<T, K extends QueryKey>({
  read,
  loadingLabel,
  failedMessage,
  children,
  ...frame
}: LoanDataScreenProps<T, K>) {
  return (
    <LoanScreen {...frame}>
      {(loan) => (
        <LoanData key={loan.loanId} options={read(loan.loanId)} loadingLabel={loadingLabel} failedMessage={failedMessage}>
          {(value) => children(value, loan)}
        </LoanData>
      )}
    </LoanScreen>
  );
}

function LoanData<T, K extends QueryKey>({
  options,
  loadingLabel,
  failedMessage,
  children,
}: {
  options: UseQueryOptions<T, Error, T, K>;
  loadingLabel: string;
  failedMessage: string;
  children: (value: T) => ReactNode;
}) {
  const { result, retry } = useServerData(options);
  return (
    <LoadView load={result} retry={retry} loadingLabel={loadingLabel} failedMessage={failedMessage}>
      {children}
    </LoadView>
  );
}

/** Which of several loans the screen is about, and the way to choose another (the dashboard lists them). */
function ChosenLoanLine({ loan }: { loan: LoanSummary }) {
  return (
    <Box sx={{ mb: 3, p: 2, bgcolor: 'action.hover' }}>
      <Typography>
        This is about your {loanName(loan).replace(/^Loan/, 'loan')}.{' '}
        <Link component={RouterLink} to={paths.legacy.loanDashboardMain}>
          Change loan
        </Link>
      </Typography>
    </Box>
  );
}

/** The way to reach us, at the foot of every loan screen. */
export function ContactUsLink() {
  return (
    <Typography sx={{ mt: 4 }}>
      Questions about your loan?{' '}
      <Link component={RouterLink} to={paths.contactUs}>
        Contact us
      </Link>
    </Typography>
  );
}
