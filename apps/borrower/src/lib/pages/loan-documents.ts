import { paths } from '../paths';
import type { GroupPagePath, Page } from '../paths';

/** The loan documents' pages: their titles (as lib/paths.ts `pages` for the rest). */
export const documentPages: Readonly<Record<GroupPagePath<'documents'>, Page>> = {
  // The loan documents: titled by their kind until the document, with its own title, has come.
  [paths.documents.htmlViewOne]: { title: 'Pre-contract credit information' },
  [paths.documents.htmlViewTwo]: { title: 'Your loan explained' },
  [paths.documents.htmlViewThree]: { title: 'Your credit agreement' },
  [paths.documents.htmlViewOneNew]: { title: 'Pre-contract credit information' },
  [paths.documents.htmlViewTwoNew]: { title: 'Your loan explained' },
  [paths.documents.htmlViewThreeNew]: { title: 'Your credit agreement' },
  [paths.documents.aboutYourLoan]: { title: 'Your loan explained' },
  [paths.documents.loanKeyFacts]: { title: 'Your loan: key facts' },
  [paths.documents.loanAgreement]: { title: 'Your credit agreement' },
  [paths.documents.aboutYourLoanWhiteLabel]: { title: 'Your loan explained' },
  [paths.documents.loanKeyFactsWhiteLabel]: { title: 'Your loan: key facts' },
  [paths.documents.loanAgreementWhiteLabel]: { title: 'Your credit agreement' },
  [paths.documents.aboutYourLoan2]: { title: 'Your loan explained' },
  [paths.documents.loanKeyFacts2]: { title: 'Your loan: key facts' },
  [paths.documents.loanAgreement2]: { title: 'Your credit agreement' },
};
