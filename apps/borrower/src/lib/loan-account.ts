import { formatDate, formatPence } from '@lender/ui/format';
import type { LoanAction, LoanMenuItem, LoanSummary } from '../api/loan';
import { isAppPath, paths } from './paths';

/**
 * The loan account's rules, as pure functions: which loan the screens are about, how a loan is named and its
 * state said, and where each of the loan's actions leads.
 */

/** The loan the screens are about: the one chosen, while it is still among the borrower's, else the newest. */
export function chosenLoanOf(loans: readonly LoanSummary[], chosenId: string | null): LoanSummary | undefined {
  return loans.find((loan) => loan.loanId === chosenId) ?? loans[0];
}

/** Which loan it is, in words a borrower knows it by: what they borrowed and when. */
export function loanName(loan: LoanSummary): string {
  const borrowed = `Loan of ${formatPence(loan.amountPence)}`;
  const taken = formatDate(loan.drawdownDate);
  return taken === '' ? `${borrowed} over ${String(loan.termMonths)} months` : `${borrowed} taken out ${taken}`;
}

const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'Active',
  in_arrears: 'In arrears',
  payment_holiday: 'Payment holiday',
  settled: 'Repaid',
};

/** The loan's state in a word or two; a state this app does not know yet is said as the lending core says it. */
export function loanStatusWords(loan: LoanSummary): string {
  return STATUS_WORDS[loan.status] ?? loan.status.replace(/_/g, ' ');
}

/**
 * The screen of each action of the loan menus that this app has built. An action the BFF opens whose screen is
 * not here yet has none, and shows as closed (menuEntry): no link ever leads nowhere.
 */
export const ACTION_PATHS: Readonly<Partial<Record<LoanAction, string>>> = {
  schedule: paths.loanAccount.schedule,
  transactions: paths.loanAccount.transactions,
  statements: paths.loanAccount.statements,
  legalDocuments: paths.loanAccount.legalDocuments,
  makePayment: paths.paying.makeAPayment,
  // The menu of /make-a-payment opens it with that choice made (lib/paying.ts PAY_CHOICE).
  payArrears: `${paths.paying.makeAPayment}?pay=arrears`,
  payNextInstalment: `${paths.paying.makeAPayment}?pay=instalment`,
  payOtherAmount: `${paths.paying.makeAPayment}?pay=other`,
  repayEarly: paths.paying.settleAmount,
  repayInFull: paths.paying.settleAmount,
};

/** The words of a closed item when the BFF gave none, and of an open action this app has no screen for. */
export const NOT_AVAILABLE_YET = 'This is not available yet.';

/** How a menu item shows: a link to its screen, or its label with why it is closed (and no link). */
export type MenuEntry =
  | { kind: 'link'; label: string; to: string; amountPence?: number }
  | { kind: 'closed'; label: string; reason: string };

export function menuEntry(item: LoanMenuItem): MenuEntry {
  const to = ACTION_PATHS[item.action];
  if (item.open && to !== undefined) {
    return { kind: 'link', label: item.label, to, ...(item.amountPence === undefined ? {} : { amountPence: item.amountPence }) };
  }
  const reason = item.open ? undefined : item.reason;
  return { kind: 'closed', label: item.label, reason: reason === undefined || reason === '' ? NOT_AVAILABLE_YET : reason };
}

/** The query parameter of /pdf-view naming the document. */
export const PDF_VIEW_DOCUMENT = 'document';

/** The page drawing a document or statement's PDF, by the id its listing call gave. */
export function pdfViewPath(documentId: string): string {
  return `${paths.loanAccount.pdfView}?${new URLSearchParams({ [PDF_VIEW_DOCUMENT]: documentId }).toString()}`;
}

/** What a link to /pdf-view hands it in the location's state (never the URL): the page its back link returns to. */
export interface PdfViewState {
  backTo: string;
}

/** The page /pdf-view's back link returns to: the one that opened it, else the loan's documents. */
export function pdfViewBackTo(state: unknown): string {
  const backTo = typeof state === 'object' && state !== null ? (state as Partial<Record<string, unknown>>).backTo : undefined;
  return isAppPath(backTo) ? backTo : paths.loanAccount.legalDocuments;
}
