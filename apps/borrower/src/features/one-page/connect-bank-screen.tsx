import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { NoticeBanner } from '../../components/notice-banner';
import { openBankingLink, skipOpenBanking } from '../../api/one-page';
import { BANK_CANCELLED, BANK_RETURN_PARAM } from './journey-data';
import { JourneyPage } from './journey-page';
import { useGoNext } from './journey-page';

/** Sends the browser to the bank-consent page of a new open-banking link; false when no link could be made. */
export async function goToBankConsent(): Promise<boolean> {
  try {
    const link = await openBankingLink();
    window.location.assign(link.authUrl);
    return true;
  } catch {
    // The shared error table has told the person.
    return false;
  }
}

/**
 * /loan/connect-bank (OpenBankingConnect): connecting a bank by open banking. The bank's consent page sends
 * the browser back with from=render, which the guard finishes and takes straight to submit; a cancel at the
 * bank comes back here with a message.
 */
export function ConnectBankScreen() {
  const [searchParams] = useSearchParams();
  const cancelled = searchParams.get(BANK_RETURN_PARAM) === BANK_CANCELLED;
  const goNext = useGoNext();
  const [busy, setBusy] = useState(false);

  return (
    <JourneyPage title="Connect your bank">
      {cancelled ? (
        <NoticeBanner title="Your bank is not connected">
          <Typography>
            You cancelled connecting your bank, or the bank did not let us connect. Connect it to continue, or carry
            on without connecting it.
          </Typography>
        </NoticeBanner>
      ) : null}
      <Typography sx={{ mb: 2 }}>
        We use open banking to see your income and spending for the last 12 months. It is quicker than sending us
        bank statements, and it helps us make a fair decision.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You choose your bank and agree on its own page. We can only read your accounts: we cannot move money. Access
        ends after 90 days.
      </Typography>
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mb: 2 }}
        onClick={() => {
          setBusy(true);
          void goToBankConsent().then((leaving) => {
            if (!leaving) setBusy(false);
          });
        }}
      >
        Connect my bank
      </Button>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        disabled={busy}
        onClick={() => {
          setBusy(true);
          skipOpenBanking().then(goNext, () => {
            setBusy(false);
          });
        }}
      >
        Continue without connecting my bank
      </Button>
    </JourneyPage>
  );
}
