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
