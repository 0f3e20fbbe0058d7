import type { components } from '@lender/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import type { BodyOf, QueryOf } from './contract';
import { APPLICATION } from './scopes';

/**
 * The contract's `approval` area: the stages after approval (phone, payee, card payment authority, commission,
 * documents and signature, identity), the drawdown, the counteroffer and the withdrawal. The loan once open is
 * the `loan` area's (loan.ts).
 * Reads of the application's documents and figures live under `application`, so every stage's call marks them
 * stale (changes.ts).
 */

export type LoanDocument = components['schemas']['ReplaceContent'];
export type DocumentPage = BodyOf<'/account/getReplaceContent'>['page'];

export const commissionInfoQuery = queryOptions({
  queryKey: [APPLICATION, 'commission'] as const,
  queryFn: ({ signal }) => api.get('/application/commissionInfo', { signal }),
});

/** One of the applicant's loan documents, as sanitised HTML. */
function fetchDocument(page: DocumentPage, signal: AbortSignal): Promise<LoanDocument> {
  return api.post('/account/getReplaceContent', { body: { page }, signal });
}

export const loanDocumentQuery = (page: DocumentPage) =>
  queryOptions({
    queryKey: [APPLICATION, 'document', page] as const,
    queryFn: ({ signal }) => fetchDocument(page, signal),
  });

export interface Agreement {
  pdf: Blob;
  /** The hex SHA-256 of the PDF (X-Document-Sha256): the signature names the agreement shown. */
  sha256: string;
}

/** The credit agreement PDF and the digest the BFF sent with it ('' without one); rejects when no PDF came. */
async function fetchAgreement(signal: AbortSignal): Promise<Agreement> {
  const { data, error, response } = await api.raw.POST('/account/generateReviewContract', { parseAs: 'blob', signal });
  const pdf: Blob | undefined = data;
  if (error !== undefined || typeof pdf?.size !== 'number') throw new Error('The agreement could not be loaded');
  return { pdf, sha256: response.headers.get('X-Document-Sha256') ?? '' };
}

/** The agreement as a signature can name it: with a readable digest. */
async function fetchSignableAgreement(signal: AbortSignal): Promise<Agreement> {
  const agreement = await fetchAgreement(signal);
  if (!/^[0-9a-fA-F]{64}$/.test(agreement.sha256)) throw new Error('The agreement could not be loaded');
  return agreement;
}

/** The credit agreement as a PDF to download (a document page); an empty PDF is a failure. */
export const agreementPdfQuery = queryOptions({
  queryKey: [APPLICATION, 'agreement', 'pdf'] as const,
  queryFn: async ({ signal }) => {
    const { pdf } = await fetchAgreement(signal);
    if (pdf.size === 0) throw new Error('The agreement could not be loaded');
    return pdf;
  },
});

/** The pages the applicant reads before signing, in the order they are shown. */
const SIGNING_PAGES = ['about-your-loan', 'loan-key-facts', 'loan-agreement'] as const;

export interface SigningPack {
  documents: LoanDocument[];
  agreement: Agreement;
}

/** Everything the sign screen shows: the three documents and the agreement's digest, loaded together. */
export const signingPackQuery = queryOptions({
  queryKey: [APPLICATION, 'agreement', 'signingPack'] as const,
  queryFn: async ({ signal }): Promise<SigningPack> => {
    const [documents, agreement] = await Promise.all([
      Promise.all(SIGNING_PAGES.map((page) => fetchDocument(page, signal))),
      fetchSignableAgreement(signal),
    ]);
    return { documents, agreement };
  },
});

/** The hex SHA-256 of the bytes. */
async function sha256Hex(bytes: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await bytes.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The agreement, and whether its bytes are the ones its digest names (the digest a signature sends back). */
export const checkedAgreementQuery = queryOptions({
  queryKey: [APPLICATION, 'agreement', 'checked'] as const,
  queryFn: async ({ signal }) => {
    const agreement = await fetchSignableAgreement(signal);
    return { ...agreement, intact: (await sha256Hex(agreement.pdf)) === agreement.sha256.toLowerCase() };
  },
});

/** The card checkout's outcome, read from the gateway through the BFF. */
export const fetchPaymentSession = (query: QueryOf<'/payment/paymentSessionInfo'>, signal?: AbortSignal) =>
  api.get('/payment/paymentSessionInfo', { params: { query }, signal });

export const identityCheckLink = () => api.get('/application/render/getIdvLink');
export const completeIdentityCheck = (body: BodyOf<'/application/render/completeIdv'>, signal?: AbortSignal) =>
  api.post('/application/render/completeIdv', { body, signal });
export const verifyShareCode = (body: BodyOf<'/application/render/verifyShareCode'>) =>
  api.post('/application/render/verifyShareCode', { body });
export const sendPhoneCode = (body: BodyOf<'/user/sendPhoneVerificationCode'>) =>
  api.post('/user/sendPhoneVerificationCode', { body });
export const verifyPhone = (body: BodyOf<'/user/phoneVerification'>) => api.post('/user/phoneVerification', { body });
export const confirmPayee = (body: BodyOf<'/payment/confirmationOfPayee'>) =>
  api.post('/payment/confirmationOfPayee', { body });
export const createCardCheckout = () => api.post('/payment/createCpaLink');
export const consentToCommission = (body: BodyOf<'/application/commissionConsent'>) =>
  api.post('/application/commissionConsent', { body });
export const signAgreement = (body: BodyOf<'/account/signaturePdf'>) => api.post('/account/signaturePdf', { body });
/**
 * Opens the loan as the last screen opens. Idempotent on the BFF's side (the lending core's drawdown is keyed by
 * the application), so a remount or a retry opens no second loan; never kept, so each visit asks again.
 */
export const drawdownQuery = queryOptions({
  queryKey: [APPLICATION, 'drawdown'] as const,
  queryFn: ({ signal }) => api.post('/application/drawdown', { signal }),
  staleTime: 0,
  gcTime: 0,
});
export const answerCounteroffer = (body: BodyOf<'/accountApplication/counterofferResponse'>) =>
  api.post('/accountApplication/counterofferResponse', { body });
export const withdrawApplication = () => api.post('/accountApplication/withdrawApplication');
