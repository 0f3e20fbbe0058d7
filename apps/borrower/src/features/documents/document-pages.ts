import type { components } from '@lender/api-client';
import type { paths } from '../../lib/paths';

/** A loan document as account/getReplaceContent names it. */
export type LoanDocumentKind = components['schemas']['ReplaceContentPage'];

/** The document pages of spec §2, by their key in paths.documents. */
export type DocumentPageKey = keyof typeof paths.documents;

/**
 * How a document page is laid out:
 * - `view`: the old embedded views (HtmlViewOne/Two/Three): the document under its title and a back link,
 *   nothing else;
 * - `current`: the current layout: a line saying what the document is, the document, and the agreement's PDF;
 * - `set`: the current layout with links to the other documents of the set, for reading them in turn (the
 *   `-2` variant; spec §2 names it without saying how it differs, this is the difference chosen here).
 */
export type DocumentLayout = 'view' | 'current' | 'set';

export interface DocumentPage {
  document: LoanDocumentKind;
  layout: DocumentLayout;
}

const page = (document: LoanDocumentKind, layout: DocumentLayout): DocumentPage => ({ document, layout });

/**
 * Every document page: which of the BFF's documents it shows and how. HtmlViewOne is the pre-contract credit
 * information (SECCI), HtmlViewTwo the adequate explanation (about your loan) and HtmlViewThree the credit
 * agreement, in the order the documents are met before signing; their `-new` variants are the same documents
 * in the current layout. Every page is drawn in the brand owning the application (the BFF answers it for a signed-in
 * borrower, spec §4 "Theme"), and the lending core writes each document in that brand; so the white-label (`-wl`)
 * variants, kept for the links that name them, are their plain pages under another name, which is right for a
 * white-label borrower and never shows a default-brand borrower another brand.
 */
export const DOCUMENT_PAGES: Readonly<Record<DocumentPageKey, DocumentPage>> = {
  htmlViewOne: page('pre-contract-information', 'view'),
  htmlViewTwo: page('about-your-loan', 'view'),
  htmlViewThree: page('loan-agreement', 'view'),
  htmlViewOneNew: page('pre-contract-information', 'current'),
  htmlViewTwoNew: page('about-your-loan', 'current'),
  htmlViewThreeNew: page('loan-agreement', 'current'),
  aboutYourLoan: page('about-your-loan', 'current'),
  loanKeyFacts: page('loan-key-facts', 'current'),
  loanAgreement: page('loan-agreement', 'current'),
  aboutYourLoanWhiteLabel: page('about-your-loan', 'current'),
  loanKeyFactsWhiteLabel: page('loan-key-facts', 'current'),
  loanAgreementWhiteLabel: page('loan-agreement', 'current'),
  aboutYourLoan2: page('about-your-loan', 'set'),
  loanKeyFacts2: page('loan-key-facts', 'set'),
  loanAgreement2: page('loan-agreement', 'set'),
};

/** The pages of the `-2` set, in reading order, with the words their links are given. */
export const DOCUMENT_SET: readonly { key: DocumentPageKey; label: string }[] = [
  { key: 'aboutYourLoan2', label: 'About your loan' },
  { key: 'loanKeyFacts2', label: 'Your loan: key facts' },
  { key: 'loanAgreement2', label: 'Your credit agreement' },
];

/** What the `current` layout says a document is, above it. */
export const DOCUMENT_INTRO: Readonly<Record<LoanDocumentKind, string>> = {
  'pre-contract-information':
    'This is the information the law says we must give you before you agree to borrow (the pre-contract credit information).',
  'about-your-loan': 'This explains the loan we are offering you, so you can decide whether it is right for you.',
  'loan-key-facts': 'These are the main facts of the loan we are offering you.',
  'loan-agreement': 'This is the agreement you sign to take out the loan. Read it all before you sign.',
};

/**
 * What the `current` layout says a document is once the agreement is signed: the copy kept from that day, never
 * re-dated (`signedOn` as people read a date).
 */
export function signedIntro(document: LoanDocumentKind, signedOn: string): string {
  switch (document) {
    case 'loan-agreement':
      return `This is the credit agreement you signed on ${signedOn}, kept as you signed it. Download it and keep a copy.`;
    case 'pre-contract-information':
      return `This is the pre-contract credit information we gave you with the agreement you signed on ${signedOn}.`;
    case 'about-your-loan':
      return `This is the explanation of your loan we gave you with the agreement you signed on ${signedOn}.`;
    case 'loan-key-facts':
      return `These are the key facts of your loan as they were when you signed your agreement on ${signedOn}.`;
  }
}

/** The route handle naming a route's document page: the screen reads it (useMatches). */
export interface DocumentRouteHandle {
  documentPage: DocumentPageKey;
}

export function isDocumentRouteHandle(handle: unknown): handle is DocumentRouteHandle {
  return typeof handle === 'object' && handle !== null && 'documentPage' in handle;
}
