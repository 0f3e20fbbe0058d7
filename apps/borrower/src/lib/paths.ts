import type { OnePageStep } from './one-page-journey';

/** Every route of the borrower app. Screens link with these, never with string literals. */
export const paths = {
  root: '/',
  login: {
    home: '/login/home',
    /** Sign-in by e-mail: a link or a code (in staff mode: as a borrower, by address). */
    emailLogin: '/login/emailLogin',
    /** The white-label brand's e-mail sign-in (`/harbour/login/emailLogin`); other first segments are 404. */
    whiteLabelEmailLogin: '/:whiteLabel/login/emailLogin',
    /** The 6-digit code sent by e-mail; the address is kept in session storage, never in the URL. */
    emailCode: '/login/emailCode',
    /** Sign-in by UK mobile number. */
    phoneLogin: '/login/phoneLogin',
    /** The 6-digit code sent by SMS. */
    phoneCode: '/login/phoneCode',
    /** Where a sign-in link leads (`?token=…`): the page redeems the token by POST. */
    emailMagicLink: '/login/emailMagicLink',
    /** Choosing a PIN after a first sign-in, then typing it again. */
    setPin: '/login/setPin',
    repeatPin: '/login/repeatPin',
    /** Where a 100638 answer sends someone, with its message as redirectInfo. */
    redirectLogin: '/login/redirectLogin',
  },
  /** The early application steps (spec §2 "Early application steps"). */
  amount: {
    /** Redirects to /login/home (spec §2). */
    start: '/amount/start',
    /** How much to borrow (typed, or with a slider) and over how many months. */
    amountDefault: '/amount/amount_default',
    /** The price of that loan (ledger/loanCalcPub): instalment, total payable, APR, representative example. */
    loanCalculation: '/amount/loan_calculation',
    /** What the loan is for (radios); `other` asks for it in words on purpose_text. */
    purpose: '/amount/purpose',
    purposeText: '/amount/purpose_text',
    /** One question each: first name, last name, date of birth, e-mail, yearly income, employment. */
    name: '/amount/name',
    lastName: '/amount/last_name',
    dobInput: '/amount/dob_input',
    email: '/amount/email',
    income: '/amount/income',
    employment: '/amount/employment',
    /** Check your answers: everything entered so far, each with a link back to change it. */
    step2: '/amount/step2',
    /** The current address: postcode lookup, with manual_address as the fallback. */
    address: '/amount/address',
    manualAddress: '/amount/manual_address',
    /** When the applicant moved in to an address. */
    movedIn: '/amount/moved_in',
    /** Why three years of addresses are needed, when the current one is more recent. */
    years3: '/amount/years3',
    /** An earlier address: postcode lookup, with manual_address as the fallback. */
    previousAddress: '/amount/previous_address',
    /** The addresses of the last three years, each with a link to change or remove it. */
    addressHistory: '/amount/address_history',
    /** The housing situation (own, rent, with family …). */
    rentCost: '/amount/rent_cost',
    /** What is paid each month for rent or a mortgage. */
    rentPayment: '/amount/rent_payment',
    /** What someone who pays no rent or mortgage contributes to the household. */
    notPayRent: '/amount/not_pay_rent',
    /** Consent to the soft credit search, then eligibility/eligibilitySubmit. */
    creditConsent: '/amount/credit_consent',
  },
  /** Outcomes of the eligibility check and of the decision on an application (spec §2, §4). */
  decline: '/decline',
  received: '/received',
  approved: '/approved',
  counteroffer: '/counteroffer',
  /** The single-page quote of the one-page journey (spec §2 "Part 2 group"); quote_review_b is step 0. */
  start2: '/start2',
  startB: '/start_b',
  quoteReview: '/quote_review',
  quoteReviewB: '/quote_review_b',
  /** The seven steps of the one-page journey, in order (spec §2), then the submitted page. */
  onePage: {
    confirmEmail: '/loan/confirm-email',
    purpose: '/loan/purpose',
    housingInfo: '/loan/housing-info',
    verifyAddress: '/loan/verify-address',
    income: '/loan/income',
    connectBank: '/loan/connect-bank',
    submit: '/loan/submit',
  },
  applicationSubmitted: '/application-submitted',
  /** Where the e-mail confirmation link leads (`?token=…`): the page redeems it with user/emailSoftConfirmation. */
  emailVerifySoft: '/email_verify_soft',
  /** Where the bank's consent page returns to outside the journey. */
  openBankingUpdated: '/open-banking-updated',
  /**
   * Screens the legacy resume rules lead to (spec §4 "Resume target, legacy") that are not listed above, and the
   * screens of the legacy stages and of the steps after approval.
   */
  legacy: {
    loanDashboardMain: '/loanDashboard/main',
    emailVerifyAgain: '/email_verify_again',
    connectAccounts: '/connect_accounts',
    allSubmit: '/all_submit',
    allDone: '/all_done',
    phoneNumber: '/phoneNumber',
    /** The partner disbursal account screen (confirmation of payee); `:partner` is the application's owner. */
    partnerDisbursalAccount: '/:partner/disbursal/account',
    connectBank: '/connectBank',
    commissionConsent: '/commission-consent',
    sign: '/sign',
    identityStart: '/identity_start',
    signOver: '/signOver',
    /** The 6-digit code texted to the new mobile number. */
    phoneNumberCode: '/phoneNumberCode',
    /** The broker's commission could not be read. */
    commissionDataError: '/commission-data-error',
    /** The credit agreement as a PDF, drawn in the page. */
    pdfSign: '/PdfSign',
    /** Where the identity provider's page returns to. */
    postIdv: '/idv/post_idv',
    /** Where the payment gateway's hosted checkout returns to after storing the card for the payment authority. */
    acquiredSetCpa: '/pay/acquired-setcpa',
    /** When the partner's disbursal is paid. */
    partnerDisbursalTime: '/:partner/disbursal/time',
    /** Redirects to the dashboard (spec §2). */
    loan: '/loan',
    /** The legacy pending stages' screens (spec §2 "Also", §4 "Pending stages"). */
    incomeVerify: '/income_verify',
    incomeVerify2: '/income_verify2',
    bankView: '/bank_view',
    /** Where the bank's consent page returns to in the legacy journey (bank/completedOB). */
    bankC: '/bank_c',
    addressUpdated: '/address-updated',
    /** The application as sent (accountApplication/reviewMyRegApplication). */
    application: '/application',
    allDone2: '/all_done_2',
    /** The identity check by a Home Office share code instead of documents. */
    shareCode: '/idv/share_code',
    postIdvShareCode: '/idv/post_idv_sc',
    shareCodeSubmit: '/idv/share_code_submit',
    shareCodeComplete: '/idv/share_code_complete',
    /** Corrects the e-mail address the confirmation link goes to, while it is not yet confirmed. */
    emailUpdate: '/email_update',
    /** Withdraws an approved application before the agreement is signed. */
    changeMyMind: '/change-my-mind',
  },
  /**
   * The loan documents as pages (spec §2): the three views and their '-new' variants, and about-your-loan,
   * loan-key-facts and loan-agreement in the white-label (`-wl`) and second (`-2`) variants.
   */
  documents: {
    htmlViewOne: '/HtmlViewOne',
    htmlViewTwo: '/HtmlViewTwo',
    htmlViewThree: '/HtmlViewThree',
    htmlViewOneNew: '/HtmlViewOne-new',
    htmlViewTwoNew: '/HtmlViewTwo-new',
    htmlViewThreeNew: '/HtmlViewThree-new',
    aboutYourLoan: '/about-your-loan',
    loanKeyFacts: '/loan-key-facts',
    loanAgreement: '/loan-agreement',
    aboutYourLoanWhiteLabel: '/about-your-loan-wl',
    loanKeyFactsWhiteLabel: '/loan-key-facts-wl',
    loanAgreementWhiteLabel: '/loan-agreement-wl',
    aboutYourLoan2: '/about-your-loan-2',
    loanKeyFacts2: '/loan-key-facts-2',
    loanAgreement2: '/loan-agreement-2',
  },
  /**
   * The loan account (spec §2 "Loan-account screens"), beside the dashboard (legacy.loanDashboardMain): every
   * screen is about the loan the borrower chose (lib/chosen-loan.ts), which is never in the URL.
   */
  loanAccount: {
    /** The account menu: the loan screens and the ways to contact us. */
    userMenu: '/userMenu1',
    /** What the borrower can do with the loan (loanAction/manageMyLoanMenu), each closed item with why. */
    manageMyLoan: '/manage-my-loan',
    /** Every instalment, paid and to come. An addition to spec §2. */
    schedule: '/loan-schedule',
    /** Every posting on the loan with the balance after it. An addition to spec §2. */
    transactions: '/loan-transactions',
    /** The signed agreement, the pre-contract information and any later agreement. */
    legalDocuments: '/legal-documents',
    /** A statement for a chosen period, the annual statements and, once repaid, the closing statement. */
    statements: '/loan-statements',
    /** A document or statement as a PDF drawn in the page (`?document=<id>`, the id the listing gave). */
    pdfView: '/pdf-view',
  },
  /**
   * The borrower's profile and settings (spec §2 "Loan-account screens"): the signed-in customer's own record,
   * about no loan in particular. In staff mode the screens that change it are read-only.
   */
  profile: {
    /** The hub: links to the personal details, the PIN, the reminders and the messages. */
    hub: '/profile',
    /** The summary list of what we hold (name, date of birth, e-mail, phone masked, address), each with Change. */
    personalDetails: '/personal-details',
    /** The new e-mail address; a link goes to it, and the page then says to open it. */
    editEmail: '/edit-email',
    /** Where that link leads (`?token=…`): the page redeems it (profile/confirmEmailChange) and says how it went. */
    emailVerify: '/emailVerify',
    /** The new mobile number, to which a code is texted; then the 6-digit code. */
    editPhone: '/edit-phone',
    verifyPhone: '/verify-phone',
    /** The address we hold, and the way to change it; the cards' billing address follows it. */
    addressDetails: '/addressDetails',
    /** A: the new address found by its postcode and chosen from the list. */
    editAddressA: '/edit-addressA',
    /** B: the new address typed by hand, when the list does not have it. */
    editAddressB: '/edit-addressB',
    /** C: the new address checked, and confirmed (profile/changeAddress, then payment/updateBillAddress). */
    editAddressC: '/edit-addressC',
    /** D: the address changed, with each card's billing address now. */
    editAddressD: '/edit-addressD',
    /** The current PIN, then the new one twice; all three are sent together with the last. */
    editPin: '/edit-pin',
    enterNewPin: '/enter-new-pin',
    reenterNewPin: '/reenter-new-pin',
    /** Instalment reminders by e-mail and SMS. */
    settings: '/settings',
    /** What the lender has sent the borrower, newest first, the unread marked. */
    notifications: '/notifications',
  },
  /**
   * Paying an amount towards the chosen loan (issue 17 §1; docs/decisions/pay-screens.md says what each /pay
   * screen is for). What is being paid is kept in this tab while the borrower chooses how (lib/paying.ts).
   */
  paying: {
    /** What to pay (loanAction/makePaymentMenu, payment/paymentOptions): the arrears, the next instalment or another amount. */
    makeAPayment: '/make-a-payment',
    /** Redirects to ACPay (the default of the /pay group). */
    pay: '/pay',
    /** Pay with a card on file: the primary, or the one chosen on /pay/reuse. */
    acPay: '/pay/ACPay',
    /** Choose one of the cards on file to pay with. */
    reuse: '/pay/reuse',
    /** Pay with a new card, on the payment provider's hosted checkout. */
    adHoc: '/pay/AdHoc',
    /** The payment taken: amount, card, the balance after. */
    payment: '/pay/payment',
    /** A card on file declined or the charge failed: why, and the ways on. */
    paymentFail: '/pay/payment-fail',
    /** Sends the browser to the hosted checkout of the payment under way. */
    payNow: '/paynow',
    /** Where the hosted checkout returns: the payment's outcome, read from the gateway through the BFF. */
    paymentResult: '/payment-result',
    /** A payment whose checkout is not finished yet: back to it, or another way. */
    paymentComponent: '/payment-component',
    /**
     * Early settlement (issue 17 §3; docs/decisions/pay-screens.md): the settlement figure with its parts, and the
     * choice of card or bank transfer. The quote is kept with the intent in this tab.
     */
    settleAmount: '/earlyRepayment/payment_amount',
    /** The card to settle with: one on file, or a new card on the secure page. */
    settleCardSelect: '/earlyRepayment/card_select',
    /** Confirm: "Pay £X to settle your loan". */
    settleCard: '/earlyRepayment/payment_card',
    /** The loan repaid: closing balance £0.00, the settlement letter. */
    settled: '/earlyRepayment/final_loan_confirmation',
    /** The settlement not taken: why, and the ways on. */
    settleIssue: '/earlyRepayment/issue_message',
    /** Settling by bank transfer: the lender's bank details, the reference, the amount and the day to pay by. */
    settleByTransfer: '/loan/loanFinalConfirm',
  },
  /** Sign-in with e-mail and PIN. */
  pinLogIn: '/pin_log_in',
  idverify: {
    root: '/idverify',
    /** A signed-in person types their PIN again (the default of /idverify). */
    pinCode: '/idverify/pinCode',
  },
  /** How to reach the brand's support (phone, e-mail, help desk), linked from every screen's footer. */
  contactUs: '/contact-us',
  /** The sandbox mailbox, offered only when the BFF runs against the sandbox (404 otherwise). */
  emailBox: '/email-box',
  /** Something went wrong on our side (spec §8: an 'Internal Server Error' answer leads here). */
  error: '/error',
  notFound: '*',
} as const;

/**
 * Whether a value is a path of this app: one leading slash, so a value carried in a location's state from elsewhere
 * cannot send anyone off it.
 */
export function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
}

/** Every path of `paths`, as a type. */
type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type AppPath = Leaves<typeof paths>;

/** The paths that only lead elsewhere (spec §2), and where to. `/` is the shell, whose index leads home. */
export const redirects = {
  [paths.root]: paths.login.home,
  [paths.amount.start]: paths.login.home,
  [paths.idverify.root]: paths.idverify.pinCode,
  [paths.legacy.loan]: paths.legacy.loanDashboardMain,
  [paths.paying.pay]: paths.paying.acPay,
} as const;

/** A path that shows a page: every path but the redirects. */
export type PagePath = Exclude<AppPath, keyof typeof redirects>;

/**
 * The pages of the route groups (src/app/route-groups.ts): areas whose routes and titles are loaded with the first
 * of their screens someone opens, so that they add nothing to the first screen. Each list names every page of its
 * group, for the router to know which group a path is in.
 */
export const routeGroupPaths = {
  /** The dashboard, the loan's screens and the profile. */
  loanAccount: [paths.legacy.loanDashboardMain, ...Object.values(paths.loanAccount), ...Object.values(paths.profile)],
  /** The steps after approval (spec §4 "Resume target, legacy", once approved): to the money paid out. */
  afterApproval: [
    paths.approved,
    paths.legacy.phoneNumber,
    paths.legacy.phoneNumberCode,
    paths.legacy.partnerDisbursalAccount,
    paths.legacy.partnerDisbursalTime,
    paths.legacy.connectBank,
    paths.legacy.acquiredSetCpa,
    paths.legacy.commissionConsent,
    paths.legacy.commissionDataError,
    paths.legacy.sign,
    paths.legacy.pdfSign,
    paths.legacy.identityStart,
    paths.legacy.postIdv,
    paths.legacy.shareCode,
    paths.legacy.shareCodeSubmit,
    paths.legacy.postIdvShareCode,
    paths.legacy.shareCodeComplete,
    paths.legacy.changeMyMind,
    paths.legacy.signOver,
  ],
  /** The loan documents as pages. */
  documents: Object.values(paths.documents),
  /** Paying towards a loan: what to pay, the /pay group, the hosted checkout's screens and early settlement. */
  paying: Object.values(paths.paying).filter(
    (path): path is Exclude<(typeof paths.paying)[keyof typeof paths.paying], typeof paths.paying.pay> =>
      path !== paths.paying.pay,
  ),
} as const;

/** The pages of one route group. */
export type GroupPagePath<G extends keyof typeof routeGroupPaths> = (typeof routeGroupPaths)[G][number];

/**
 * What may stop a navigation to a page before its screen shows, as the route's loader (src/app/route-guards.tsx,
 * loaded with the screen):
 * - `amount`: the order of the /amount steps (lib/amount-guard.ts): a later step, while an earlier answer is
 *   missing, leads to the first unanswered one. `resumable`: the legacy resume rules send a signed-in applicant
 *   here, with no draft in the tab, so they pass (lib/legacy-stages.ts);
 * - `onePage`: the one-page journey (lib/one-page-journey.ts): its guard on every navigation to `step`, and the
 *   application as the BFF has it for the step's screen;
 * - `applicationStage`: a page of the application's stages, which belong to the past once its loan is paid out;
 * - `loanAccount`: a page of the loan account: the borrower's loans are read (and kept for the screen), and a
 *   signed-in applicant who has no loan yet goes on to where their application resumes.
 * Every page of an application's stages, with any of these guards (a resumable /amount step's for a signed-in
 * applicant), leads to the loan dashboard after payout.
 */
export type PageGuard =
  | { kind: 'amount'; resumable?: true }
  | { kind: 'onePage'; step: OnePageStep }
  | { kind: 'applicationStage' }
  | { kind: 'loanAccount' };

/**
 * A page: its title, the page's `<h1>` as the screen shows it (the document title is "<title> – <brand>"), and
 * its guard. Where the heading varies with what the page shows, the title is its usual or stable form, and the
 * screen may set its own for as long as it is open (lib/page-title.ts `usePageTitle`).
 */
export interface Page {
  /** Undefined only where the heading is the brand's name, which the document title carries anyway. */
  title: string | undefined;
  guard?: PageGuard;
}

const amountStep: PageGuard = { kind: 'amount' };
const resumableAmountStep: PageGuard = { kind: 'amount', resumable: true };
const journeyStep = (step: OnePageStep): PageGuard => ({ kind: 'onePage', step });
const applicationStage: PageGuard = { kind: 'applicationStage' };

/**
 * Every page of the app outside a route group: its title and guard, declared once here; src/app/routes.tsx builds
 * each route from it. A route group declares its own pages beside its routes.
 */
export const pages: Readonly<Record<Exclude<PagePath, GroupPagePath<keyof typeof routeGroupPaths>>, Page>> = {
  [paths.login.home]: { title: undefined },
  [paths.login.emailLogin]: { title: 'Log in with your e-mail' },
  [paths.login.whiteLabelEmailLogin]: { title: 'Log in with your e-mail' },
  [paths.login.emailCode]: { title: 'Check your e-mail' },
  [paths.login.phoneLogin]: { title: 'Log in with your phone' },
  [paths.login.phoneCode]: { title: 'Check your text message' },
  [paths.login.emailMagicLink]: { title: 'Signing you in' },
  [paths.login.setPin]: { title: 'Choose a PIN' },
  [paths.login.repeatPin]: { title: 'Type your PIN again' },
  [paths.login.redirectLogin]: { title: 'Log in another way' },
  [paths.pinLogIn]: { title: 'Log in with your PIN' },
  [paths.idverify.pinCode]: { title: 'Enter your PIN' },

  // The /amount steps. The quote screens check their own state (nothing comes before them).
  [paths.amount.amountDefault]: { title: 'How much do you want to borrow?' },
  [paths.amount.loanCalculation]: { title: 'Your loan' },
  [paths.amount.purpose]: { title: 'What is the loan for?', guard: amountStep },
  [paths.amount.purposeText]: { title: 'What is the loan for?', guard: resumableAmountStep },
  [paths.amount.name]: { title: 'What is your first name?', guard: amountStep },
  [paths.amount.lastName]: { title: 'What is your last name?', guard: amountStep },
  [paths.amount.dobInput]: { title: 'What is your date of birth?', guard: amountStep },
  [paths.amount.email]: { title: 'What is your email address?', guard: amountStep },
  [paths.amount.income]: { title: 'What is your yearly income before tax?', guard: amountStep },
  [paths.amount.employment]: { title: 'What is your employment status?', guard: amountStep },
  // The address steps ask of the current address; of an earlier one (`?entry=`) they ask "What was …".
  [paths.amount.address]: { title: 'What is your address?', guard: resumableAmountStep },
  [paths.amount.previousAddress]: { title: 'What was your previous address?', guard: resumableAmountStep },
  [paths.amount.manualAddress]: { title: 'What is your address?', guard: resumableAmountStep },
  [paths.amount.movedIn]: { title: 'When did you move in to this address?', guard: resumableAmountStep },
  [paths.amount.years3]: { title: 'We need your addresses for the last 3 years', guard: resumableAmountStep },
  [paths.amount.addressHistory]: { title: 'Your addresses in the last 3 years', guard: resumableAmountStep },
  [paths.amount.rentCost]: { title: 'What is your housing situation?', guard: resumableAmountStep },
  // Asks of the rent or of the mortgage, as the housing situation says.
  [paths.amount.rentPayment]: { title: 'How much is your rent each month?', guard: resumableAmountStep },
  [paths.amount.notPayRent]: {
    title: 'How much do you pay towards your household each month?',
    guard: resumableAmountStep,
  },
  [paths.amount.step2]: { title: 'Check your answers', guard: amountStep },
  // A signed-in applicant the resume rules send here gives the legacy consent, headed "Before we check your income".
  [paths.amount.creditConsent]: { title: 'Check if you can get a loan', guard: resumableAmountStep },

  // The outcomes of the check and of the decision.
  [paths.decline]: { title: 'We cannot offer you a loan', guard: applicationStage },
  [paths.counteroffer]: { title: 'We can offer you a smaller loan', guard: applicationStage },
  [paths.received]: { title: 'We are reviewing your application', guard: applicationStage },

  // The Part 2 group and the one-page journey.
  [paths.start2]: { title: 'Your application', guard: applicationStage },
  [paths.startB]: { title: 'Your application', guard: applicationStage },
  [paths.quoteReview]: { title: 'Confirm your loan', guard: applicationStage },
  [paths.quoteReviewB]: { title: 'Confirm your loan', guard: journeyStep('quote_review_b') },
  [paths.onePage.confirmEmail]: { title: 'Confirm your e-mail address', guard: journeyStep('EmailConfirmation') },
  [paths.onePage.purpose]: { title: 'What is the loan for?', guard: journeyStep('LoanPurpose') },
  [paths.onePage.housingInfo]: { title: 'Your housing', guard: journeyStep('RentalInfo') },
  [paths.onePage.verifyAddress]: { title: 'Check your addresses', guard: journeyStep('AddressVerification') },
  [paths.onePage.income]: { title: 'Your income', guard: journeyStep('IncomeDetails') },
  [paths.onePage.connectBank]: { title: 'Connect your bank', guard: journeyStep('OpenBankingConnect') },
  [paths.onePage.submit]: {
    title: 'Check your answers and send your application',
    guard: journeyStep('ApplicationSubmit'),
  },
  [paths.applicationSubmitted]: { title: 'Application sent', guard: journeyStep('application_submitted') },
  // Says "Confirming…" while the link is redeemed, and when it did not work.
  [paths.emailVerifySoft]: { title: 'Confirm your e-mail address', guard: applicationStage },
  // Says whether the bank is connected, or asks for it again, once the application is read.
  [paths.openBankingUpdated]: { title: 'Your bank connection', guard: applicationStage },

  // The legacy pending stages.
  [paths.legacy.emailVerifyAgain]: { title: 'Confirm your e-mail address', guard: applicationStage },
  [paths.legacy.emailUpdate]: { title: 'Change your email address', guard: applicationStage },
  [paths.legacy.connectAccounts]: { title: 'Connect your bank', guard: applicationStage },
  // Says whether the bank is connected once the return is finished.
  [paths.legacy.bankC]: { title: 'Connecting your bank', guard: applicationStage },
  [paths.legacy.bankView]: { title: 'Your bank connection', guard: applicationStage },
  // Asks for the income first when the application has none.
  [paths.legacy.allSubmit]: { title: 'Do you expect your income to change in the next 12 months?', guard: applicationStage },
  [paths.legacy.incomeVerify]: { title: 'Your income', guard: applicationStage },
  [paths.legacy.incomeVerify2]: { title: 'About your finances', guard: applicationStage },
  [paths.legacy.allDone]: { title: 'Send your application', guard: applicationStage },
  [paths.legacy.allDone2]: { title: 'Application sent', guard: applicationStage },
  [paths.legacy.application]: { title: 'Your application', guard: applicationStage },
  [paths.legacy.addressUpdated]: { title: 'Your addresses are updated', guard: applicationStage },

  [paths.contactUs]: { title: 'Contact us' },
  [paths.emailBox]: { title: 'Sandbox mailbox' },
  [paths.error]: { title: 'Sorry, something went wrong' },
  [paths.notFound]: { title: 'Page not found' },
};
