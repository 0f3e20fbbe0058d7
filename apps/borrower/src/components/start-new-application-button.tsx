import { startOverApplication } from '../api/auth';
import { saveSignedInUser } from '../lib/auth-session';
import { useResumeApplication } from '../lib/resume-application';
import { ContinueButton } from './continue-button';

/**
 * "Start a new application", for a signed-in applicant whose application they closed themselves (withdrawn on
 * /change-my-mind, or a counteroffer declined). The /amount steps would register a new customer, which this one
 * already is; instead user/startOverApply opens a new application for them carrying the same loan, re-priced (the
 * lending core keeps the closed one and records what followed it). The signed-in user it answers is kept as a
 * sign-in's is, since its applyId, loan and stages are now the new application's, and the applicant goes on where
 * that application resumes: its quote, where the amount and term can be changed.
 *
 * Busy while the call is on its way, and pressable again when it failed (the shared error table has said why). A
 * second press after the application was opened but not read answers the same new application (the BFF keys it).
 */
export function StartNewApplicationButton() {
  const resume = useResumeApplication();
  return (
    <ContinueButton
      label="Start a new application"
      onContinue={async () => {
        saveSignedInUser(await startOverApplication());
        await resume();
      }}
    />
  );
}
