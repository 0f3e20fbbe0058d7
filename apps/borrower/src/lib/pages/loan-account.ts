import { paths } from '../paths';
import type { GroupPagePath, Page, PageGuard } from '../paths';

const loanAccount: PageGuard = { kind: 'loanAccount' };

/** The loan account's and the profile's pages: their titles and guards (as lib/paths.ts `pages` for the rest). */
export const loanAccountPages: Readonly<Record<GroupPagePath<'loanAccount'>, Page>> = {
  [paths.legacy.loanDashboardMain]: { title: 'Your loan', guard: loanAccount },

  // The loan account.
  [paths.loanAccount.userMenu]: { title: 'Your account', guard: loanAccount },
  [paths.loanAccount.manageMyLoan]: { title: 'Manage your loan', guard: loanAccount },
  [paths.loanAccount.schedule]: { title: 'Your repayment schedule', guard: loanAccount },
  [paths.loanAccount.transactions]: { title: 'Your transactions', guard: loanAccount },
  [paths.loanAccount.legalDocuments]: { title: 'Your loan documents', guard: loanAccount },
  [paths.loanAccount.statements]: { title: 'Your statements', guard: loanAccount },
  [paths.loanAccount.pdfView]: { title: 'Your document', guard: loanAccount },

  // The profile and settings. /emailVerify has no guard: opened where nobody is signed in, it says to log in first.
  [paths.profile.hub]: { title: 'Your profile', guard: loanAccount },
  [paths.profile.personalDetails]: { title: 'Your personal details', guard: loanAccount },
  [paths.profile.editEmail]: { title: 'What is your new email address?', guard: loanAccount },
  [paths.profile.emailVerify]: { title: 'Confirm your new email address' },
  [paths.profile.editPhone]: { title: 'What is your new mobile number?', guard: loanAccount },
  [paths.profile.verifyPhone]: { title: 'Check your phone', guard: loanAccount },
  [paths.profile.addressDetails]: { title: 'Your address', guard: loanAccount },
  [paths.profile.editAddressA]: { title: 'What is your new address?', guard: loanAccount },
  [paths.profile.editAddressB]: { title: 'What is your new address?', guard: loanAccount },
  [paths.profile.editAddressC]: { title: 'Check your new address', guard: loanAccount },
  [paths.profile.editAddressD]: { title: 'Your address is changed', guard: loanAccount },
  [paths.profile.editPin]: { title: 'Enter your current PIN', guard: loanAccount },
  [paths.profile.enterNewPin]: { title: 'Choose a new PIN', guard: loanAccount },
  [paths.profile.reenterNewPin]: { title: 'Type your new PIN again', guard: loanAccount },
  [paths.profile.settings]: { title: 'Your reminders', guard: loanAccount },
  [paths.profile.notifications]: { title: 'Your messages', guard: loanAccount },
};
