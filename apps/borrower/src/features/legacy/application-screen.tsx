import { ContinueButton } from '../../components/continue-button';
import { SignInPage } from '../../components/sign-in-page';
import { api } from '../../lib/api';
import { useResumeApplication } from '../../lib/resume-application';
import { reviewRows } from './application-review';
import { LoadFailed, Loading, useLoad } from '../../components/load-state';
import { SummaryList } from '../../components/summary-list';

function review(signal: AbortSignal) {
  return api.get('/accountApplication/reviewMyRegApplication', { signal });
}

/**
 * /application: the application as given so far (accountApplication/reviewMyRegApplication), as a summary list,
 * and the way back to where it resumes.
 */
export function ApplicationScreen() {
  const { result, retry } = useLoad(review);
  const resume = useResumeApplication();
  return (
    <SignInPage title="Your application">
      {result.state === 'loading' ? <Loading label="Loading your application" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load your application." onRetry={retry} /> : null}
      {result.state === 'ready' ? (
        <>
          <SummaryList rows={reviewRows(result.value)} />
          <ContinueButton label="Continue with my application" onContinue={resume} />
        </>
      ) : null}
    </SignInPage>
  );
}
