import { paths } from '../paths';
import type { GroupPagePath, Page, PageGuard } from '../paths';

const loanAccount: PageGuard = { kind: 'loanAccount' };

/**
 * The pages of paying an amount (issue 17 §1) and of early settlement (§3): their titles and guards. Every one is about the chosen loan, so
 * each has the loan account's guard (signed in, the loans read).
 */
export const payingPages: Readonly<Record<GroupPagePath<'paying'>, Page>> = {
  [paths.paying.makeAPayment]: { title: 'Make a payment', guard: loanAccount },
  [paths.paying.acPay]: { title: 'Pay with your card', guard: loanAccount },
  [paths.paying.reuse]: { title: 'Choose a card to pay with', guard: loanAccount },
  [paths.paying.adHoc]: { title: 'Pay with a new card', guard: loanAccount },
  [paths.paying.payment]: { title: 'Payment received', guard: loanAccount },
  [paths.paying.paymentFail]: { title: 'Your payment did not go through', guard: loanAccount },
  [paths.paying.payNow]: { title: 'Taking you to our payment provider', guard: loanAccount },
  // Heads the outcome as it is read: "Payment received", "Your payment did not go through" …
  [paths.paying.paymentResult]: { title: 'Your payment', guard: loanAccount },
  [paths.paying.paymentComponent]: { title: 'Your payment is not finished', guard: loanAccount },
  // Early settlement (issue 17 §3).
  [paths.paying.settleAmount]: { title: 'Repay your loan early', guard: loanAccount },
  [paths.paying.settleCardSelect]: { title: 'Choose a card to settle with', guard: loanAccount },
  [paths.paying.settleCard]: { title: 'Settle your loan', guard: loanAccount },
  [paths.paying.settled]: { title: 'Your loan is repaid', guard: loanAccount },
  [paths.paying.settleIssue]: { title: 'Your loan was not settled', guard: loanAccount },
  [paths.paying.settleByTransfer]: { title: 'Settle your loan by bank transfer', guard: loanAccount },
};
