import { useLoaderData } from 'react-router';
import { CreditConsentScreen } from '../features/eligibility/credit-consent-screen';
import { LegacyCreditConsentScreen } from '../features/legacy/credit-consent-screen';
import type { AmountStepData } from './guard-loaders';

/**
 * /amount/credit_consent: the consent to the soft credit search of the /amount steps; a signed-in applicant from
 * the lender's own comparison site, whom the resume rules send here, gives the legacy consent before income
 * instead (spec §4). Its guard says which; composed here, as features do not import each other.
 */
export function CreditConsentRoute() {
  const { signedInApplicant } = useLoaderData<AmountStepData>();
  return signedInApplicant ? <LegacyCreditConsentScreen /> : <CreditConsentScreen />;
}
