/**
 * The roots of the query keys (query-client.ts). Every read of the BFF is cached under one of them:
 *
 * - `application`: what the signed-in applicant's application says (its info, journey, stages, documents'
 *   inputs). Any call that changes the application marks it all stale (changes.ts); it is read again at its
 *   next need.
 * - `loan`: the borrower's loans and everything read about one (menus, schedule, transactions, documents,
 *   statements, PDFs: api/loan.ts). Marked stale with the application (a drawdown opens a loan), and the one key
 *   a call that moves money on a loan (a payment) marks stale.
 * - `reference`: what is the same for everyone and changes only with a release (the loan product, the
 *   question lists, the sandbox's switch). Never stale while the page lives.
 *
 * A session change forgets both (session-change.ts).
 */
export const APPLICATION = 'application';
export const LOAN = 'loan';
export const REFERENCE = 'reference';
