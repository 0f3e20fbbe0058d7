package lending

import "time"

// Application statuses (Application.Status), a state machine:
//
//	in_progress ──submit──► approved | declined | counteroffer | referred
//	referred ──decision due (DecisionDueAt on the core's clock)──► approved | declined | counteroffer
//	counteroffer ──accept──► approved (at the offer)      counteroffer ──decline──► withdrawn
//	approved ──every after-approval step done, no additional operation outstanding──► ready_for_drawdown
//	ready_for_drawdown ──additional operation requested──► approved
//	ready_for_drawdown ──a loan is opened from it──► drawn_down
//	any status but declined, drawn_down, withdrawn ──start over──► withdrawn (a new application replaces it)
//	any status but declined, drawn_down, withdrawn ──withdrawal──► withdrawn (the applicant changed their mind)
//
// in_progress, referred, counteroffer, approved and ready_for_drawdown are open: a customer has at
// most one open application. declined, withdrawn and drawn_down are closed. Start over also follows
// an application its applicant closed (withdrawn because they changed their mind or declined a
// counteroffer) with a new one, once, while the customer has no open application: the closed one
// stays withdrawn for its own reason, its Withdrawal.ReplacedBy naming the new one.
const (
	ApplicationInProgress       = "in_progress"
	ApplicationReferred         = "referred"
	ApplicationCounteroffer     = "counteroffer"
	ApplicationApproved         = "approved"
	ApplicationDeclined         = "declined"
	ApplicationReadyForDrawdown = "ready_for_drawdown"
	ApplicationDrawnDown        = "drawn_down"
	ApplicationWithdrawn        = "withdrawn"
)

// Application.ApplicationTypeID values.
const (
	ApplicationTypeNewLoan = 1 // an application for a first loan (every application of this API)
	ApplicationTypeTopUp   = 2 // borrowing more on an active loan (the loans part of the core)
)

// Application.ApprovalStatus values: the legacy decision code.
const (
	ApprovalDeclined     = 0
	ApprovalApproved     = 1
	ApprovalCounteroffer = 2 // a lower offer awaits the applicant's answer
	ApprovalPending      = 9 // not decided: in progress or referred
)

// Application.PreDispersalStatus values: the legacy pay-out code.
const (
	PreDispersalFailed    = 0 // the application was declined: nothing will be paid out
	PreDispersalDisbursed = 1 // the loan was drawn down: the borrower's area takes over
	PreDispersalPending   = 9 // not paid out yet (while in progress, decided, or ready for drawdown)
)

// Stage values of RegStages and of Application.EmailVerification.
const (
	StagePending = 0
	StageDone    = 1
)

// The legacy registration stages (RegStages), in journey order.
const (
	StageWelcome            = "welcome"            // the loan (amount and term) confirmed
	StageRentInfo           = "rentInfo"           // housing given and an address history covering 3 years
	StageEmailConf          = "emailConf"          // the e-mail address verified
	StageOpenBanking        = "openBanking"        // a bank linked by open banking, or the step skipped
	StagePreApproval        = "preApproval"        // the soft eligibility check passed (done at creation)
	StageIncomeVerification = "incomeVerification" // income, future income change and credit-assessment answers given
	StageContractSubmitted  = "contractSubmitted"  // the application submitted
	StageWaitingPage        = "waitingPage"        // the decision made (pending while referred)
	StageSetPassword        = "setPassword"        // the customer has a PIN
	StageSetPhone           = "setPhone"           // the customer has a mobile number
	StageConfirmationPayee  = "confirmationPayee"  // the pay-out account passed confirmation of payee
	StageSetCPA             = "setCpa"             // a continuous payment authority (card token) attached
	StageCommissionConsent  = "commissionConsent"  // the broker's commission accepted (done when there is no broker)
	StageSignature          = "signature"          // the credit agreement signed
	StageIDV                = "idv"                // the identity verified
	StageAdditionalOps      = "additionalOps"      // no additional operation outstanding
)

// RegStageNames returns the legacy stages in journey order.
func RegStageNames() []string {
	return []string{StageWelcome, StageRentInfo, StageEmailConf, StageOpenBanking, StagePreApproval,
		StageIncomeVerification, StageContractSubmitted, StageWaitingPage, StageSetPassword, StageSetPhone,
		StageConfirmationPayee, StageSetCPA, StageCommissionConsent, StageSignature, StageIDV, StageAdditionalOps}
}

// RegStages is the legacy stage model: each stage StagePending (0) or StageDone (1). The lending core
// derives every value from the application's facts (and the customer's PIN and phone) when it
// answers, so the values never disagree with the data.
type RegStages struct {
	Welcome            int `json:"welcome"`
	RentInfo           int `json:"rentInfo"`
	EmailConf          int `json:"emailConf"`
	OpenBanking        int `json:"openBanking"`
	PreApproval        int `json:"preApproval"`
	IncomeVerification int `json:"incomeVerification"`
	ContractSubmitted  int `json:"contractSubmitted"`
	WaitingPage        int `json:"waitingPage"`
	SetPassword        int `json:"setPassword"`
	SetPhone           int `json:"setPhone"`
	ConfirmationPayee  int `json:"confirmationPayee"`
	SetCPA             int `json:"setCpa"`
	CommissionConsent  int `json:"commissionConsent"`
	Signature          int `json:"signature"`
	IDV                int `json:"idv"`
	AdditionalOps      int `json:"additionalOps"`
}

func (r *RegStages) field(stage string) *int {
	switch stage {
	case StageWelcome:
		return &r.Welcome
	case StageRentInfo:
		return &r.RentInfo
	case StageEmailConf:
		return &r.EmailConf
	case StageOpenBanking:
		return &r.OpenBanking
	case StagePreApproval:
		return &r.PreApproval
	case StageIncomeVerification:
		return &r.IncomeVerification
	case StageContractSubmitted:
		return &r.ContractSubmitted
	case StageWaitingPage:
		return &r.WaitingPage
	case StageSetPassword:
		return &r.SetPassword
	case StageSetPhone:
		return &r.SetPhone
	case StageConfirmationPayee:
		return &r.ConfirmationPayee
	case StageSetCPA:
		return &r.SetCPA
	case StageCommissionConsent:
		return &r.CommissionConsent
	case StageSignature:
		return &r.Signature
	case StageIDV:
		return &r.IDV
	case StageAdditionalOps:
		return &r.AdditionalOps
	}
	return nil
}

// Value is a stage's value; ok is false for a name that is not a stage.
func (r RegStages) Value(stage string) (value int, ok bool) {
	if f := r.field(stage); f != nil {
		return *f, true
	}
	return 0, false
}

// Set sets a stage's value (the lending core builds RegStages with it); unknown names are ignored.
func (r *RegStages) Set(stage string, value int) {
	if f := r.field(stage); f != nil {
		*f = value
	}
}

// Pending is the stages still pending, in journey order.
func (r RegStages) Pending() []string {
	var out []string
	for _, s := range RegStageNames() {
		if v, _ := r.Value(s); v == StagePending {
			out = append(out, s)
		}
	}
	return out
}

// JourneyMap is the one-page model's completion flags, derived like RegStages.
type JourneyMap struct {
	AboutYou     AboutYou     `json:"aboutYou"`
	YourLoan     YourLoan     `json:"yourLoan"`
	VerifyIncome VerifyIncome `json:"verifyIncome"`
	Submission   Submission   `json:"submission"`
}

// AboutYou are the applicant's steps.
type AboutYou struct {
	EmailVerification  bool `json:"emailVerification"`  // the e-mail address verified
	LoanPurposeConfirm bool `json:"loanPurposeConfirm"` // a purpose given (with its text when "other")
	RentConfirm        bool `json:"rentConfirm"`        // housing given
	AddressUpdate      bool `json:"addressUpdate"`      // an address history covering 3 years given
	IncomeConfirm      bool `json:"incomeConfirm"`      // income given
	OBSkip             bool `json:"obSkip"`             // open banking skipped
}

// YourLoan is the loan step.
type YourLoan struct {
	LoanValueConfirm bool `json:"loanValueConfirm"` // the amount and term confirmed
}

// VerifyIncome is the income-verification step.
type VerifyIncome struct {
	OpenBanking bool `json:"openBanking"` // a bank linked by open banking
	// IsFinished: income, the future-income-change answer and the credit-assessment answers all given.
	IsFinished bool `json:"isFinished"`
}

// Submission is the submit step.
type Submission struct {
	IsFinished bool `json:"isFinished"` // the application submitted
}

// Additional operations the lender can ask of an approved applicant (Application.AdditionalOps).
const (
	OpResetCPA    = "reset_cpa"    // attach a new payment card: clears the CPA until one is attached
	OpSignAgain   = "sign_again"   // sign the agreement again: clears the signature
	OpChangeLoan  = "change_loan"  // confirm the loan again, at most the approved amount: clears the signature
	OpAddress     = "address"      // give the address history again
	OpOpenBanking = "open_banking" // link a bank again by open banking
)

// AdditionalOperations returns the operations in the order the apps show them.
func AdditionalOperations() []string {
	return []string{OpResetCPA, OpSignAgain, OpChangeLoan, OpAddress, OpOpenBanking}
}

// A/B choices (ABChoice fields).
const (
	ChoiceA = "a"
	ChoiceB = "b"
)

// ABChoice is the variant of each A/B-tested screen the applicant sees: ChoiceA or ChoiceB.
type ABChoice struct {
	Welcome   string `json:"welcome"`   // b: the quote_review welcome screen
	EmailConf string `json:"emailConf"` // b: the soft e-mail confirmation screen
}

// Aggregators (Application.Aggregator): how the applicant came.
const (
	AggregatorNone    = ""        // directly to the lender
	AggregatorOwn     = "own"     // the lender's own comparison site (asks credit consent at income)
	AggregatorPartner = "partner" // a third-party comparison site
)

// Pay methods of housing costs (HousingDetails.PayMethod).
const (
	PayDirectDebit   = "direct_debit"
	PayStandingOrder = "standing_order"
	PayBankTransfer  = "bank_transfer"
	PayCard          = "card"
	PayCash          = "cash"
)

// HousingDetails is where the applicant lives, what they pay for it each month and how.
type HousingDetails struct {
	Status string `json:"status"` // one of the Housing… constants
	// MonthlyCostPence is the applicant's share of rent, mortgage or board; 0 when they pay none.
	MonthlyCostPence int64 `json:"monthlyCostPence"`
	// PayMethod is how they pay it: required when MonthlyCostPence > 0, empty when it is 0.
	PayMethod string `json:"payMethod,omitempty"`
}

// LivingSituation is one housing status the apps offer.
type LivingSituation struct {
	Code  string `json:"code"` // a Housing… constant
	Label string `json:"label"`
	// AsksCost: the apps ask what it costs a month (rent, mortgage or board).
	AsksCost bool `json:"asksCost"`
}

// Choice is a code and the label the apps show for it.
type Choice struct {
	Code  string `json:"code"`
	Label string `json:"label"`
}

// HousingOptions is the answer of GET /housing-options.
type HousingOptions struct {
	LivingSituations []LivingSituation `json:"livingSituations"`
	PayMethods       []Choice          `json:"payMethods"`
}

// Address history rules.
const (
	// AddressHistoryYears is how far back an address history must reach.
	AddressHistoryYears = 3
	// MaxAddresses is the longest address history.
	MaxAddresses = 6
)

// AddressHistoryInput is one address of PUT /applications/{id}/addresses: exactly one of GazetteerID
// (an address found by postcode) and Address (typed in by hand).
type AddressHistoryInput struct {
	GazetteerID string   `json:"gazetteerId,omitempty"`
	Address     *Address `json:"address,omitempty"`
	// MovedIn is the month the applicant moved in, YYYY-MM.
	MovedIn string `json:"movedIn"`
}

// AddressHistoryRequest is the body of PUT /applications/{id}/addresses: the current address first,
// then each earlier one, moving-in months strictly earlier each time.
type AddressHistoryRequest struct {
	Addresses []AddressHistoryInput `json:"addresses"`
}

// AddressHistoryEntry is one address of an application's history.
type AddressHistoryEntry struct {
	Address     Address `json:"address"`
	GazetteerID string  `json:"gazetteerId,omitempty"` // "" for a manual address
	Manual      bool    `json:"manual"`
	MovedIn     string  `json:"movedIn"` // YYYY-MM
	Label       string  `json:"label"`   // the address on one line
}

// Employment statuses (Income.EmploymentStatus).
const (
	EmploymentFullTime     = "full_time"
	EmploymentPartTime     = "part_time"
	EmploymentSelfEmployed = "self_employed"
	EmploymentRetired      = "retired"
	EmploymentStudent      = "student"
	EmploymentUnemployed   = "unemployed"
	EmploymentHomemaker    = "homemaker"
	EmploymentOther        = "other"
)

// Pay frequencies (Income.PayFrequency).
const (
	PayWeekly      = "weekly"
	PayFortnightly = "fortnightly"
	PayFourWeekly  = "four_weekly"
	PayMonthly     = "monthly"
	PayIrregular   = "irregular"
)

// Income is the applicant's income (PUT /applications/{id}/income).
type Income struct {
	// AnnualIncomePence is the gross (before tax) yearly income, 0 to £10m.
	AnnualIncomePence int64  `json:"annualIncomePence"`
	EmploymentStatus  string `json:"employmentStatus"` // an Employment… constant
	PayFrequency      string `json:"payFrequency"`     // a Pay… frequency constant
}

// Directions and reasons of a future income change.
const (
	IncomeIncrease = "increase"
	IncomeDecrease = "decrease"

	IncomeChangeRetirement    = "retirement"
	IncomeChangeRedundancy    = "redundancy"
	IncomeChangeNewJob        = "new_job"
	IncomeChangeReducedHours  = "reduced_hours"
	IncomeChangeParentalLeave = "parental_leave"
	IncomeChangeHealth        = "health"
	IncomeChangeOther         = "other"
)

// FutureIncomeChange answers "do you expect your income to change in the next 12 months?" (PUT
// /applications/{id}/future-income-change). When Expected, Direction, Reason and NewAnnualIncomePence
// are required; otherwise they must be empty. The decision uses the lower of the current and the new
// income.
type FutureIncomeChange struct {
	Expected             bool   `json:"expected"`
	Direction            string `json:"direction,omitempty"`
	Reason               string `json:"reason,omitempty"`
	NewAnnualIncomePence int64  `json:"newAnnualIncomePence,omitempty"`
}

// Credit-assessment question types (CreditAssessmentQuestion.Type) and the values they take.
const (
	QuestionBoolean = "boolean"      // "yes" or "no"
	QuestionChoice  = "choice"       // one of the question's Options' codes
	QuestionAmount  = "amount_pence" // whole pence as decimal digits, 0 to 10000000 (£100,000)
)

// CreditAssessmentQuestion is one question of GET /credit-assessment-questions.
type CreditAssessmentQuestion struct {
	ID       string   `json:"id"`
	Text     string   `json:"text"`
	Hint     string   `json:"hint,omitempty"`
	Type     string   `json:"type"`
	Options  []Choice `json:"options,omitempty"` // choice questions only
	Required bool     `json:"required"`
}

// CreditAssessmentQuestions is the answer of GET /credit-assessment-questions.
type CreditAssessmentQuestions struct {
	Questions []CreditAssessmentQuestion `json:"questions"`
}

// CreditAssessmentAnswer answers one question; Value is a string whatever the type.
type CreditAssessmentAnswer struct {
	QuestionID string `json:"questionId"`
	Value      string `json:"value"`
}

// CreditAssessmentRequest is the body of PUT /applications/{id}/credit-assessment: every required
// question answered, each at most once.
type CreditAssessmentRequest struct {
	Answers []CreditAssessmentAnswer `json:"answers"`
}

// Open-banking states (OpenBankingState.Status, OpenBankingUpdate.Status).
const (
	OpenBankingNone    = "none"
	OpenBankingLinked  = "linked"
	OpenBankingSkipped = "skipped"
)

// OpenBankingUpdate is the body of PUT /applications/{id}/open-banking: linked (with the consent id
// of the open-banking provider) or skipped.
type OpenBankingUpdate struct {
	Status    string `json:"status"`
	ConsentID string `json:"consentId,omitempty"`
}

// OpenBankingState is an application's open-banking step.
type OpenBankingState struct {
	Status    string    `json:"status"`
	ConsentID string    `json:"consentId,omitempty"`
	UpdatedAt time.Time `json:"updatedAt,omitzero"`
}

// CreateApplicationRequest is the body of POST /applications.
type CreateApplicationRequest struct {
	CustomerID string `json:"customerId"`
	// EligibilityCheckID is the soft check the application follows: not declined and at most 30 days
	// old. The lending core does not tie checks to customers: the BFF passes the check it ran for
	// this person.
	EligibilityCheckID string `json:"eligibilityCheckId"`
	// OnePage chooses the one-page journey (JourneyMap) rather than the legacy one (RegStages); both
	// views are always answered.
	OnePage bool `json:"onePage"`
	// AmountPence and TermMonths default to the check's requested amount and term.
	AmountPence int64 `json:"amountPence,omitempty"`
	TermMonths  int   `json:"termMonths,omitempty"`
	// Purpose and PurposeText, when given in the quote steps, are recorded as if the purpose step
	// were done (PurposeText may wait for the purpose step when Purpose is "other").
	Purpose     string `json:"purpose,omitempty"`
	PurposeText string `json:"purposeText,omitempty"`
	// ApplicationOwner is the brand's clientName ("default" when empty).
	ApplicationOwner string `json:"applicationOwner,omitempty"`
	Aggregator       string `json:"aggregator,omitempty"`
	// BrokerID is the broker firm that introduced the applicant (brk_…): its commission must be
	// disclosed and accepted before signing.
	BrokerID string    `json:"brokerId,omitempty"`
	ABChoice *ABChoice `json:"abChoice,omitempty"` // default a and a
}

// ConfirmLoanRequest is the body of POST /applications/{id}/loan-confirmation: the amount and term,
// each defaulting to the application's current one; a change re-prices the loan.
type ConfirmLoanRequest struct {
	AmountPence int64 `json:"amountPence,omitempty"`
	TermMonths  int   `json:"termMonths,omitempty"`
}

// EmailVerificationRequest is the body of POST /applications/{id}/email-verification: the address the
// BFF verified (by link or code); it must be the customer's.
type EmailVerificationRequest struct {
	Email string `json:"email"`
}

// PurposeRequest is the body of PUT /applications/{id}/purpose.
type PurposeRequest struct {
	Purpose     string `json:"purpose"`               // a Purpose… constant
	PurposeText string `json:"purposeText,omitempty"` // required when Purpose is "other"
}

// Decision is the lending core's decision on a submitted application.
type Decision struct {
	ID string `json:"id"`
	// Outcome is an Outcome… constant; referred until a referral is decided.
	Outcome string   `json:"outcome"`
	Rule    string   `json:"rule"`
	Reasons []Reason `json:"reasons"`
	// Affordability is the affordability rule's working on the application's figures.
	Affordability *Affordability `json:"affordability,omitempty"`
	// Offer is the lower loan of a counteroffer.
	Offer *Quote `json:"offer,omitempty"`
	// ReferredAt and DecisionDueAt are set for a referral; DecidedAt is when the outcome was reached
	// (a referral is decided at its DecisionDueAt).
	ReferredAt    time.Time `json:"referredAt,omitzero"`
	DecisionDueAt time.Time `json:"decisionDueAt,omitzero"`
	DecidedAt     time.Time `json:"decidedAt,omitzero"`
	// Response is the applicant's answer to a counteroffer: accepted or declined.
	Response    string    `json:"response,omitempty"`
	RespondedAt time.Time `json:"respondedAt,omitzero"`
}

// Counteroffer responses (Decision.Response).
const (
	CounterofferAccepted = "accepted"
	CounterofferDeclined = "declined"
)

// CounterofferResponse is the body of POST /applications/{id}/counteroffer-response.
type CounterofferResponse struct {
	Accept bool `json:"accept"`
}

// PhoneRequest is the body of PUT /applications/{id}/phone: the customer's UK mobile number.
type PhoneRequest struct {
	Phone string `json:"phone"`
}

// Confirmation-of-payee outcomes (PayeeCheck.Outcome) and reasons (PayeeCheck.Reason).
const (
	PayeeMatch      = "match"
	PayeeCloseMatch = "close_match" // AccountName is the name the bank holds
	PayeeNoMatch    = "no_match"

	PayeeReasonNameMismatch    = "name_mismatch"
	PayeeReasonAccountNotFound = "account_not_found"
	PayeeReasonBusinessAccount = "business_account" // the name matches, but on a business account
)

// PayeeRequest is the body of POST /applications/{id}/payee-confirmation: the account the loan is to
// be paid into. SortCode is six digits (hyphens and spaces allowed), AccountNumber eight digits.
type PayeeRequest struct {
	AccountName   string `json:"accountName"`
	SortCode      string `json:"sortCode"`
	AccountNumber string `json:"accountNumber"`
}

// PayeeCheck is the answer of a confirmation-of-payee check. Only a match confirms the payee; after a
// close match, ask again with AccountName.
type PayeeCheck struct {
	Outcome     string `json:"outcome"`
	Reason      string `json:"reason,omitempty"`
	AccountName string `json:"accountName,omitempty"` // close match only
	Confirmed   bool   `json:"confirmed"`
	Payee       *Payee `json:"payee,omitempty"` // the confirmed payee
}

// Payee is the confirmed account the loan is paid into.
type Payee struct {
	AccountName        string    `json:"accountName"`
	SortCode           string    `json:"sortCode"`           // 12-34-56
	AccountNumberLast4 string    `json:"accountNumberLast4"` // the rest is never answered
	ConfirmedAt        time.Time `json:"confirmedAt"`
}

// CPARequest is the body of PUT /applications/{id}/cpa: the payment gateway's token of the card the
// borrower authorised for continuous payments (letters, digits, '_' and '-', at most 64).
type CPARequest struct {
	CardToken string `json:"cardToken"`
}

// CPA is the continuous payment authority attached to an application.
type CPA struct {
	CardToken  string    `json:"cardToken"`
	AttachedAt time.Time `json:"attachedAt"`
}

// Commission is the broker commission disclosure of an application (GET
// /applications/{id}/commission).
type Commission struct {
	// Required is true when a broker introduced the applicant; the consent is then needed to sign.
	Required    bool   `json:"required"`
	BrokerID    string `json:"brokerId,omitempty"`
	BrokerFirm  string `json:"brokerFirm,omitempty"`
	AmountPence int64  `json:"amountPence"`
	// Disclosure is the sentence the apps show before asking for consent.
	Disclosure  string    `json:"disclosure"`
	ConsentedAt time.Time `json:"consentedAt,omitzero"`
}

// CommissionConsentRequest is the body of POST /applications/{id}/commission-consent; Accept must be
// true (an applicant who refuses does not go on; they may start over).
type CommissionConsentRequest struct {
	Accept bool `json:"accept"`
}

// SignatureRequest is the body of POST /applications/{id}/signature: the name the borrower typed (it
// must be their name, case and spacing aside) and, optionally, the SHA-256 (hex) of the credit
// agreement PDF they were shown, which must be the current one.
type SignatureRequest struct {
	SignerName     string `json:"signerName"`
	DocumentSHA256 string `json:"documentSha256,omitempty"`
}

// Signature is the e-signature of the credit agreement.
type Signature struct {
	SignerName string    `json:"signerName"`
	SignedAt   time.Time `json:"signedAt"`
	Document   string    `json:"document"` // DocumentCreditAgreement
	// DocumentSHA256 is the hex SHA-256 of the credit agreement PDF as it was signed.
	DocumentSHA256 string `json:"documentSha256"`
}

// IdentityVerificationRequest is the body of POST /applications/{id}/identity-verification: the
// identity provider's check that passed, or (exactly one of the two) a Home Office share code it
// accepted, which has no check id.
type IdentityVerificationRequest struct {
	CheckID   string             `json:"checkId,omitempty"`
	ShareCode *ShareCodeEvidence `json:"shareCode,omitempty"`
}

// ShareCodeEvidence is what the lending core keeps of an accepted share code: what it proved and
// when it was checked (not the code, which only its holder should hand out).
type ShareCodeEvidence struct {
	Purpose   string    `json:"purpose"`   // the identity provider's purpose: right_to_work, right_to_rent, immigration_status
	CheckedAt time.Time `json:"checkedAt"` // when the identity provider accepted it
}

// IdentityVerification records the identity check of an application: CheckID for the hosted check,
// ShareCode (and no CheckID) for a share code.
type IdentityVerification struct {
	CheckID    string             `json:"checkId"`
	ShareCode  *ShareCodeEvidence `json:"shareCode,omitempty"`
	VerifiedAt time.Time          `json:"verifiedAt"`
}

// AdditionalOperationRequest is the body of POST /applications/{id}/additional-operations.
type AdditionalOperationRequest struct {
	Operation string `json:"operation"` // an Op… constant
}

// Withdrawal reasons (Withdrawal.Reason). Starting over and declining a counteroffer record their own
// reason; POST /applications/{id}/withdrawal takes WithdrawnApplicantChangedMind.
const (
	WithdrawnStartOver            = "start_over"
	WithdrawnCounterofferDeclined = "counteroffer_declined"
	// WithdrawnApplicantChangedMind: the applicant decided not to take the loan before it was drawn down.
	WithdrawnApplicantChangedMind = "applicant_changed_mind"
)

// WithdrawalReasons returns the reasons POST /applications/{id}/withdrawal accepts (the others are
// recorded by the calls they belong to).
func WithdrawalReasons() []string { return []string{WithdrawnApplicantChangedMind} }

// WithdrawalRequest is the body of POST /applications/{id}/withdrawal.
type WithdrawalRequest struct {
	Reason string `json:"reason"` // one of WithdrawalReasons
}

// Withdrawal says why and when an application was withdrawn.
type Withdrawal struct {
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
	// ReplacedBy is the application that replaced it when it was started over, or that followed it
	// when its applicant started a new one after closing it (changed mind, counteroffer declined).
	ReplacedBy string `json:"replacedBy,omitempty"`
}

// Application is a loan application (GET /applications/{id}). Both journey models are answered:
// RegStages for the legacy journey, JourneyMap for the one-page journey; OnePage says which the
// applicant follows.
type Application struct {
	ID                 string   `json:"id"`
	CustomerID         string   `json:"customerId"`
	Status             string   `json:"status"` // an Application… status constant
	OnePage            bool     `json:"onePage"`
	ApplicationTypeID  int      `json:"applicationTypeId"`
	ApplicationOwner   string   `json:"applicationOwner"` // the brand's clientName
	Aggregator         string   `json:"aggregator"`
	BrokerID           string   `json:"brokerId,omitempty"`
	ABChoice           ABChoice `json:"abChoice"`
	EligibilityCheckID string   `json:"eligibilityCheckId"` // "" for the sandbox's seeded applications
	DecisionID         string   `json:"decisionId"`         // "" until submitted
	ApprovalStatus     int      `json:"approvalStatus"`
	PreDispersalStatus int      `json:"preDispersalStatus"`
	EmailVerification  int      `json:"emailVerification"` // StagePending or StageDone
	// RenderApplicantID is the decision service's pseudonymous id of the applicant: the same for every
	// application of one customer; what product analytics identifies the person by (spec §7).
	RenderApplicantID string `json:"renderApplicantId"`

	RegStage      RegStages  `json:"regStage"`
	JourneyMap    JourneyMap `json:"journeyMap"`
	AdditionalOps []string   `json:"additionalOps"` // outstanding, in the order asked

	// Quote is the loan: as asked for, as re-priced by a confirmation, or as approved.
	Quote           Quote     `json:"quote"`
	LoanConfirmedAt time.Time `json:"loanConfirmedAt,omitzero"`
	EmailVerifiedAt time.Time `json:"emailVerifiedAt,omitzero"`

	Purpose            string                   `json:"purpose"`
	PurposeText        string                   `json:"purposeText"`
	Housing            *HousingDetails          `json:"housing"`
	Addresses          []AddressHistoryEntry    `json:"addresses"`
	Income             *Income                  `json:"income"`
	FutureIncomeChange *FutureIncomeChange      `json:"futureIncomeChange"`
	CreditAssessment   []CreditAssessmentAnswer `json:"creditAssessment"`
	OpenBanking        OpenBankingState         `json:"openBanking"`

	SubmittedAt time.Time `json:"submittedAt,omitzero"`
	Decision    *Decision `json:"decision"`

	Payee      *Payee                `json:"payee"`
	CPA        *CPA                  `json:"cpa"`
	Commission Commission            `json:"commission"`
	Signature  *Signature            `json:"signature"`
	Identity   *IdentityVerification `json:"identity"`

	Withdrawal  *Withdrawal `json:"withdrawal,omitempty"`
	LoanID      string      `json:"loanId,omitempty"` // the loan opened from it (drawn_down)
	DrawnDownAt time.Time   `json:"drawnDownAt,omitzero"`
	CreatedAt   time.Time   `json:"createdAt"`
	UpdatedAt   time.Time   `json:"updatedAt"`
}

// ApplicationList is the answer of GET /applications?customerId=….
type ApplicationList struct {
	Applications []Application `json:"applications"` // newest first
}

// Document kinds (GET /applications/{id}/documents/{kind}).
const (
	DocumentSECCI               = "secci"                // pre-contract credit information
	DocumentKeyFacts            = "key-facts"            // the loan's key facts
	DocumentCreditAgreement     = "credit-agreement"     // the agreement to sign (once approved)
	DocumentAdequateExplanation = "adequate-explanation" // the explanation CONC 4.2.5R requires
)

// DocumentKinds returns the document kinds signed with the credit agreement (an application's, and
// those a loan keeps from its signing).
func DocumentKinds() []string {
	return []string{DocumentSECCI, DocumentKeyFacts, DocumentCreditAgreement, DocumentAdequateExplanation}
}

// A later document of a loan (GET /loans/{id}/documents/{kind}): one the lending core makes after the
// signing, when something happens to the loan.
const (
	// DocumentSettlementLetter says the loan is settled: made when a settlement repayment settles it
	// early (dated that day; the amount paid and the closing balance of £0.00).
	DocumentSettlementLetter = "settlement-letter"
)

// LaterDocumentKinds returns the kinds of a loan's later documents.
func LaterDocumentKinds() []string { return []string{DocumentSettlementLetter} }

// LoanDocumentKinds returns every kind a loan can keep, in the order GET /loans/{id}/documents lists
// them: the signed ones, then the later ones.
func LoanDocumentKinds() []string { return append(DocumentKinds(), LaterDocumentKinds()...) }

// Document formats.
const (
	FormatHTML = "html"
	FormatPDF  = "pdf"
)

// Document is a generated document, as answered to a request that accepts application/json.
type Document struct {
	Kind        string    `json:"kind"`
	Format      string    `json:"format"`
	Title       string    `json:"title"`
	ContentType string    `json:"contentType"` // text/html; charset=utf-8 or application/pdf
	SHA256      string    `json:"sha256"`      // hex SHA-256 of Content
	GeneratedAt time.Time `json:"generatedAt"`
	// SignedAt is when the credit agreement was signed, on the copy kept from that moment (the signed
	// agreement and the documents given with it); nil on a document made as of today.
	SignedAt *time.Time `json:"signedAt,omitempty"`
	Content  []byte     `json:"content"` // base64 in JSON
}
