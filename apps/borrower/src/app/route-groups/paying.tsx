import type { RouteObject } from 'react-router';
import { payingPages } from '../../lib/pages/paying';
import { paths } from '../../lib/paths';
import { pageRoutes } from '../page-route';

const page = pageRoutes(payingPages);

/**
 * Paying's route group (../route-groups.ts): what to pay, the /pay group, the hosted checkout's screens and early
 * settlement (/earlyRepayment, /loan/loanFinalConfirm), which pays through the same intent, key and checkout. The router adds these routes to the root's children when one of their paths is first opened.
 */
export const routes: RouteObject[] = [
  page(paths.paying.makeAPayment, () => import('../../features/paying/make-payment-screen'), 'MakeAPaymentScreen'),
  page(paths.paying.acPay, () => import('../../features/paying/card-screens'), 'AcPayScreen'),
  page(paths.paying.reuse, () => import('../../features/paying/card-screens'), 'ReuseScreen'),
  page(paths.paying.adHoc, () => import('../../features/paying/card-screens'), 'AdHocScreen'),
  page(paths.paying.payment, () => import('../../features/paying/outcome-screens'), 'PaymentTakenScreen'),
  page(paths.paying.paymentFail, () => import('../../features/paying/outcome-screens'), 'PaymentFailScreen'),
  page(paths.paying.payNow, () => import('../../features/paying/checkout-screens'), 'PayNowScreen'),
  page(paths.paying.paymentResult, () => import('../../features/paying/checkout-screens'), 'PaymentResultScreen'),
  page(paths.paying.paymentComponent, () => import('../../features/paying/checkout-screens'), 'PaymentComponentScreen'),
  page(paths.paying.settleAmount, () => import('../../features/paying/settle-screens'), 'SettleAmountScreen'),
  page(paths.paying.settleCardSelect, () => import('../../features/paying/settle-screens'), 'SettleCardSelectScreen'),
  page(paths.paying.settleCard, () => import('../../features/paying/settle-screens'), 'SettleCardScreen'),
  page(paths.paying.settled, () => import('../../features/paying/settle-screens'), 'SettledScreen'),
  page(paths.paying.settleIssue, () => import('../../features/paying/settle-screens'), 'SettleIssueScreen'),
  page(paths.paying.settleByTransfer, () => import('../../features/paying/settle-screens'), 'SettleByTransferScreen'),
];
