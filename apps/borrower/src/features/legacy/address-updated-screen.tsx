import Typography from '@mui/material/Typography';
import { SignInPage } from '../../components/sign-in-page';
import { useResumeApplication } from '../../lib/resume-application';
import { ContinueButton } from '../../components/continue-button';

/**
 * /address-updated: the addresses the lender asked for again (the `address` additional operation) are
 * recorded; Continue goes where the application now resumes (spec §4).
 */
export function AddressUpdatedScreen() {
  const resume = useResumeApplication();
  return (
    <SignInPage title="Your addresses are updated">
      <Typography sx={{ mb: 3 }}>Thank you. We have the addresses you have lived at in the last 3 years.</Typography>
      <ContinueButton onContinue={resume} />
    </SignInPage>
  );
}
