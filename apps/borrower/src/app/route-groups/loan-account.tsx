import type { RouteObject } from 'react-router';
import { loanAccountPages } from '../../lib/pages/loan-account';
import { paths } from '../../lib/paths';
import { pageRoutes } from '../page-route';

const page = pageRoutes(loanAccountPages);

/**
 * The loan account's route group (../route-groups.ts): the dashboard, the loan's screens and the profile. The router
 * adds these routes to the root's children when one of their paths is first opened.
 */
export const routes: RouteObject[] = [
  page(
    paths.legacy.loanDashboardMain,
    () => import('../../features/dashboard/loan-dashboard-screen'),
    'LoanDashboardScreen',
  ),

  // The loan account: every screen is about the loan the borrower chose (lib/chosen-loan.ts).
  page(paths.loanAccount.userMenu, () => import('../../features/loan-account/menu-screens'), 'UserMenuScreen'),
  page(paths.loanAccount.manageMyLoan, () => import('../../features/loan-account/menu-screens'), 'ManageMyLoanScreen'),
  page(paths.loanAccount.schedule, () => import('../../features/loan-account/repayment-screens'), 'ScheduleScreen'),
  page(
    paths.loanAccount.transactions,
    () => import('../../features/loan-account/repayment-screens'),
    'TransactionsScreen',
  ),
  page(
    paths.loanAccount.legalDocuments,
    () => import('../../features/loan-account/document-screens'),
    'LegalDocumentsScreen',
  ),
  page(paths.loanAccount.pdfView, () => import('../../features/loan-account/document-screens'), 'PdfViewScreen'),
  page(paths.loanAccount.statements, () => import('../../features/loan-account/statements-screen'), 'StatementsScreen'),

  // The borrower's profile and settings: their own record, about no loan in particular.
  page(paths.profile.hub, () => import('../../features/profile/details-screens'), 'ProfileScreen'),
  page(paths.profile.personalDetails, () => import('../../features/profile/details-screens'), 'PersonalDetailsScreen'),
  page(paths.profile.addressDetails, () => import('../../features/profile/details-screens'), 'AddressDetailsScreen'),
  page(paths.profile.editEmail, () => import('../../features/profile/email-screens'), 'EditEmailScreen'),
  page(paths.profile.emailVerify, () => import('../../features/profile/email-screens'), 'EmailVerifyScreen'),
  page(paths.profile.editPhone, () => import('../../features/profile/phone-screens'), 'EditPhoneScreen'),
  page(paths.profile.verifyPhone, () => import('../../features/profile/phone-screens'), 'VerifyPhoneScreen'),
  page(paths.profile.editAddressA, () => import('../../features/profile/address-screens'), 'EditAddressAScreen'),
  page(paths.profile.editAddressB, () => import('../../features/profile/address-screens'), 'EditAddressBScreen'),
  page(paths.profile.editAddressC, () => import('../../features/profile/address-screens'), 'EditAddressCScreen'),
  page(paths.profile.editAddressD, () => import('../../features/profile/address-screens'), 'EditAddressDScreen'),
  page(paths.profile.editPin, () => import('../../features/profile/pin-screens'), 'EditPinScreen'),
  page(paths.profile.enterNewPin, () => import('../../features/profile/pin-screens'), 'EnterNewPinScreen'),
  page(paths.profile.reenterNewPin, () => import('../../features/profile/pin-screens'), 'ReenterNewPinScreen'),
  page(paths.profile.settings, () => import('../../features/profile/settings-screen'), 'SettingsScreen'),
  page(paths.profile.notifications, () => import('../../features/profile/notifications-screen'), 'NotificationsScreen'),
];
