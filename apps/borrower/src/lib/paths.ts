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
  /** Sign-in with e-mail and PIN. */
  pinLogIn: '/pin_log_in',
  idverify: {
    root: '/idverify',
    /** A signed-in person types their PIN again (the default of /idverify). */
    pinCode: '/idverify/pinCode',
  },
  /** The sandbox mailbox, offered only when the BFF runs against the sandbox (404 otherwise). */
  emailBox: '/email-box',
  /** Something went wrong on our side (spec §8: an 'Internal Server Error' answer leads here). */
  error: '/error',
  notFound: '*',
} as const;
