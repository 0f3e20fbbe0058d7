import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { ConsentAnswer, mustAgree, QuestionPage } from '../../components/question';
import { submitEligibility } from '../../api/eligibility';
import { readApplicationDraft, readQuoteAnswer } from '../../lib/application-draft';
import { useCreateDecisionUser } from './decision-user';
import { eligibilityRequestOf } from './eligibility-request';
import { keepEligibilityResult } from './outcome';

const schema = z.object({
  consent: mustAgree('Select that you agree to a soft credit search to check if you can get a loan'),
});

/**
 * /amount/credit_consent: consent to the soft credit search, then eligibility/eligibilitySubmit. Approved or
 * referred: the account is opened and the one-page journey starts; a counteroffer or a decline has its own
 * screen. A failed call is told by the shared error table and changes nothing kept: the applicant can try again.
 */
export function CreditConsentScreen() {
  const navigate = useNavigate();
  const createDecisionUser = useCreateDecisionUser();

  async function check() {
    const request = eligibilityRequestOf(readApplicationDraft(), readQuoteAnswer());
    if (request === undefined) {
      // The guard lets nobody here with an answer missing; a draft changed in another way goes back to checking.
      void navigate(paths.amount.step2);
      return;
    }
    const result = await submitEligibility(request);
    keepEligibilityResult(result);
    switch (result.outcome) {
      case 'approved':
      case 'referred':
        await createDecisionUser(result.eligibilityCheckId);
        return;
      case 'counteroffer':
        void navigate(paths.counteroffer);
        return;
      case 'declined':
        void navigate(paths.decline);
    }
  }

  return (
    <QuestionPage
      question="Check if you can get a loan"
      backTo={paths.amount.step2}
      intro={
        <>
          <Typography sx={{ mb: 2 }}>
            To see if we can lend to you, we will do a soft search of your credit file with a credit reference agency,
            using the answers you have given.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            A soft search does not affect your credit score, and other lenders cannot see it.
          </Typography>
          <Typography sx={{ mb: 3 }}>We will tell you the result straight away.</Typography>
        </>
      }
      schema={schema}
      defaultValues={{ consent: false }}
      onSubmit={check}
      submitLabel="Check my eligibility"
    >
      <ConsentAnswer name="consent" label="I agree to a soft search of my credit file" />
    </QuestionPage>
  );
}
