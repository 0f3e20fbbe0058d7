import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { LoadFailed, Loading } from '../../components/load-state';
import type { Load } from '../../components/load-state';
import { useServerData } from '../../api/query-client';
import { SignInPage } from '../../components/sign-in-page';
import { resumeTargetQuery } from '../../lib/resume-application';

/** The title of an outcome screen before it knows the outcome: it claims none. */
const PENDING_TITLE = 'Our decision';

/** An outcome screen while its outcome loads, or when the application could not be read (and can be again). */
export function OutcomeLoadState({ result, onRetry }: { result: Load<unknown>; onRetry: () => void }) {
  return (
    <SignInPage title={PENDING_TITLE}>
      {result.state === 'failed' ? (
        <LoadFailed message="We could not get our decision." onRetry={onRetry} />
      ) : (
        <Loading label="Getting our decision" />
      )}
    </SignInPage>
  );
}

/**
 * In place of an outcome screen that has nothing to show a signed-in applicant (their application is not decided
 * yet, was decided otherwise, or its counteroffer was taken): takes them on to where the application resumes
 * (spec §4), replacing this screen in the history.
 */
export function ResumeInstead({ here }: { here: string }) {
  const navigate = useNavigate();
  const { result, retry } = useServerData(resumeTargetQuery);
  const target = result.state === 'ready' ? result.value : undefined;

  useEffect(() => {
    if (target !== undefined && target !== here) void navigate(target, { replace: true });
  }, [target, here, navigate]);

  // The resume rules send here only an application this screen shows; a disagreement must not loop.
  if (target === here) return <Navigate replace to={paths.login.home} />;
  return <OutcomeLoadState result={result.state === 'failed' ? result : { state: 'loading' }} onRetry={retry} />;
}
