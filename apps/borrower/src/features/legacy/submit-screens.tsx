import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forgetJourneyDrafts } from '../../lib/drafts/draft-store';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { changeFutureIncomeAndSubmit, regApplicationQuery, submitLegacyApplication } from '../../api/legacy';
import { useServerData } from '../../api/query-client';
import { useResumeApplication } from '../../lib/resume-application';
import { legacyResumeTarget } from '../../lib/resume-target';
import { incomeChangeSchema, keepIncomeChangeDraft, readIncomeChangeDraft, REASONS } from './income-change';
import { LoadFailed, Loading } from '../../components/load-state';
import { QuestionPage, RadiosAnswer, TextAnswer } from '../../components/question';
import { YES_NO } from '../../components/radio-field';
import { ContinueButton } from '../../components/continue-button';

const DIRECTIONS = [
  { value: 'increase', label: 'It will go up' },
  { value: 'decrease', label: 'It will go down' },
] as const;

const TITLE = 'Do you expect your income to change in the next 12 months?';

/**
 * /all_submit (the incomeVerification stage): the future-income-change question, then the application is sent
 * for a decision with it (futureIncomeChangeAndSubmitApplication). The decision decides the next screen through
 * the resume rules (spec §4): approved, /decline, /received (referred) or /counteroffer. The income details and
 * the credit-assessment answers come first (/income_verify), when the application has none yet: the decision
 * needs them.
 */
export function AllSubmitScreen() {
  const { result, retry } = useServerData(regApplicationQuery);
  if (result.state === 'ready') {
    const { income, creditAssessment } = result.value;
    return income === undefined || creditAssessment.length === 0 ? <IncomeFirst /> : <IncomeChangeForm />;
  }
  return (
    <SignInPage title="Your application">
      {result.state === 'loading' ? (
        <Loading label="Loading your application" />
      ) : (
        <LoadFailed message="We could not load your application." onRetry={retry} />
      )}
    </SignInPage>
  );
}

/** What all_submit shows while the income details and credit-assessment answers are still to be given. */
function IncomeFirst() {
  return (
    <SignInPage title="Before you send your application">
      <Typography sx={{ mb: 3 }}>
        We need your income and a few questions about your finances before we can make our decision.
      </Typography>
      <Button component={RouterLink} to={paths.legacy.incomeVerify} variant="contained" size="large" fullWidth>
        Tell us about your income
      </Button>
    </SignInPage>
  );
}

function IncomeChangeForm() {
  const navigate = useNavigate();
  const [draft] = useState(readIncomeChangeDraft);
  return (
    <QuestionPage
      question={TITLE}
      intro={
        <Typography sx={{ mb: 3 }}>
          For example a new job, fewer hours, retirement or parental leave. Your answer is sent with your application.
        </Typography>
      }
      schema={incomeChangeSchema}
      defaultValues={draft}
      onChange={keepIncomeChangeDraft}
      onSubmit={async (change) => {
        const info = await changeFutureIncomeAndSubmit(change);
        // Submitted: every answer of the journey has been sent, and none is kept for another application.
        forgetJourneyDrafts();
        await navigate(legacyResumeTarget(info), { replace: true });
      }}
      submitLabel="Send my application"
    >
      <RadiosAnswer name="expected" legend={TITLE} hideLegend options={YES_NO} />
      <HowItWillChange />
    </QuestionPage>
  );
}

/** How the income will change, asked when a change is expected. */
function HowItWillChange() {
  if (useWatch({ name: 'expected' }) !== 'yes') return null;
  return (
    <Box sx={{ borderLeft: 4, borderColor: 'divider', pl: 2, mb: 3 }}>
      <RadiosAnswer name="direction" legend="Will your income go up or down?" options={DIRECTIONS} />
      <RadiosAnswer name="reason" legend="Why will it change?" options={REASONS} />
      <TextAnswer
        name="newIncome"
        label="Your new yearly income before tax, in pounds"
        hint="For example 24,000"
        input={{ inputMode: 'decimal', autoComplete: 'off', spellCheck: false }}
      />
    </Box>
  );
}

/**
 * /all_done (the contractSubmitted stage): everything is given; the application is sent for the lending
 * core's decision (submitApplicationToAdb), then /all_done_2 thanks the applicant.
 */
export function AllDoneScreen() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  function send() {
    setBusy(true);
    submitLegacyApplication().then(
      () => navigate(paths.legacy.allDone2, { replace: true }),
      () => {
        // The shared error table has told the person.
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title="Send your application">
      <Typography sx={{ mb: 2 }}>You have given us everything we need for your application.</Typography>
      <Typography sx={{ mb: 3 }}>
        You can{' '}
        <Link component={RouterLink} to={paths.legacy.application}>
          check your application
        </Link>{' '}
        before you send it. Once it is sent, we make our decision, usually in a few minutes.
      </Typography>
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={send}>
        Send my application
      </Button>
    </SignInPage>
  );
}

/** /all_done_2: the application is sent; Continue goes where it now resumes (its decision, spec §4). */
export function AllDone2Screen() {
  const resume = useResumeApplication();
  return (
    <SignInPage title="Application sent">
      <Typography sx={{ mb: 3 }}>Thank you. Your application is with us. Continue to see where it stands.</Typography>
      <ContinueButton onContinue={resume} />
    </SignInPage>
  );
}
