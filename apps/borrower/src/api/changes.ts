import type { paths } from '@lender/api-client';

/**
 * What each call that does something changes, so the cache never outlives it (query-client.ts applies this to
 * every answer of the app's client, whoever made the call):
 *
 * - `application`: the signed-in applicant's application; every cached read under the `application` root is
 *   marked stale and read again at its next need;
 * - `session`: the session itself (a sign-in, a registration, a log-out, a proof): everything cached is forgotten;
 * - `nothing`: nothing that is cached (a code sent, a price asked, a link made, a document rendered).
 *
 * Every POST of the contract must be named (the type insists), so a new call says what it changes when it is
 * added; so must the few GETs that do something rather than read (`ACTION_GETS`).
 */
export type Change = 'application' | 'session' | 'nothing';

type PostPath = { [P in keyof paths]: paths[P] extends Record<'post', object> ? P : never }[keyof paths];
type GetPath = { [P in keyof paths]: paths[P] extends Record<'get', object> ? P : never }[keyof paths];

const POSTS: Record<PostPath, Change> = {
  '/matrix/frontLog': 'nothing',
  '/telemetry/errors': 'nothing',
  '/telemetry/analytics/batch': 'nothing',
  '/sandbox/login': 'nothing',
  '/sandbox/searchEmail': 'nothing',
  // Signing in, registering, proving the address and logging out.
  '/user/magicLink': 'nothing',
  '/user/resendMagicLink': 'nothing',
  '/account/sendEmailVerify': 'nothing',
  '/user/redeemMagicLink': 'session',
  '/account/adminLogin': 'session',
  '/user/checkPinCode': 'session',
  '/user/createDecisionUser': 'session',
  '/user/emailSoftConfirmation': 'session',
  '/onePage/user/emailSoftConfirmation': 'session',
  '/user/logout': 'session',
  // A member of staff's own session: the borrower's is untouched until they act for one (adminLogin).
  '/account/staffLogin': 'nothing',
  // The finance portal's own session: the borrower app never makes these calls, and they touch no borrower's.
  '/portal/login': 'nothing',
  '/portal/logout': 'nothing',
  '/user/keepAlive': 'nothing',
  '/user/setPinCode': 'application',
  '/user/startOverApply': 'application',
  '/user/updateApplicationEmail': 'application',
  // The quote and the soft check, before any application.
  '/ledger/loanCalcPub': 'nothing',
  '/eligibility/eligibilitySubmit': 'nothing',
  '/eligibility/verifyUserStatusByEmail': 'nothing',
  // The one-page journey.
  '/onePage/application/confirmYourLoan': 'application',
  '/onePage/user/updateLoanPurpose': 'application',
  '/onePage/user/updateRentInformation': 'application',
  '/onePage/user/updateAddressHistory': 'application',
  '/onePage/application/updateFutureIncomeChange': 'application',
  '/onePage/application/UpdateCreditAssessment': 'application',
  '/onePage/user/sendVerificationEmail': 'nothing',
  '/onePage/application/getOpenBankingLink': 'application',
  '/onePage/application/skipOpenBanking': 'application',
  '/onePage/application/submitApplicationToRender': 'application',
  '/onePage/application/submitInstantApplicationToRender': 'application',
  // The stages after approval.
  '/application/render/verifyShareCode': 'application',
  '/user/sendPhoneVerificationCode': 'nothing',
  '/user/phoneVerification': 'application',
  '/payment/confirmationOfPayee': 'application',
  '/payment/createCpaLink': 'nothing',
  '/application/commissionConsent': 'application',
  '/account/getReplaceContent': 'nothing',
  '/account/generateReviewContract': 'nothing',
  '/account/signaturePdf': 'application',
  '/application/render/completeIdv': 'application',
  '/application/drawdown': 'application',
  '/accountApplication/counterofferResponse': 'application',
  '/accountApplication/withdrawApplication': 'application',
  // The legacy stages.
  '/accountApplication/loanCalc': 'nothing',
  '/accountApplication/confirmLoanDetails': 'application',
  '/accountApplication/updateRentInfo': 'application',
  '/accountApplication/futureIncomeChange': 'application',
  '/accountApplication/futureIncomeChangeAndSubmitApplication': 'application',
  '/accountApplication/submitApplicationToAdb': 'application',
  '/accountApplication/updateLoanPurposeDetail': 'application',
  // The borrower's profile and settings: what they change is the signed-in customer's record, read under the
  // same root. A link or a code sent changes nothing until it comes back.
  '/profile/changeEmail': 'nothing',
  '/profile/confirmEmailChange': 'application',
  '/profile/sendPhoneCode': 'nothing',
  '/profile/changePhone': 'application',
  '/profile/changeAddress': 'application',
  '/payment/updateBillAddress': 'application',
  // A payment moves money on a loan: the loans' reads (under the loan root, marked with the application's).
  '/payment/createPayment': 'application',
  // Early settlement's figure and bank details are reads; the transfer's intent is the core's audit, no read's.
  '/payment/settlementQuote': 'nothing',
  '/payment/bankTransfer': 'nothing',
  '/profile/changePin': 'application',
  '/profile/markNotificationRead': 'application',
  '/profile/updateSettings': 'application',
};

/**
 * The GETs that do something: finishing a bank's consent, making a consent or an identity check's link, reading a
 * card checkout that succeeded (which attaches the card to the application).
 */
const ACTION_GETS: Partial<Record<GetPath, Change>> = {
  '/payment/paymentSessionInfo': 'application',
  '/bank/completedOB': 'application',
  '/bank/createApplication': 'application',
  '/bank/getOBLink': 'application',
  '/onePage/application/completedOB': 'application',
  '/application/render/getIdvLink': 'application',
};

/** What a call changes, by its method and the contract's path template (`schemaPath`); reads change nothing. */
export function changeOf(method: string, schemaPath: string): Change {
  const table: Partial<Record<string, Change>> = method.toUpperCase() === 'POST' ? POSTS : ACTION_GETS;
  return table[schemaPath] ?? (method.toUpperCase() === 'POST' ? 'application' : 'nothing');
}
