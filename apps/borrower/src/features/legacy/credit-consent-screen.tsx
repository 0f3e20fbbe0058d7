import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SafeHtml } from '@lender/ui/components/safe-html';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { ConsentAnswer, mustAgree, QuestionPage } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { creditConcernAgreementQuery, creditConcernQuery } from '../../api/legacy';
import { fetchFreshServerData, useServerData } from '../../api/query-client';
import { useResumeApplication } from '../../lib/resume-application';
import { LoadFailed, Loading } from '../../components/load-state';

const TITLE = 'Before we check your income';
const schema = z.object({ consent: mustAgree('Select that you have read the information and agree to a credit search') });

/**
 * /amount/credit_consent for a signed-in applicant who came from the lender's own comparison site (spec §4: the
 * consent comes before income): the pre-contract credit information (creditConcernAgreement), then agreeing
 * leads to the income step, /all_submit. Nothing is recorded by agreeing; when checkCreditConcern says the
 * consent is not asked of them (or is done), the application resumes where it stands.
 */
export function LegacyCreditConsentScreen() {
  const navigate = useNavigate();
  const resume = useResumeApplication();
  const { result, retry } = useServerData(creditConcernAgreementQuery);

  async function goOn() {
    // Asked now: the consent may have been given since, in another tab.
    const concern = await fetchFreshServerData(creditConcernQuery);
    if (concern.required && !concern.done) await navigate(paths.legacy.allSubmit);
    else await resume();
  }

  const introduction = (
    <Typography sx={{ mb: 3 }}>
      Please read the pre-contract credit information for your loan. To check your income we will search your
      credit file with a credit reference agency.
    </Typography>
  );
  if (result.state !== 'ready') {
    return (
      <SignInPage title={TITLE}>
        {introduction}
        {result.state === 'loading' ? <Loading label="Loading the pre-contract credit information" /> : null}
        {result.state === 'failed' ? (
          <LoadFailed message="We could not load the pre-contract credit information." onRetry={retry} />
        ) : null}
      </SignInPage>
    );
  }
  return (
    <QuestionPage
      question={TITLE}
      intro={
        <>
          {introduction}
          <Box
            component="section"
            aria-labelledby="credit-information-title"
            sx={{ border: 1, borderColor: 'divider', p: 2, mb: 3, maxHeight: '24rem', overflowY: 'auto' }}
            tabIndex={0}
          >
            <Typography id="credit-information-title" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
              {result.value.title}
            </Typography>
            <SafeHtml html={result.value.html} profile="document" />
          </Box>
        </>
      }
      schema={schema}
      defaultValues={{ consent: false }}
      onSubmit={goOn}
    >
      <ConsentAnswer name="consent" label="I have read the information and agree to a credit search" />
    </QuestionPage>
  );
}
