import type { components } from '@lender/api-client';
import { api } from '../../lib/api';

export type LoanDocument = components['schemas']['ReplaceContent'];

/** The pages the applicant reads before signing, in the order they are shown. */
const PAGES = ['about-your-loan', 'loan-key-facts', 'loan-agreement'] as const;

export interface Agreement {
  pdf: Blob;
  /** The hex SHA-256 of the PDF (X-Document-Sha256): the signature names the agreement shown. */
  sha256: string;
}

/** The credit agreement PDF (account/generateReviewContract) with its digest; rejects on any failure. */
export async function loadAgreement(signal: AbortSignal): Promise<Agreement> {
  const { data, error, response } = await api.raw.POST('/account/generateReviewContract', { parseAs: 'blob', signal });
  const sha256 = response.headers.get('X-Document-Sha256') ?? '';
  // Blobs are compared by shape: the fetch of a test or another realm makes its own Blob class.
  const pdf = data;
  if (error !== undefined || typeof pdf?.size !== 'number' || !/^[0-9a-fA-F]{64}$/.test(sha256)) {
    throw new Error('The agreement could not be loaded');
  }
  return { pdf, sha256 };
}

export interface SigningPack {
  documents: LoanDocument[];
  agreement: Agreement;
}

/** Everything the sign screen shows: the three documents and the agreement's digest, loaded together. */
export async function loadSigningPack(signal: AbortSignal): Promise<SigningPack> {
  const [documents, agreement] = await Promise.all([
    Promise.all(PAGES.map((page) => api.post('/account/getReplaceContent', { body: { page }, signal }))),
    loadAgreement(signal),
  ]);
  return { documents, agreement };
}
