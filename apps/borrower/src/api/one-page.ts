import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf, QueryOf } from './contract';
import { APPLICATION, REFERENCE } from './scopes';

/**
 * The contract's `onePage` area: the one-page journey's reads (its journeyMap, its decision, the question lists)
 * and each step's call. The journey's reads live under `application`, so every step's call marks them stale
 * (changes.ts); the question lists are the same for everyone.
 */
export const onePageInfoQuery = queryOptions({
  queryKey: [APPLICATION, 'onePage', 'info'] as const,
  queryFn: ({ signal }) => api.get('/onePage/application/getOnePageApplicationInfo', { signal }),
});

/** The decision on a submitted application: an underwriter makes it outside this tab, so it is read on every need. */
export const onePageStatusQuery = queryOptions({
  queryKey: [APPLICATION, 'onePage', 'status'] as const,
  queryFn: ({ signal }) => api.get('/onePage/application/getOnePageApplicationStatus', { signal }),
  staleTime: 0,
});

export const housingOptionsQuery = queryOptions({
  queryKey: [REFERENCE, 'onePage', 'housingOptions'] as const,
  queryFn: ({ signal }) => api.get('/onePage/application/fetchPayMethodsAndLivingSituations', { signal }),
});

export const creditQuestionsQuery = queryOptions({
  queryKey: [REFERENCE, 'onePage', 'creditQuestions'] as const,
  queryFn: ({ signal }) => api.get('/onePage/application/getCreditAssessmentQuestionsMetadata', { signal }),
});

export const confirmYourLoan = (body: BodyOf<'/onePage/application/confirmYourLoan'>) =>
  api.post('/onePage/application/confirmYourLoan', { body });
export const updateLoanPurpose = (body: BodyOf<'/onePage/user/updateLoanPurpose'>) =>
  api.post('/onePage/user/updateLoanPurpose', { body });
export const updateRentInformation = (body: BodyOf<'/onePage/user/updateRentInformation'>) =>
  api.post('/onePage/user/updateRentInformation', { body });
export const updateAddressHistory = (body: BodyOf<'/onePage/user/updateAddressHistory'>) =>
  api.post('/onePage/user/updateAddressHistory', { body });
export const updateFutureIncomeChange = (body: BodyOf<'/onePage/application/updateFutureIncomeChange'>) =>
  api.post('/onePage/application/updateFutureIncomeChange', { body });
export const updateCreditAssessment = (body: BodyOf<'/onePage/application/UpdateCreditAssessment'>) =>
  api.post('/onePage/application/UpdateCreditAssessment', { body });
/** Sends the e-mail confirmation link again (both journeys use it). */
export const sendVerificationEmail = () => api.post('/onePage/user/sendVerificationEmail');
export const confirmOnePageEmail = (body: BodyOf<'/onePage/user/emailSoftConfirmation'>) =>
  api.post('/onePage/user/emailSoftConfirmation', { body });
export const openBankingLink = () => api.post('/onePage/application/getOpenBankingLink');
export const skipOpenBanking = () => api.post('/onePage/application/skipOpenBanking');

/** The two ways to submit: the instant path with a bank connected (spec §7), the other without. */
export type SubmitPath =
  | '/onePage/application/submitApplicationToRender'
  | '/onePage/application/submitInstantApplicationToRender';

/** Submits the application once: a retry with the same key is the same submission. */
export const submitApplication = (path: SubmitPath, idempotencyKey: string) =>
  api.post(path, { params: { header: { 'Idempotency-Key': idempotencyKey } } });

/** Finishes the return from the bank's consent page (one use, this session only). */
export const completeBankConsent = (query: QueryOf<'/onePage/application/completedOB'>, signal?: AbortSignal) =>
  api.get('/onePage/application/completedOB', { params: { query }, signal });
