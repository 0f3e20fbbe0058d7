import type { components } from '@lender/api-client';

/** The one-page application as the BFF answers it (getOnePageApplicationInfo and every step's call). */
export type OnePageInfo = components['schemas']['OnePageApplicationInfo'];
export type ApplicationLoan = components['schemas']['ApplicationLoan'];
export type ApplicationDecision = components['schemas']['ApplicationDecision'];
export type HousingOptions = components['schemas']['HousingOptionsEnvelope']['resultData'];
export type CreditAssessmentQuestion = components['schemas']['CreditAssessmentQuestion'];
export type AddressHistoryEntry = components['schemas']['AddressHistoryEntry'];
export type ApplicationAddress = components['schemas']['ApplicationAddress'];
