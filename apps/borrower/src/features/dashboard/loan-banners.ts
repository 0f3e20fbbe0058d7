import { formatDate, formatPence } from '@lender/ui/format';
import type { LoanAction, LoanMenu, LoanSummary } from '../../api/loan';
import { menuEntry } from '../../lib/loan-account';
import { paths } from '../../lib/paths';

/** What the dashboard tells a borrower about their loan's state above its figures. */
export interface LoanBanner {
  kind: 'arrears' | 'holiday' | 'arrangement';
  title: string;
  text: string;
  /** Arrears and a broken arrangement are warnings, drawn in the warning colour; the rest are notices. */
  tone: 'notice' | 'warning';
}

/** Each banner's action in manageMyLoanMenu, and where it leads instead while that item is closed. */
const BANNER_WAYS: Readonly<Record<LoanBanner['kind'], { action: LoanAction; closed: { to: string; text: string } }>> = {
  arrears: { action: 'makePayment', closed: { to: paths.contactUs, text: 'Contact us about your missed payments' } },
  holiday: {
    action: 'paymentHoliday',
    closed: { to: paths.loanAccount.manageMyLoan, text: 'See what you can do with your loan' },
  },
  arrangement: { action: 'paymentTrouble', closed: { to: paths.contactUs, text: 'Contact us about your arrangement' } },
};

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The banners of a loan, in the order they show: arrears first, then a payment holiday, then an arrangement. */
export function loanBanners(loan: LoanSummary): LoanBanner[] {
  const banners: LoanBanner[] = [];
  const { arrears, paymentHoliday: holiday, arrangement } = loan;
  const behind = arrears?.amountPence ?? loan.arrearsPence;
  if (behind > 0) {
    const missed = arrears?.instalmentsMissed ?? 1;
    const since =
      arrears === undefined
        ? ''
        : ` The ${missed > 1 ? 'oldest missed payment' : 'missed payment'} was due on ${formatDate(arrears.oldestDueDate)}.`;
    banners.push({
      kind: 'arrears',
      title: missed > 1 ? `You have missed ${String(missed)} payments` : 'You have missed a payment',
      text: `You are ${formatPence(behind)} behind with your repayments.${since}`,
      tone: 'warning',
    });
  }
  if (holiday !== undefined) {
    const months = `${String(holiday.months)} ${plural(holiday.months, 'month', 'months')}`;
    banners.push({
      kind: 'holiday',
      title: holiday.current ? 'You are on a payment holiday' : 'You have a payment holiday booked',
      text:
        `Your payments ${holiday.current ? 'are' : 'will be'} paused for ${months}, from ` +
        `${formatDate(holiday.startDate)} to ${formatDate(holiday.endDate)}. They start again on ` +
        `${formatDate(holiday.resumesOn)}.`,
      tone: 'notice',
    });
  }
  if (arrangement !== undefined && arrangement.status !== 'completed') {
    const broken = arrangement.status === 'breached';
    banners.push({
      kind: 'arrangement',
      title: broken ? 'Your payment arrangement has been missed' : 'You have a payment arrangement',
      text: broken
        ? `A payment of your arrangement of ${formatPence(arrangement.monthlyAmountPence)} a month was not made.`
        : `You pay ${formatPence(arrangement.monthlyAmountPence)} a month under your arrangement with us.`,
      tone: broken ? 'warning' : 'notice',
    });
  }
  return banners;
}

/**
 * Where a banner's link leads: its action's screen while manageMyLoanMenu has that item open (and this app has
 * the screen), else where the borrower can still act: contact us, or the menu that says why the action is closed.
 * Until the menu has been read (or when it could not be), the same fallback: never a dead link.
 */
export function bannerLink(banner: LoanBanner, menu: LoanMenu | undefined): { to: string; text: string } {
  const way = BANNER_WAYS[banner.kind];
  const item = menu?.items.find((candidate) => candidate.action === way.action);
  const entry = item === undefined ? undefined : menuEntry(item);
  return entry?.kind === 'link' ? { to: entry.to, text: entry.label } : way.closed;
}
