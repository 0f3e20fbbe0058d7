import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { LoadFailed, Loading } from '../../components/load-state';
import { applicationInfoQuery } from '../../api/application';
import { withdrawApplication } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { checkedText, QuestionPage, RadiosAnswer } from '../../components/question';
import { YES_NO } from '../../components/radio-field';
import { SignInPage } from '../../components/sign-in-page';
import { StartNewApplicationButton } from '../../components/start-new-application-button';
import { legacyResumeTarget } from '../../lib/resume-target';
import type { ApplicationInfo } from '../../lib/resume-target';
import { forgetDraft, keepDraft, readDraft } from './draft';

const TITLE = 'You can still change your mind';

export function withdrawAnswerError(value: string): string | undefined {
  return value === 'yes' || value === 'no' ? undefined : 'Select yes if you want to withdraw your application';
}

const schema = z.object({ withdraw: checkedText(withdrawAnswerError) });

/**
 * /change-my-mind: an applicant on the steps after approval decides not to take the loan. The screen says what
 * withdrawing means, then asks; No goes back to the stage they were at, Yes withdraws the application
 * (accountApplication/withdrawApplication) and confirms it. A withdrawn application resumes here (resume-target.ts),
 * so signing in again shows the confirmation rather than a stage whose screens are closed, with the way to a new
 * application. An application that is
 * closed another way (declined, or its loan opened) goes where it resumes.
 */
export function ChangeMyMindScreen() {
  const { result, retry } = useServerData(applicationInfoQuery);
  const [withdrawn, setWithdrawn] = useState(false);

  if (withdrawn) return <WithdrawnConfirmation />;
  if (result.state !== 'ready') {
    return (
      <SignInPage title={TITLE}>
        {result.state === 'loading' ? (
          <Loading label="Loading your application" />
        ) : (
          <LoadFailed message="We could not load your application." onRetry={retry} />
        )}
      </SignInPage>
    );
  }
  const info = result.value;
  if (info.status === 'withdrawn') return <WithdrawnConfirmation />;
  if (info.status === 'declined' || info.status === 'drawn_down') {
    return <Navigate replace to={legacyResumeTarget(info)} />;
  }
  return (
    <WithdrawQuestion
      info={info}
      onWithdrawn={() => {
        setWithdrawn(true);
      }}
    />
  );
}

/** What withdrawing means, and the question. What was chosen is kept until it is acted on. */
function WithdrawQuestion({ info, onWithdrawn }: { info: ApplicationInfo; onWithdrawn: () => void }) {
  const navigate = useNavigate();
  const [withdraw] = useState(() => readDraft().withdrawAnswer ?? '');
  // The stage the applicant came from: the sign and approved screens link here, and each is its stage's screen.
  const stage = legacyResumeTarget(info);

  return (
    <QuestionPage
      question={TITLE}
      backTo={stage}
      intro={
        <>
          <Typography sx={{ mb: 2 }}>
            You applied for a loan of {formatPence(info.loan.amountPence)} over {String(info.loan.termMonths)} months.
            You do not have to take it. If you withdraw your application:
          </Typography>
          <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3 }}>
            <Typography component="li" sx={{ mb: 1 }}>
              we will not lend you the money, and you will have nothing to pay
            </Typography>
            <Typography component="li" sx={{ mb: 1 }}>
              the soft search we made for your quote stays on your credit file, where only you can see it: it does
              not affect your credit score
            </Typography>
            <Typography component="li" sx={{ mb: 1 }}>
              you can apply again whenever you like
            </Typography>
          </Box>
          <Typography sx={{ mb: 3 }}>
            Once your loan has been opened, you can no longer withdraw your application here.
          </Typography>
        </>
      }
      schema={schema}
      defaultValues={{ withdraw }}
      onChange={(answers) => {
        keepDraft({ withdrawAnswer: answers.withdraw });
      }}
      // A refusal (the loan opened meanwhile, the application closed) is said here; a transport failure has been
      // told by the shared error table, and the answer stays chosen for another try.
      serverField="withdraw"
      serverCodes="any"
      onSubmit={async (answers) => {
        if (answers.withdraw === 'no') {
          forgetDraft('withdrawAnswer');
          await navigate(stage, { replace: true });
          return;
        }
        await withdrawApplication();
        forgetDraft('withdrawAnswer');
        onWithdrawn();
      }}
    >
      <RadiosAnswer name="withdraw" legend="Do you want to withdraw your application?" options={YES_NO} />
    </QuestionPage>
  );
}

/** The withdrawal confirmed (a GOV.UK confirmation panel), with the way to a new application for the same loan. */
function WithdrawnConfirmation() {
  return (
    <SignInPage title="Your application has been withdrawn">
      <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', p: 3, mb: 4, textAlign: 'center' }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
          We will not lend you the money, and you have nothing to pay
        </Typography>
      </Box>
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        What happens next
      </Typography>
      <Typography sx={{ mb: 2 }}>
        The soft search we made for your quote stays on your credit file, where only you can see it. It does not
        affect your credit score.
      </Typography>
      <Typography sx={{ mb: 4 }}>
        You can apply again whenever you like. A new application starts with the same loan, and you can change the
        amount and how long you borrow for.
      </Typography>
      <StartNewApplicationButton />
    </SignInPage>
  );
}
