import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { createCardCheckout, fetchPaymentSession } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { APPLICATION } from '../../api/scopes';
import { keepDraft, readDraft } from './draft';
import { leaveFor } from '../../lib/leave-for';
import { LoadFailed, Loading } from '../../components/load-state';
import { useContinueAfterApproval } from '../../lib/resume-application';

const TRY_AGAIN_ID = 'try-card-again';

/** Opens the payment gateway's checkout for a card to keep (payment/createCpaLink); nothing is charged. */
function useOpenCheckout(): { open: () => void; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const open = useCallback(() => {
    setBusy(true);
    createCardCheckout().then(
      (link) => {
        // The gateway's return carries no id of ours: the checkout is found again from this tab's storage.
        keepDraft({ paymentLinkId: link.paymentLinkId });
        leaveFor(link.url);
      },
      () => {
        setBusy(false);
      },
    );
  }, []);
  return { open, busy };
}

function CardButton({ label, id }: { label: string; id?: string }) {
  const { open, busy } = useOpenCheckout();
  return (
    <Button id={id} variant="contained" size="large" fullWidth disabled={busy} onClick={open}>
      {label}
    </Button>
  );
}

/** /connectBank (the setCpa stage): what a continuous payment authority is, then the card checkout. */
export function ConnectBankScreen() {
  return (
    <SignInPage title="Set up your repayments by card">
      <Typography sx={{ mb: 2 }}>
        Your monthly repayments are taken from a debit card. Giving us your card details sets up a continuous
        payment authority: permission for us to take each repayment on its due date.
      </Typography>
      <Box component="ul" sx={{ mb: 3, pl: 2.5 }}>
        <li>
          <Typography>Nothing is taken from your card now.</Typography>
        </li>
        <li>
          <Typography>We tell you before we take a payment of a different amount or on a different date.</Typography>
        </li>
        <li>
          <Typography>You can cancel the authority at any time by contacting us or your bank.</Typography>
        </li>
      </Box>
      <Typography sx={{ mb: 3 }}>You will enter your card details on our payment provider’s secure page.</Typography>
      <CardButton label="Add my debit card" />
    </SignInPage>
  );
}

type SessionInfo = Awaited<ReturnType<typeof fetchPaymentSession>>;

/** Why the card was not kept, in words, with what to do. */
function outcomeMessage(info: SessionInfo): string {
  if (info.status === 'declined') {
    return info.declineReason === 'insufficient_funds'
      ? 'Your card was declined by your bank. Try a different debit card.'
      : 'This card cannot be used for your repayments. Try a different debit card.';
  }
  if (info.status === 'failed') return 'Your bank could not confirm it was you. Try again, or use a different card.';
  if (info.status === 'cancelled') return 'You cancelled adding your card. Add a card to continue.';
  if (info.status === 'expired') return 'The page for adding your card timed out. Try again.';
  return 'Adding your card was not finished. Try again.';
}

/**
 * /pay/acquired-setcpa: where the checkout returns. The outcome is read from the gateway through the BFF
 * (payment/paymentSessionInfo), never from the return address; a kept card moves on to the next stage, any
 * other outcome is explained with a way to try again.
 */
export function AcquiredSetCpaScreen() {
  const [paymentLinkId] = useState(() => readDraft().paymentLinkId);
  if (paymentLinkId === undefined) return <Navigate replace to={paths.legacy.connectBank} />;
  return <CheckoutOutcome paymentLinkId={paymentLinkId} />;
}

function CheckoutOutcome({ paymentLinkId }: { paymentLinkId: string }) {
  const continueJourney = useContinueAfterApproval();
  // The outcome is asked at the gateway as the screen opens, never kept; a kept card moves on at once.
  const { result, retry } = useServerData({
    queryKey: [APPLICATION, 'cardCheckout', paymentLinkId],
    queryFn: async ({ signal }) => {
      const info = await fetchPaymentSession({ paymentLinkId }, signal);
      if (info.status === 'succeeded' && info.cpaAttached) await continueJourney();
      return info;
    },
    staleTime: 0,
    gcTime: 0,
  });

  let body: ReactNode;
  if (result.state === 'loading') body = <Loading label="Checking your card" />;
  else if (result.state === 'failed') body = <LoadFailed message="We could not check your card." onRetry={retry} />;
  else if (result.value.status === 'succeeded' && result.value.cpaAttached) body = <Loading label="Your card is set up" />;
  else {
    const message = outcomeMessage(result.value);
    body = (
      <>
        <ErrorSummary errors={[{ fieldId: TRY_AGAIN_ID, message }]} title="Your card was not added" />
        <Typography sx={{ mb: 3 }}>{message}</Typography>
        <CardButton id={TRY_AGAIN_ID} label="Try again with a card" />
      </>
    );
  }
  return (
    <SignInPage title="Adding your card" backTo={paths.legacy.connectBank}>
      {body}
    </SignInPage>
  );
}
