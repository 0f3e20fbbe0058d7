import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { applicationInfoQuery } from '../../api/application';
import { useServerData } from '../../api/query-client';
import { bindAnswersTo } from './answers-draft';
import { JourneyPage, useJourney } from './journey-page';
import { LoadFailed, Loading } from '../../components/load-state';
import { QuoteReview } from './quote-review';
import { fetchResumeTarget } from '../../lib/resume-application';
import { useGoNext } from './journey-page';

/** /quote_review_b (step 0 of the one-page journey): the loan to confirm, then the next required step. */
export function QuoteReviewBScreen() {
  const { info } = useJourney();
  const goNext = useGoNext();
  return (
    <JourneyPage title="Confirm your loan">
      <QuoteReview loan={info.loan} onConfirmed={goNext} />
    </JourneyPage>
  );
}

/**
 * /quote_review (the legacy welcome stage, and the change_loan operation): the loan to confirm; then on to
 * wherever the application resumes (spec §4).
 */
export function QuoteReviewScreen() {
  const navigate = useNavigate();
  const { result, retry } = useServerData(applicationInfoQuery);
  // The journey's answers kept in this tab belong to this application (idempotent, before the review reads them).
  if (result.state === 'ready') bindAnswersTo(result.value.applicationId);
  const resume = () => {
    void fetchResumeTarget().then((target) => navigate(target));
  };
  return (
    <SignInPage title="Confirm your loan" backTo={paths.startB}>
      {result.state === 'loading' ? <Loading label="Loading your loan" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load your loan." onRetry={retry} /> : null}
      {result.state === 'ready' ? <QuoteReview loan={result.value.loan} onConfirmed={resume} /> : null}
    </SignInPage>
  );
}
