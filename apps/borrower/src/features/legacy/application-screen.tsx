import { ContinueButton } from '../../components/continue-button';
import { SignInPage } from '../../components/sign-in-page';
import { regApplicationQuery } from '../../api/legacy';
import { useServerData } from '../../api/query-client';
import { useResumeApplication } from '../../lib/resume-application';
import { reviewRows } from './application-review';
import { LoadFailed, Loading } from '../../components/load-state';
import { SummaryList } from '../../components/summary-list';

/**
 * /application: the application as given so far (accountApplication/reviewMyRegApplication), as a summary list,
 * and the way back to where it resumes.
 */
export function ApplicationScreen() {
  const { result, retry } = useServerData(regApplicationQuery);
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
