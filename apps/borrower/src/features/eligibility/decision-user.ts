import type { components } from '@lender/api-client';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { createDecisionUser } from '../../api/auth';
import { readApplicationDraft } from '../../lib/application-draft';
import { saveSignIn } from '../../lib/auth-session';
import { withWhiteLabelClient } from '../../lib/white-label';
import { dateOfBirthOf } from './eligibility-request';

type CreateDecisionUserRequest = components['schemas']['CreateDecisionUserRequest'];

/** The user/createDecisionUser body for an eligibility check and the applicant's answers (one-page journey). */
export function decisionUserRequestOf(eligibilityCheckId: string): CreateDecisionUserRequest {
  const draft = readApplicationDraft();
  const request: CreateDecisionUserRequest = {
    eligibilityCheckId,
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    dateOfBirth: dateOfBirthOf(draft) ?? '',
    email: draft.email.trim(),
    purpose: draft.purpose,
    onePage: true,
  };
  if (draft.purpose === 'other') request.purposeText = draft.purposeText.trim();
  return withWhiteLabelClient(request);
}

/**
 * Opens the account and the application of an eligibility check that allows one (approved, referred, or a
 * counteroffer taken): the BFF signs the new customer in; the sign-in is kept (spec §3) and the one-page
 * journey starts at its quote (step 0). A failure is told by the shared error table; the promise rejects.
 */
export function useCreateDecisionUser(): (eligibilityCheckId: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (eligibilityCheckId: string) => {
      const result = await createDecisionUser(decisionUserRequestOf(eligibilityCheckId));
      saveSignIn(result);
      void navigate(paths.quoteReviewB, { replace: true });
    },
    [navigate],
  );
}
