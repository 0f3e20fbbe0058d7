import type { RouteObject } from 'react-router';
import { afterApprovalPages } from '../../lib/pages/after-approval';
import { paths } from '../../lib/paths';
import { pageRoutes } from '../page-route';

const page = pageRoutes(afterApprovalPages);

/** The route group of the steps after approval (../route-groups.ts). */
export const routes: RouteObject[] = [
  // After approval (spec §4 "Resume target, legacy", once approved): each screen moves on by the resume
  // rules over the application info, so a typed URL of a done stage leads on rather than back.
  page(paths.approved, () => import('../../features/approved/approved-screen'), 'ApprovedScreen'),
  page(paths.legacy.phoneNumber, () => import('../../features/approved/phone-screens'), 'PhoneNumberScreen'),
  page(paths.legacy.phoneNumberCode, () => import('../../features/approved/phone-screens'), 'PhoneNumberCodeScreen'),
  page(
    paths.legacy.partnerDisbursalAccount,
    () => import('../../features/approved/payee-screens'),
    'DisbursalAccountScreen',
  ),
  page(
    paths.legacy.partnerDisbursalTime,
    () => import('../../features/approved/payee-screens'),
    'DisbursalTimeScreen',
  ),
  page(paths.legacy.connectBank, () => import('../../features/approved/cpa-screens'), 'ConnectBankScreen'),
  page(paths.legacy.acquiredSetCpa, () => import('../../features/approved/cpa-screens'), 'AcquiredSetCpaScreen'),
  page(
    paths.legacy.commissionConsent,
    () => import('../../features/approved/commission-screens'),
    'CommissionConsentScreen',
  ),
  page(
    paths.legacy.commissionDataError,
    () => import('../../features/approved/commission-screens'),
    'CommissionDataErrorScreen',
  ),
  page(paths.legacy.sign, () => import('../../features/approved/sign-screens'), 'SignScreen'),
  page(paths.legacy.pdfSign, () => import('../../features/approved/sign-screens'), 'PdfSignScreen'),
  page(paths.legacy.identityStart, () => import('../../features/approved/idv-screens'), 'IdentityStartScreen'),
  page(paths.legacy.postIdv, () => import('../../features/approved/idv-screens'), 'PostIdvScreen'),
  // The identity check by a Home Office share code instead of documents.
  page(paths.legacy.shareCode, () => import('../../features/share-code/share-code-screens'), 'ShareCodeScreen'),
  page(
    paths.legacy.shareCodeSubmit,
    () => import('../../features/share-code/share-code-screens'),
    'ShareCodeSubmitScreen',
  ),
  page(
    paths.legacy.postIdvShareCode,
    () => import('../../features/share-code/share-code-screens'),
    'PostIdvShareCodeScreen',
  ),
  page(
    paths.legacy.shareCodeComplete,
    () => import('../../features/share-code/share-code-screens'),
    'ShareCodeCompleteScreen',
  ),
  page(
    paths.legacy.changeMyMind,
    () => import('../../features/approved/change-my-mind-screen'),
    'ChangeMyMindScreen',
  ),
  page(paths.legacy.signOver, () => import('../../features/approved/sign-over-screen'), 'SignOverScreen'),
];
