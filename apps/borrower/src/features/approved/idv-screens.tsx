import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ContinueButton } from '../../components/continue-button';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { completeIdentityCheck, identityCheckLink } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { APPLICATION } from '../../api/scopes';
import { leaveFor } from '../../lib/leave-for';
import { LoadFailed, Loading } from '../../components/load-state';
import { useContinueAfterApproval } from '../../lib/resume-application';

const TRY_AGAIN_ID = 'check-identity-again';

const REASONS: Readonly<Record<string, string>> = {
  document_expired: 'The document you used has expired. Use a document that is in date.',
  document_unreadable: 'We could not read your document. Take the photo again in good light, with the whole document in view.',
  face_mismatch: 'Your photo did not match the photo on your document.',
};

/** Leaves for the identity provider's page, through a link made for this application. */
function IdentityButton({ label, id }: { label: string; id?: string }) {
  return (
    <ContinueButton
      id={id}
      label={label}
      onContinue={() =>
        identityCheckLink().then((link) => {
          leaveFor(link.url);
        })
      }
    />
  );
}

/** /identity_start (the idv stage): why and how the identity check is done, then the provider's page. */
export function IdentityStartScreen() {
  return (
    <SignInPage title="Check your identity">
      <Typography sx={{ mb: 2 }}>
        Before we pay out your loan, the law requires us to check you are who you say you are.
      </Typography>
      <Typography sx={{ mb: 2 }}>You will need a passport or UK driving licence. It takes about 5 minutes.</Typography>
      <Typography sx={{ mb: 3 }}>The check is done on our identity provider’s secure page.</Typography>
      <IdentityButton label="Start the check" />
      <Typography sx={{ mt: 3 }}>
        Have a share code from GOV.UK for your immigration status?{' '}
        <Link component={RouterLink} to={paths.legacy.shareCode}>
          Prove your identity with a share code
        </Link>
      </Typography>
    </SignInPage>
  );
}

/**
 * /idv/post_idv: where the identity provider returns (`?checkId=…`). The outcome is read from the provider
 * through the BFF (application/render/completeIdv), never from the address: a pass moves on, a failure says
 * why with a new check, a pending check can be asked again.
 */
export function PostIdvScreen() {
  const [searchParams] = useSearchParams();
  const checkId = searchParams.get('checkId') ?? '';
  if (checkId === '') return <Navigate replace to={paths.legacy.identityStart} />;
  return <IdentityOutcome checkId={checkId} />;
}

function IdentityOutcome({ checkId }: { checkId: string }) {
  const continueJourney = useContinueAfterApproval();
  // The outcome is asked as the screen opens and on every Check again, never kept; a pass moves on at once.
  const { result, retry } = useServerData({
    queryKey: [APPLICATION, 'identityCheck', checkId],
    queryFn: async ({ signal }) => {
      const outcome = await completeIdentityCheck({ checkId }, signal);
      if (outcome.checkStatus === 'passed') await continueJourney();
      return outcome;
    },
    staleTime: 0,
    gcTime: 0,
  });

  let body: ReactNode;
  if (result.state === 'loading') body = <Loading label="Checking your identity" />;
  else if (result.state === 'failed') body = <LoadFailed message="We could not get the result of your check." onRetry={retry} />;
  else if (result.value.checkStatus === 'passed') body = <Loading label="Your identity is confirmed" />;
  else if (result.value.checkStatus === 'failed') {
    const reasons = result.value.reasons.map((reason) => REASONS[reason] ?? 'The check could not confirm your identity.');
    const message = 'We could not confirm your identity';
    body = (
      <>
        <ErrorSummary errors={[{ fieldId: TRY_AGAIN_ID, message }]} title="Your identity check did not pass" />
        {reasons.map((reason) => (
          <Typography key={reason} sx={{ mb: 2 }}>
            {reason}
          </Typography>
        ))}
        <Typography sx={{ mb: 3 }}>You can try the check again.</Typography>
        <IdentityButton id={TRY_AGAIN_ID} label="Try the check again" />
      </>
    );
  } else {
    body = (
      <>
        <Typography sx={{ mb: 3 }}>Your check is not finished yet. This can take a few minutes.</Typography>
        <Button variant="contained" size="large" fullWidth onClick={retry}>
          Check again
        </Button>
      </>
    );
  }
  return <SignInPage title="Your identity check">{body}</SignInPage>;
}
