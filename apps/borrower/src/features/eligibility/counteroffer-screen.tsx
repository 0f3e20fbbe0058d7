import { formatDate, formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { SignInPage } from '../../components/sign-in-page';
import { readQuoteAnswer } from '../../lib/application-draft';
import { useCreateDecisionUser } from './decision-user';
import { readOutcome } from './outcome';
import { SummaryList } from '../../components/summary-list';

/** Money without pence when there are none: `£4,500`, `£92.18`. */
function money(pence: number): string {
  return formatPence(pence).replace(/\.00$/, '');
}

/**
 * /counteroffer: the check offers a lower amount than asked for. Accept opens the account and the application,
 * which takes the check's offer; "No thanks" leaves without one.
 */
export function CounterofferScreen() {
  const createDecisionUser = useCreateDecisionUser();
  const [outcome] = useState(readOutcome);
  const [asked] = useState(readQuoteAnswer);
  const [busy, setBusy] = useState(false);
  const offer = outcome?.outcome === 'counteroffer' ? outcome.quote : undefined;
  if (outcome === undefined || offer === undefined) return <Navigate replace to={paths.login.home} />;
  const checkId = outcome.eligibilityCheckId;

  const rows: [string, string][] = [
    ['Amount', money(offer.amountPence)],
    ['Term', `${String(offer.termMonths)} months`],
    ['Monthly instalment', money(offer.monthlyInstalmentPence)],
    ['Representative APR', `${offer.aprPercent}%`],
    ['Total payable', money(offer.totalPayablePence)],
  ];

  return (
    <SignInPage title="We can offer you a smaller loan">
      <Typography sx={{ mb: 3 }}>
        {asked === undefined
          ? 'We cannot lend you the amount you asked for, but we can offer you this loan.'
          : `We cannot lend you ${money(asked.amountPence)}, but we can offer you this loan.`}
      </Typography>
      <SummaryList rows={rows} />
      <Typography sx={{ mb: 2 }}>{offer.representativeExample}</Typography>
      {outcome.offerExpiresAt === undefined ? null : (
        <Typography sx={{ mb: 3 }}>This offer stands until {formatDate(outcome.offerExpiresAt.slice(0, 10))}.</Typography>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mb: 2 }}
        onClick={() => {
          setBusy(true);
          // On success the screen has moved on; on failure the shared error table has told the person.
          createDecisionUser(checkId).catch(() => {
            setBusy(false);
          });
        }}
      >
        Accept this offer
      </Button>
      <Button component={RouterLink} to={paths.login.home} variant="outlined" size="large" fullWidth>
        No thanks
      </Button>
    </SignInPage>
  );
}
