import type { components } from '@lender/api-client';
import { formatDate, formatPence } from '@lender/ui/format';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { ContinueButton } from '../../components/continue-button';
import { LoanFiguresView } from '../../components/loan-figures';
import { QuestionPage, RadiosAnswer, requiredChoice } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { StartNewApplicationButton } from '../../components/start-new-application-button';
import { SummaryList } from '../../components/summary-list';
import { useAppBrand } from '../../lib/app-brand';
import { answerCounteroffer } from '../../api/approval';
import { readQuoteAnswer } from '../../lib/application-draft';
import type { ApplicationInfo } from '../../lib/resume-target';
import { useResumeApplication } from '../../lib/resume-application';
import { useCreateDecisionUser } from './decision-user';
import { useOutcome } from './outcome';
import type { EligibilityResult } from './outcome';
import { OutcomeLoadState, ResumeInstead } from './outcome-page';

type LoanQuote = components['schemas']['LoanQuote'];

const TITLE = 'We can offer you a smaller loan';

/** Money without pence when there are none: `£4,500`, `£92.18`. */
function money(pence: number): string {
  return formatPence(pence).replace(/\.00$/, '');
}

/**
 * /counteroffer: a lower amount than asked for is offered. Before registration it is the eligibility check's
 * offer (CheckCounteroffer); signed in with an application, it is the decision on the submitted application
 * (spec §4: approvalStatus 2), answered with accountApplication/counterofferResponse. An application with no
 * offer waiting (not decided, decided otherwise, the offer taken) moves on to where it resumes.
 */
export function CounterofferScreen() {
  const { result, retry } = useOutcome();
  if (result.state !== 'ready') return <OutcomeLoadState result={result} onRetry={retry} />;
  const outcome = result.value;
  if (outcome === undefined) return <Navigate replace to={paths.login.home} />;
  if (outcome.source === 'check') {
    const offer = outcome.check.outcome === 'counteroffer' ? outcome.check.quote : undefined;
    if (offer === undefined) return <Navigate replace to={paths.login.home} />;
    return <CheckCounteroffer check={outcome.check} offer={offer} />;
  }
  const decision = outcome.application.decision;
  const offer = decision?.outcome === 'counteroffer' ? decision.counteroffer : undefined;
  if (decision === undefined || offer === undefined || decision.counterofferResponse === 'accepted') {
    return <ResumeInstead here={paths.counteroffer} />;
  }
  if (decision.counterofferResponse === 'declined') return <ApplicationClosed />;
  return <ApplicationCounteroffer application={outcome.application} offer={offer} />;
}

/**
 * The check's offer, before registration. Accept opens the account and the application, which takes the check's
 * offer; "No thanks" leaves without one.
 */
function CheckCounteroffer({ check, offer }: { check: EligibilityResult; offer: LoanQuote }) {
  const createDecisionUser = useCreateDecisionUser();
  const [asked] = useState(readQuoteAnswer);
  const [busy, setBusy] = useState(false);

  const rows: [string, string][] = [
    ['Amount', money(offer.amountPence)],
    ['Term', `${String(offer.termMonths)} months`],
    ['Monthly instalment', money(offer.monthlyInstalmentPence)],
    ['Representative APR', `${offer.aprPercent}%`],
    ['Total payable', money(offer.totalPayablePence)],
  ];

  return (
    <SignInPage title={TITLE}>
      <Typography sx={{ mb: 3 }}>
        {asked === undefined
          ? 'We cannot lend you the amount you asked for, but we can offer you this loan.'
          : `We cannot lend you ${money(asked.amountPence)}, but we can offer you this loan.`}
      </Typography>
      <SummaryList rows={rows} />
      <Typography sx={{ mb: 2 }}>{offer.representativeExample}</Typography>
      {check.offerExpiresAt === undefined ? null : (
        <Typography sx={{ mb: 3 }}>This offer stands until {formatDate(check.offerExpiresAt.slice(0, 10))}.</Typography>
      )}
      <OfferQuestions />
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mb: 2 }}
        onClick={() => {
          setBusy(true);
          // On success the screen has moved on; on failure the shared error table has told the person.
          createDecisionUser(check.eligibilityCheckId).catch(() => {
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

/**
 * Where to ask about the offer: the brand's counteroffer mailbox (spec §9), once the brand's configuration is in.
 */
function OfferQuestions() {
  const { config } = useAppBrand();
  if (config === undefined || config.counterofferEmail === '') return null;
  return (
    <Typography sx={{ mb: 3 }}>
      Questions about this offer? E-mail us at{' '}
      <Typography component="a" variant="inherit" href={`mailto:${config.counterofferEmail}`} sx={{ color: 'primary.main' }}>
        {config.counterofferEmail}
      </Typography>
      .
    </Typography>
  );
}

const schema = z.object({ accept: requiredChoice('Select yes if you want to take this loan') });
const ANSWERS = [
  { value: 'yes', label: 'Yes, I want this loan' },
  { value: 'no', label: 'No, close my application' },
] as const;

/**
 * The offer on the submitted application. Yes approves the application at the offer and continues along the
 * resume rules (the stages after approval); No withdraws it, which this screen then says. The answer is sent
 * once (the button waits for the call), and a failed call keeps it so the applicant can send it again.
 */
function ApplicationCounteroffer({ application, offer }: { application: ApplicationInfo; offer: LoanQuote }) {
  const resume = useResumeApplication();
  const [answered, setAnswered] = useState<'accepted' | 'declined'>();

  if (answered === 'declined') return <ApplicationClosed />;
  if (answered === 'accepted') {
    return (
      <SignInPage title="Your loan is approved">
        <Typography sx={{ mb: 3 }}>You have accepted our offer of {money(offer.amountPence)}.</Typography>
        <ContinueButton onContinue={resume} />
      </SignInPage>
    );
  }

  return (
    <QuestionPage
      question={TITLE}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>
            We cannot lend you {money(application.loan.amountPence)}, but we can offer you this loan.
          </Typography>
          <LoanFiguresView loan={offer} />
          <OfferQuestions />
        </>
      }
      schema={schema}
      defaultValues={{ accept: '' }}
      // A failed call has been told by the shared error table; the answer stays chosen, to send again.
      onSubmit={async (answer) => {
        const accept = answer.accept === 'yes';
        await answerCounteroffer({ accept });
        if (!accept) {
          setAnswered('declined');
          return;
        }
        // On to the stages after approval; should reading where to go fail, Continue tries again.
        await resume().catch(() => {
          setAnswered('accepted');
        });
      }}
    >
      <RadiosAnswer
        name="accept"
        legend="Do you want to take this loan?"
        hint="If you do not, we will close your application."
        options={ANSWERS}
      />
    </QuestionPage>
  );
}

/** The application after its counteroffer was declined: withdrawn, plainly, and the way to a new application. */
function ApplicationClosed() {
  return (
    <SignInPage title="Your application is closed">
      <Typography sx={{ mb: 2 }}>
        You chose not to take the smaller loan we offered, so we have withdrawn your application.
      </Typography>
      <Typography sx={{ mb: 2 }}>We have not lent you anything, and you have nothing to pay.</Typography>
      <Typography sx={{ mb: 4 }}>
        You can start a new application for the loan you asked for, and change the amount and how long you borrow for.
      </Typography>
      <StartNewApplicationButton />
    </SignInPage>
  );
}
