/**
 * Every key the borrower app keeps in local storage (spec §3 "Browser-kept values"). Values are written and
 * read only through `expiringLocalStorage` of `@lender/api-client/storage`, never `localStorage` directly.
 */
export const storageKeys = {
  /**
   * The white-label brand flag (spec §3, §4): the white-label brand's clientName (`harbour`) when the app is
   * themed as the white-label brand; absent for the default brand. Kept on logout (spec §4).
   */
  whiteLabel: 'whiteLabel',
  /** The platform marker: `ios`, `andriod` (the spec's spelling, kept for the data it meets) or `pc`. */
  platform: 'platform',
  /** Whether the user agent is a mobile one, as text: `'true'` or `'false'`. */
  isMobile: 'isMobile',
  /** The body width in px at the last layout (spec §4 "Other", §9), as text. */
  clientWidth: 'clientWidth',
  /** The session token (a JWT; its `exp` is checked before every call). Written by sign-in and renewals. */
  accessToken: 'accessToken',
  /** The A/B choices of the signed-in person, as JSON (`{"welcome":…,"emailConf":…}`). */
  abChoice: 'abChoice',
  /** The latest application's id; empty when there is none. */
  applyId: 'applyId',
  /** The signed-in person's first name (the staff banner names the borrower with it). */
  firstName: 'firstName',
  /** The signed-in person's last name. */
  lastName: 'lastName',
  /** The nominal annual rate in percent as decimal text (`6.7`); empty without an application. */
  interestRate: 'interestRate',
  /** The loan amount in pence, as text. */
  loanAmount: 'loanAmount',
  /** The loan term in months, as text. */
  loanTerm: 'loanTerm',
  /** The first pending legacy stage of the latest application; empty when none is pending. */
  regStage: 'regStage',
  /** The customer's opaque id. */
  uuid: 'uuid',
  /** The signed-in person's e-mail address. */
  email: 'email',
  /** `'true'` when the signed-in person has a loan (active or repaid), else `'false'`. */
  hasLoan: 'hasLoan',
  /** `'true'` while the session was started by staff acting for the borrower (the staff banner); else absent. */
  staffActing: 'staffActing',
  /** The staff token of the staff sign-in (spec §6, §9): kept 12 hours at most, and kept on logout (spec §4). */
  staffLogin: 'staff_login',
  /**
   * The one-page journey's required steps (spec §4 "One-page journey order": the list is stored locally), as a
   * JSON array of step names, computed from the application's journeyMap (lib/one-page-journey.ts).
   */
  onePageSteps: 'onePageSteps',
  /**
   * The application info (spec §3): a JSON object whose renderData holds renderApplicantId, the decision service's
   * pseudonymous id of the applicant, `{"renderData":{"renderApplicantId":"ra_…"}}`, and nothing else of the
   * application. Written each time the application info is read (lib/application-identity.ts); product analytics
   * identifies the person with it (spec §7, lib/telemetry/identity.ts).
   */
  applicationInfo: 'applicationInfo',
  /**
   * An addition to spec §3: a payment whose hosted checkout was opened from this browser (lib/paying.ts), as
   * JSON with its link id, loan, amount and checkout address, kept a day, so a borrower who closed the tab is
   * shown its state when they come back. Cleared at log-out with the rest.
   */
  pendingPayment: 'pendingPayment',
} as const;

/**
 * Keys the borrower app keeps in session storage (this tab only; `expiringSessionStorage`), so they survive
 * the reload after a 401 and the log-out, which clears local storage only.
 */
export const sessionStorageKeys = {
  /** The message the e-mail login shows once (an expired session, a dead link: spec §8); taken when shown. */
  loginError: 'loginError',
  /**
   * The message of a 100638 answer, which /login/redirectLogin shows (spec §8 `redirectInfo`), or of a 100619
   * answer, which the first question of a new application shows.
   */
  redirectInfo: 'redirectInfo',
  /** The answer of eligibility/eligibilitySubmit, as JSON, which the outcome screens (decline, counteroffer) show. */
  eligibilityResult: 'eligibilityResult',
  /** The one-page steps visited in this tab, as a JSON array of step names: going back to them is allowed (spec §2). */
  onePageVisited: 'onePageVisited',
  /**
   * How a signed-in applicant pays their rent, mortgage or contribution (HousingDetails `payMethod`), chosen on
   * /amount/rent_payment or /amount/not_pay_rent when their housing is recorded (lib/legacy-stages.ts).
   */
  legacyPayMethod: 'legacyPayMethod',
  /**
   * The new e-mail address being typed on /email_update, exactly as typed (see lib/email-change.ts), so a refresh
   * or a failed call loses nothing. Forgotten once the address is changed.
   */
  emailUpdate: 'emailUpdate',
  /**
   * The loan the borrower chose to look at (lib/chosen-loan.ts), by its id: in this tab only, so two tabs can show
   * two loans; never in a URL. Forgotten at every session change.
   */
  chosenLoan: 'chosenLoan',
  /**
   * What the borrower chose to pay, with the idempotency key of its payment while the answer has not come
   * (lib/paying.ts): this tab only, an hour.
   */
  paymentIntent: 'paymentIntent',
} as const;

/**
 * The journeys' drafts: what a person has typed but not yet sent, as JSON checked against a zod schema on every
 * read (lib/drafts/draft-store.ts). In LOCAL storage with an expiry, so they survive a refresh and a new tab of
 * the same browser (a confirmation link opened by a mail app); cleared at log-out with the rest of local
 * storage, and at the submission of the application (forgetJourneyDrafts).
 */
export const draftKeys = {
  /** The quote being chosen on /amount/amount_default: `{"amount":"7,500","term":"60"}`, the amount as typed. */
  quote: 'quoteChoice',
  /**
   * The answers of the early application steps (/amount/purpose to /amount/not_pay_rent), each as entered (see
   * lib/application-draft.ts); the one-page journey and the legacy income step read them as prefill.
   */
  application: 'applicationDraft',
  /** The answers being given on the one-page steps (see features/one-page/answers-draft.ts). */
  onePage: 'onePageAnswers',
  /**
   * The income details and credit-assessment answers being given, one draft for both journeys (/income_verify and
   * /income_verify2, /loan/income): lib/drafts/income-draft.ts.
   */
  income: 'incomeDraft',
  /** The future-income-change answer being given on /all_submit (features/legacy/income-change.ts). */
  legacyIncomeChange: 'legacyIncomeChange',
  /**
   * What an applicant types on the screens after approval (phone, payee, signer's name …; features/approved/
   * draft.ts): kept an hour; the account number is dropped once the payee is confirmed.
   */
  approved: 'approvedDraft',
  /** The share code being checked, with the reason a code was refused (features/share-code/share-code-draft.ts); an hour. */
  shareCode: 'shareCode',
} as const;
