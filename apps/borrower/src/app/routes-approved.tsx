import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';

/**
 * Routes of the screens after approval (spec §4 "Resume target, legacy", once approved), spread into the root's
 * children by routes.tsx; each screen is lazy (function form, see routes.tsx). Each screen moves on by the
 * resume rules over the application info, so a typed URL of a done stage leads on rather than back.
 */
export const approvedRoutes: RouteObject[] = [
  {
    path: paths.approved,
    lazy: async () => ({ Component: (await import('../features/approved/approved-screen')).ApprovedScreen }),
  },
  {
    path: paths.legacy.phoneNumber,
    lazy: async () => ({ Component: (await import('../features/approved/phone-screens')).PhoneNumberScreen }),
  },
  {
    path: paths.legacy.phoneNumberCode,
    lazy: async () => ({ Component: (await import('../features/approved/phone-screens')).PhoneNumberCodeScreen }),
  },
  {
    path: paths.legacy.partnerDisbursalAccount,
    lazy: async () => ({ Component: (await import('../features/approved/payee-screens')).DisbursalAccountScreen }),
  },
  {
    path: paths.legacy.partnerDisbursalTime,
    lazy: async () => ({ Component: (await import('../features/approved/payee-screens')).DisbursalTimeScreen }),
  },
  {
    path: paths.legacy.connectBank,
    lazy: async () => ({ Component: (await import('../features/approved/cpa-screens')).ConnectBankScreen }),
  },
  {
    path: paths.legacy.acquiredSetCpa,
    lazy: async () => ({ Component: (await import('../features/approved/cpa-screens')).AcquiredSetCpaScreen }),
  },
  {
    path: paths.legacy.commissionConsent,
    lazy: async () => ({
      Component: (await import('../features/approved/commission-screens')).CommissionConsentScreen,
    }),
  },
  {
    path: paths.legacy.commissionDataError,
    lazy: async () => ({
      Component: (await import('../features/approved/commission-screens')).CommissionDataErrorScreen,
    }),
  },
  {
    path: paths.legacy.sign,
    lazy: async () => ({ Component: (await import('../features/approved/sign-screens')).SignScreen }),
  },
  {
    path: paths.legacy.pdfSign,
    lazy: async () => ({ Component: (await import('../features/approved/sign-screens')).PdfSignScreen }),
  },
  {
    path: paths.legacy.identityStart,
    lazy: async () => ({ Component: (await import('../features/approved/idv-screens')).IdentityStartScreen }),
  },
  {
    path: paths.legacy.postIdv,
    lazy: async () => ({ Component: (await import('../features/approved/idv-screens')).PostIdvScreen }),
  },
  {
    path: paths.legacy.changeMyMind,
    lazy: async () => ({ Component: (await import('../features/approved/change-my-mind-screen')).ChangeMyMindScreen }),
  },
  {
    path: paths.legacy.signOver,
    lazy: async () => ({ Component: (await import('../features/approved/sign-over-screen')).SignOverScreen }),
  },
  {
    path: paths.legacy.loanDashboardMain,
    lazy: async () => ({
      Component: (await import('../features/dashboard/loan-dashboard-screen')).LoanDashboardScreen,
    }),
  },
  { path: paths.legacy.loan, element: <Navigate replace to={paths.legacy.loanDashboardMain} /> },
];
