import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { forgetJourneyDrafts } from '../../lib/drafts/draft-store';
import { paths } from '../../lib/paths';
import { NoticeBanner } from '../../components/notice-banner';
import { submitApplication } from '../../api/one-page';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import { JourneyPage, useJourney } from './journey-page';
import type { OnePageInfo } from './one-page-api';
import { loanPurposeLabel } from '../../lib/loan-purposes';

function SummaryRow({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" sx={{ fontWeight: 700 }}>
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function purposeText(info: OnePageInfo): string {
  const purpose = info.purpose;
  if (purpose === undefined) return 'Not given';
  if (purpose.purpose === 'other') return purpose.purposeText ?? 'Something else';
  return loanPurposeLabel(purpose.purpose);
}

type HousingStatus = NonNullable<OnePageInfo['housing']>['housingStatus'];

/** The housing statuses of the contract, in words. */
const HOUSING: Record<HousingStatus, string> = {
  homeowner_mortgage: 'Homeowner with a mortgage',
  homeowner_outright: 'Homeowner without a mortgage',
  renting_private: 'Renting from a private landlord',
  renting_social: 'Renting from a council or housing association',
  living_with_family: 'Living with family or friends',
  other: 'Something else',
};

function housingText(info: OnePageInfo): string {
  const housing = info.housing;
  if (housing === undefined) return 'Not given';
  const cost = housing.monthlyCostPence > 0 ? `, ${formatPence(housing.monthlyCostPence)} a month` : '';
  return `${HOUSING[housing.housingStatus]}${cost}`;
}

const BANK: Record<OnePageInfo['openBanking']['status'], string> = {
  linked: 'Connected',
  skipped: 'Not connected',
  none: 'Not connected',
};

/** The key of this submission: kept until the answer comes, so a retry after a lost answer is the same one. */
function submissionKey(): string {
  const kept = readOnePageAnswers().submissionKey;
  if (kept !== undefined) return kept;
  const key = crypto.randomUUID();
  keepOnePageAnswers({ submissionKey: key });
  return key;
}

/** Whether a move away from submit is allowed (spec §2): only toward the submitted page, or to sign in again. */
function mayLeaveTo(pathname: string): boolean {
  return pathname === paths.applicationSubmitted || pathname.startsWith('/login/') || pathname === paths.error;
}

/**
 * /loan/submit (ApplicationSubmit): the answers to check, then onePage/application/submitApplicationToRender
 * (submitInstantApplicationToRender with a bank connected) with an idempotency key kept across a retry. Leaving for anywhere but the submitted page is refused.
 */
export function SubmitScreen() {
  const { info } = useJourney();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return currentLocation.pathname !== nextLocation.pathname && !mayLeaveTo(nextLocation.pathname);
  });

  function submit() {
    setBusy(true);
    // With a bank connected the application goes on the instant path (spec §7); both take the same key.
    const path =
      info.openBanking.status === 'linked'
        ? '/onePage/application/submitInstantApplicationToRender'
        : '/onePage/application/submitApplicationToRender';
    submitApplication(path, submissionKey())
      .then(
        () => {
          // Submitted: the journey's answers have all been sent; only the application they belonged to stays.
          const { applicationId } = readOnePageAnswers();
          forgetJourneyDrafts();
          if (applicationId !== undefined) keepOnePageAnswers({ applicationId });
          return navigate(paths.applicationSubmitted, { replace: true });
        },
        () => {
          setBusy(false);
        },
      );
  }

  const loan = info.loan;
  return (
    <JourneyPage title="Check your answers and send your application">
      {blocker.state === 'blocked' ? (
        <NoticeBanner title="You cannot go back from here">
          <Typography sx={{ mb: 2 }}>Your answers are ready. Send your application to continue.</Typography>
          <Button variant="outlined" onClick={blocker.reset}>
            Stay on this page
          </Button>
        </NoticeBanner>
      ) : null}
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        <SummaryRow term="Loan">{`${formatPence(loan.amountPence)} over ${loan.termMonths} months`}</SummaryRow>
        <SummaryRow term="Monthly instalment">{formatPence(loan.monthlyInstalmentPence)}</SummaryRow>
        <SummaryRow term="Total payable">{`${formatPence(loan.totalPayablePence)} (${loan.aprPercent}% APR)`}</SummaryRow>
        <SummaryRow term="E-mail address">{info.email}</SummaryRow>
        <SummaryRow term="What the loan is for">{purposeText(info)}</SummaryRow>
        <SummaryRow term="Housing">{housingText(info)}</SummaryRow>
        <SummaryRow term="Addresses">
          {info.addresses.length === 0 ? 'Not given' : info.addresses.map((entry) => entry.label).join('; ')}
        </SummaryRow>
        <SummaryRow term="Yearly income before tax">
          {info.income === undefined ? 'Not given' : formatPence(info.income.annualIncomePence)}
        </SummaryRow>
        <SummaryRow term="Bank">{BANK[info.openBanking.status]}</SummaryRow>
      </Box>
      <Typography sx={{ mb: 3 }}>
        By sending your application you confirm that your answers are true and complete. We will run a full credit
        check, which other lenders can see.
      </Typography>
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={submit}>
        Send my application
      </Button>
    </JourneyPage>
  );
}
