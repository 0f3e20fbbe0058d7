import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf, QueryOf } from './contract';
import { APPLICATION } from './scopes';

/**
 * The contract's `legacy` area: the `accountApplication/*` and `bank/*` calls of the legacy stages. Its reads live
 * under `application`, so every stage's call marks them stale (changes.ts).
 */

export const regApplicationQuery = queryOptions({
  queryKey: [APPLICATION, 'legacy', 'regApplication'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/reviewMyRegApplication', { signal }),
});

export const reviewAddressQuery = queryOptions({
  queryKey: [APPLICATION, 'legacy', 'address'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/reviewMyAddress', { signal }),
});

export const declineReasonQuery = queryOptions({
  queryKey: [APPLICATION, 'legacy', 'declineReason'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/getPart2DeclineReason', { signal }),
});

export const creditConcernQuery = queryOptions({
  queryKey: [APPLICATION, 'legacy', 'creditConcern'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/checkCreditConcern', { signal }),
});

export const creditConcernAgreementQuery = queryOptions({
  queryKey: [APPLICATION, 'legacy', 'creditConcernAgreement'] as const,
  queryFn: ({ signal }) => api.get('/accountApplication/creditConcernAgreement', { signal }),
});

/** The bank connection's status at the provider: it changes there, so it is read on every need. */
export const bankStatusQuery = (query: QueryOf<'/bank/getOBStatus'>) =>
  queryOptions({
    queryKey: [APPLICATION, 'legacy', 'bankStatus', query.consentId] as const,
    queryFn: ({ signal }) => api.get('/bank/getOBStatus', { params: { query }, signal }),
    staleTime: 0,
  });

export const bankConsentLink = () => api.get('/bank/getOBLink');
export const completeBankConsent = (query: QueryOf<'/bank/completedOB'>) =>
  api.get('/bank/completedOB', { params: { query } });
export const linkAuthorisedBank = (query: QueryOf<'/bank/createApplication'>) =>
  api.get('/bank/createApplication', { params: { query } });
export const priceLoan = (body: BodyOf<'/accountApplication/loanCalc'>) => api.post('/accountApplication/loanCalc', { body });
export const confirmLoanDetails = (body: BodyOf<'/accountApplication/confirmLoanDetails'>) =>
  api.post('/accountApplication/confirmLoanDetails', { body });
export const updateRentInfo = (body: BodyOf<'/accountApplication/updateRentInfo'>) =>
  api.post('/accountApplication/updateRentInfo', { body });
export const updateLoanPurposeDetail = (body: BodyOf<'/accountApplication/updateLoanPurposeDetail'>) =>
  api.post('/accountApplication/updateLoanPurposeDetail', { body });
export const changeFutureIncome = (body: BodyOf<'/accountApplication/futureIncomeChange'>) =>
  api.post('/accountApplication/futureIncomeChange', { body });
export const changeFutureIncomeAndSubmit = (body: BodyOf<'/accountApplication/futureIncomeChangeAndSubmitApplication'>) =>
  api.post('/accountApplication/futureIncomeChangeAndSubmitApplication', { body });
export const submitLegacyApplication = () => api.post('/accountApplication/submitApplicationToAdb');
