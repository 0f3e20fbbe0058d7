import type { BodyEnvelope, components } from '@lender/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api';
import { LOAN } from './scopes';

/**
 * The contract's `loan` area: the borrower's loans, what they can do with one (the loanAction menus), and what is
 * kept about one (schedule, transactions, documents, statements and their PDFs). Every read is cached under the
 * `loan` root (scopes.ts), so a call that moves money on a loan marks all of it stale at once. The loan a call is
 * about is always one of the borrower's, from `loansQuery`; the BFF checks it is theirs before it asks upstream.
 */

export type LoanSummary = components['schemas']['LoanSummary'];
export type LoanMenu = components['schemas']['LoanMenu'];
export type LoanMenuItem = components['schemas']['LoanMenuItem'];
export type LoanAction = LoanMenuItem['action'];
export type ScheduledInstalment = components['schemas']['ScheduledInstalment'];
export type LoanTransaction = components['schemas']['LoanTransaction'];
export type LegalDocument = components['schemas']['LegalDocument'];
export type StatementPeriods = components['schemas']['StatementPeriods'];
export type LoanStatement = components['schemas']['LoanStatement'];
/** A statement call's answer: it resolves with the envelope whether or not it succeeded (spec §8). */
export type StatementAnswer = BodyEnvelope<LoanStatement>;

/** Every loan the borrower has, newest first; empty when they have none yet. */
export const loansQuery = queryOptions({
  queryKey: [LOAN, 'list'] as const,
  queryFn: async ({ signal }) => (await api.get('/loanAction/loans', { signal })).loans,
});

/** The three menus of a loan's actions, each item open or closed with why (spec §7 "Loan actions"). */
export type LoanMenuPath = '/loanAction/manageMyLoanMenu' | '/loanAction/adjustLoanMenu' | '/loanAction/makePaymentMenu';

export const loanMenuQuery = (menu: LoanMenuPath, loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'menu', menu] as const,
    queryFn: ({ signal }) => api.get(menu, { params: { query: { loanId } }, signal }),
  });

/** Whether the borrower may borrow more now, and why not (the lending core's top-up decision). */
export const borrowMoreEligibilityQuery = queryOptions({
  queryKey: [LOAN, 'borrowMoreEligibility'] as const,
  queryFn: ({ signal }) => api.get('/loanAction/checkEligibilityBM', { signal }),
});

export const scheduleQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'schedule'] as const,
    queryFn: async ({ signal }) =>
      (await api.get('/loanAction/schedule', { params: { query: { loanId } }, signal })).instalments,
  });

/** Every posting on the loan, newest first, each with the balance after it. */
export const transactionsQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'transactions'] as const,
    queryFn: async ({ signal }) =>
      (await api.get('/loanAction/transactions', { params: { query: { loanId } }, signal })).transactions,
  });

export const legalDocumentsQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'legalDocuments'] as const,
    queryFn: async ({ signal }) =>
      (await api.get('/loanAction/legalDocuments', { params: { query: { loanId } }, signal })).documents,
  });

/** The dates a period statement may span, the annual statements and, once settled, the closing statement. */
export const statementPeriodsQuery = (loanId: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'statementPeriods'] as const,
    queryFn: ({ signal }) => api.get('/loanAction/statementPeriods', { params: { query: { loanId } }, signal }),
  });

/** The statement of a period (ISO dates); its answer is the envelope, a refusal included. */
export const periodStatementQuery = (loanId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'statement', from, to] as const,
    queryFn: ({ signal }): Promise<StatementAnswer> =>
      api.get('/loanAction/statement', { params: { query: { loanId, from, to } }, signal }),
  });

/** The annual statement of an agreement year (from 1); its answer is the envelope, a refusal included. */
export const annualStatementQuery = (loanId: string, year: number) =>
  queryOptions({
    queryKey: [LOAN, loanId, 'annualStatement', year] as const,
    queryFn: ({ signal }): Promise<StatementAnswer> =>
      api.get('/loanAction/annualStatement', { params: { query: { loanId, year: String(year) } }, signal }),
  });

/** A document's PDF with the name to save it under, or the BFF's words for why there is none. */
export type DocumentPdf = { pdf: Blob; fileName: string } | { refused: string };

/** The file name a Content-Disposition header gives, kept to characters safe in any file system. */
export function fileNameOf(disposition: string | null): string {
  const given = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? '';
  const safe = decodeURIComponent(given).replace(/[^A-Za-z0-9._-]/g, '-');
  return /\.pdf$/i.test(safe) ? safe : 'document.pdf';
}

/**
 * A loan document or statement as a PDF (downloadPDF/{id}), fetched by the app's client so the session token
 * travels in its header, never in a URL. The call resolves with the envelope on a refusal (spec §8): its message
 * is what the screen says.
 */
async function fetchDocumentPdf(id: string, signal: AbortSignal): Promise<DocumentPdf> {
  const { data, error, response } = await api.raw.GET('/downloadPDF/{id}', {
    params: { path: { id } },
    parseAs: 'blob',
    signal,
  });
  const pdf: Blob | undefined = data;
  const isPdf = /^application\/pdf\b/i.test(response.headers.get('Content-Type') ?? '');
  if (response.ok && isPdf && typeof pdf?.size === 'number') {
    return { pdf, fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  }
  const envelope: unknown = response.ok && pdf !== undefined ? JSON.parse(await pdf.text()) : error;
  const message = (envelope as { errorMessage?: unknown } | undefined)?.errorMessage;
  return { refused: typeof message === 'string' && message !== '' ? message : 'We could not find that document.' };
}

export const documentPdfQuery = (id: string) =>
  queryOptions({
    queryKey: [LOAN, 'pdf', id] as const,
    queryFn: ({ signal }) => fetchDocumentPdf(id, signal),
  });
