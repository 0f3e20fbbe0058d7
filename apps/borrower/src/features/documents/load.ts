import type { components } from '@lender/api-client';
import { api } from '../../lib/api';
import type { LoanDocumentKind } from './document-pages';

export type LoanDocument = components['schemas']['ReplaceContent'];

/** One of the signed-in applicant's loan documents, as sanitised HTML (account/getReplaceContent). */
export function loadDocument(kind: LoanDocumentKind, signal: AbortSignal): Promise<LoanDocument> {
  return api.post('/account/getReplaceContent', { body: { page: kind }, signal });
}

/** The credit agreement as a PDF (account/generateReviewContract); rejects on any failure. */
export async function loadAgreementPdf(signal: AbortSignal): Promise<Blob> {
  const { data, error } = await api.raw.POST('/account/generateReviewContract', { parseAs: 'blob', signal });
  // Blobs are compared by shape: the fetch of a test or another realm makes its own Blob class.
  const pdf: Blob | undefined = data;
  if (error !== undefined || typeof pdf?.size !== 'number' || pdf.size === 0) {
    throw new Error('The agreement could not be loaded');
  }
  return pdf;
}
