package lending

import (
	"context"
	"net/http"
	"time"

	"lender/bff/upstream/transport"
)

// Outcomes of an eligibility check (EligibilityCheck.Outcome).
const (
	// OutcomeApproved: the lender will lend the amount asked for, at Quote.
	OutcomeApproved = "approved"
	// OutcomeCounteroffer: the lender will not lend the amount asked for but offers the lower amount
	// of Quote.
	OutcomeCounteroffer = "counteroffer"
	// OutcomeReferred: an underwriter decides later, by DecisionDueAt.
	OutcomeReferred = "referred"
	// OutcomeDeclined: no offer; Reasons say why.
	OutcomeDeclined = "declined"
)

// Reason codes of an eligibility check (Reason.Code).
const (
	ReasonUnder18       = "under_18"       // declined: the applicant is under 18 on the lender's date
	ReasonCreditHistory = "credit_history" // declined: the credit file does not meet the lending policy
	ReasonAffordability = "affordability"  // declined: the instalment is more than the applicant can afford
	ReasonManualReview  = "manual_review"  // referred: an underwriter has to look at the application
	ReasonLowerAmount   = "lower_amount"   // counteroffer: a lower amount than asked is offered
)

// Rules that decided a check (EligibilityCheck.Rule).
const (
	RuleAge           = "age"
	RuleEmailTag      = "email_tag"
	RuleAffordability = "affordability"
	RuleDefault       = "default"
)

// Housing statuses (Housing.Status).
const (
	HousingHomeownerMortgage = "homeowner_mortgage"
	HousingHomeownerOutright = "homeowner_outright"
	HousingRentingPrivate    = "renting_private"
	HousingRentingSocial     = "renting_social"
	HousingLivingWithFamily  = "living_with_family"
	HousingOther             = "other"
)

// Loan purposes (EligibilityRequest.Purpose).
const (
	PurposeCar               = "car"
	PurposeHomeImprovements  = "home_improvements"
	PurposeDebtConsolidation = "debt_consolidation"
	PurposeHoliday           = "holiday"
	PurposeWedding           = "wedding"
	PurposeMedical           = "medical"
	PurposeOther             = "other"
)

// MaxPurposeText is the longest EligibilityRequest.PurposeText, in characters.
const MaxPurposeText = 200

// Housing is where the applicant lives and what it costs each month.
type Housing struct {
	Status string `json:"status"` // one of the Housing… constants
	// MonthlyCostPence is the applicant's share of rent or mortgage; 0 when they pay none.
	MonthlyCostPence int64 `json:"monthlyCostPence"`
}

// EligibilityRequest is the body of POST /eligibility-checks: a soft check, which leaves no footprint
// on the applicant's credit file.
type EligibilityRequest struct {
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	DateOfBirth string `json:"dateOfBirth"` // YYYY-MM-DD
	Email       string `json:"email"`
	// AnnualIncomePence is the gross (before tax) yearly income.
	AnnualIncomePence int64   `json:"annualIncomePence"`
	Housing           Housing `json:"housing"`
	Address           Address `json:"address"`
	AmountPence       int64   `json:"amountPence"`
	TermMonths        int     `json:"termMonths"`
	Purpose           string  `json:"purpose"`               // one of the Purpose… constants
	PurposeText       string  `json:"purposeText,omitempty"` // free text, up to MaxPurposeText characters
	// FeePence is the brand's fee, added to the loan and bearing interest (0 to the product's
	// MaxFeePence). The check's quote carries it, and so does the application opened from the check.
	FeePence int64 `json:"feePence,omitempty"`
}

// Reason is one reason for an outcome, as a code and as plain English the apps may show.
type Reason struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

// Affordability shows the affordability rule's working: the instalment must be at most half of what
// is left of the net monthly income after housing and a living-costs allowance.
type Affordability struct {
	NetMonthlyIncomePence    int64 `json:"netMonthlyIncomePence"`
	HousingCostPence         int64 `json:"housingCostPence"`
	LivingCostsPence         int64 `json:"livingCostsPence"`
	DisposablePence          int64 `json:"disposablePence"`
	MaxInstalmentPence       int64 `json:"maxInstalmentPence"`
	RequestedInstalmentPence int64 `json:"requestedInstalmentPence"`
	Affordable               bool  `json:"affordable"`
}

// EligibilityCheck is the outcome of a soft check (POST /eligibility-checks, GET
// /eligibility-checks/{id}).
type EligibilityCheck struct {
	ID      string `json:"id"`
	Outcome string `json:"outcome"` // one of the Outcome… constants
	// Reasons is empty for approved.
	Reasons []Reason `json:"reasons"`
	// Rule is the rule that decided: age, email_tag (a sandbox persona), affordability or default.
	Rule                 string `json:"rule"`
	RequestedAmountPence int64  `json:"requestedAmountPence"`
	RequestedTermMonths  int    `json:"requestedTermMonths"`
	// Quote is the loan offered: at the amount asked for when approved, at a lower amount for a
	// counteroffer; nil when referred or declined.
	Quote *Quote `json:"quote,omitempty"`
	// Affordability is the affordability rule's working; nil when the applicant is under 18.
	Affordability *Affordability `json:"affordability,omitempty"`
	CheckedAt     time.Time      `json:"checkedAt"`
	// DecisionDueAt is when a referred check will be decided (referred only).
	DecisionDueAt time.Time `json:"decisionDueAt,omitzero"`
	// OfferExpiresAt is how long an approval or counteroffer stands (approved and counteroffer only).
	OfferExpiresAt time.Time `json:"offerExpiresAt,omitzero"`
}

// CheckEligibility calls POST /eligibility-checks. Every call records a new check; the transport does
// not retry it.
func (c *Client) CheckEligibility(ctx context.Context, req EligibilityRequest) (EligibilityCheck, error) {
	var e EligibilityCheck
	err := c.t.Do(ctx, transport.Request{Operation: "eligibility_checks.create", Method: http.MethodPost,
		Path: "/eligibility-checks", Body: req}, &e)
	return e, classify(err)
}

// EligibilityCheck calls GET /eligibility-checks/{id}; ErrEligibilityCheckNotFound when there is none.
func (c *Client) EligibilityCheck(ctx context.Context, id string) (EligibilityCheck, error) {
	var e EligibilityCheck
	if !validID(id) {
		return e, ErrEligibilityCheckNotFound
	}
	err := c.t.Get(ctx, "eligibility_checks.get", "/eligibility-checks/"+id, &e)
	return e, classify(err)
}
