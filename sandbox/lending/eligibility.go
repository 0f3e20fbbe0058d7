package lending

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// The eligibility rules, applied in this order (documented in sandbox/README.md):
//
//  1. Age: an applicant under 18 on the sandbox date is declined (under_18). Nothing overrides it.
//  2. E-mail tag (sandbox/personas): +decline declines (credit_history), +refer refers (manual_review,
//     decided ReferralDelay later), +counteroffer offers a lower amount (lower_amount). A tag overrides
//     the affordability rule, so testers can use any figures.
//  3. Affordability: the monthly instalment of the loan asked for, at the table rate, must be at most
//     half of the disposable income: net monthly income (gross annual income × 75% ÷ 12, a flat 25%
//     standing for tax and National Insurance) less the monthly housing cost less a living-costs
//     allowance of LivingCostsPence. Otherwise declined (affordability).
//  4. Otherwise approved at the amount and term asked for, at the credit package's table rate (no
//     risk-based adjustment: the same amount and term always get the same rate).
const (
	// NetIncomeShare is the share of gross income taken as net, in percent.
	NetIncomeShare = 75
	// LivingCostsPence is the monthly living-costs allowance of the affordability rule.
	LivingCostsPence int64 = 500_00
	// ReferralDelay is when a referred check is due to be decided.
	ReferralDelay = 24 * time.Hour
	// OfferValidity is how long an approval or counteroffer stands.
	OfferValidity = 30 * 24 * time.Hour
	// CounterofferPercent is the share of the amount asked for that a counteroffer offers, rounded
	// down to CounterofferStepPence and at least the product minimum.
	CounterofferPercent         = 60
	CounterofferStepPence int64 = 100_00
	maxIncomePence        int64 = 10_000_000_00 // £10m a year: anything more is a typing error
	maxHousingPence       int64 = 100_000_00    // £100,000 a month
)

var housingStatuses = []string{lending.HousingHomeownerMortgage, lending.HousingHomeownerOutright,
	lending.HousingRentingPrivate, lending.HousingRentingSocial, lending.HousingLivingWithFamily, lending.HousingOther}

var purposes = []string{lending.PurposeCar, lending.PurposeHomeImprovements, lending.PurposeDebtConsolidation,
	lending.PurposeHoliday, lending.PurposeWedding, lending.PurposeMedical, lending.PurposeOther}

// eligibilityCheck is a recorded soft check with the person it was made for: only that person may open
// an application from it, and only one (a check is a decision about one person's answers, not a voucher).
// Its fields are exported for the snapshot, which saves it as the wire check plus these two.
type eligibilityCheck struct {
	lending.EligibilityCheck
	// Applicant is whom the check was made for; nil for a check saved before checks kept it, which no
	// registration can use.
	Applicant *checkApplicant `json:"applicant,omitempty"`
	// UsedBy is the application opened from the check, "" while none has been.
	UsedBy string `json:"usedBy,omitempty"`
}

// feePence is the fee the check priced with (the brand's, from the check's request); an application
// opened from the check carries it.
func (c eligibilityCheck) feePence() int64 {
	if c.Quote == nil {
		return 0
	}
	return c.Quote.FeePence
}

// checkApplicant is who a check was made for, normalised as customers are.
type checkApplicant struct {
	Email       string `json:"email"` // lower case
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	DateOfBirth string `json:"dateOfBirth"`
}

// madeFor reports whether c is the person the check was made for: the same e-mail address, the same
// names ignoring case and surrounding spaces, and the same date of birth.
func (e *eligibilityCheck) madeFor(c *customer) bool {
	a := e.Applicant
	return a != nil && a.Email == c.email && a.DateOfBirth == c.dateOfBirth &&
		strings.EqualFold(a.FirstName, c.firstName) && strings.EqualFold(a.LastName, c.lastName)
}

func (p *Provider) createEligibilityCheck(w http.ResponseWriter, r *http.Request) {
	var req lending.EligibilityRequest
	if !decode(w, r, &req) {
		return
	}
	check, perr := decide(req, p.Clock.Now())
	if perr != nil {
		perr.write(w)
		return
	}
	check.ID = newID("elig_")
	email, _ := normaliseEmail(req.Email) // decide refused an address that does not normalise
	rec := &eligibilityCheck{EligibilityCheck: check, Applicant: &checkApplicant{Email: email,
		FirstName: strings.TrimSpace(req.FirstName), LastName: strings.TrimSpace(req.LastName), DateOfBirth: req.DateOfBirth}}
	p.mu.Lock()
	p.st.checks[check.ID] = rec
	p.mu.Unlock()
	p.stateChanged()
	httpjson.Write(w, http.StatusCreated, check)
}

func (p *Provider) eligibilityCheck(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	c, ok := p.st.checks[r.PathValue("id")]
	var out lending.EligibilityCheck
	if ok {
		out = c.EligibilityCheck
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodeEligibilityCheckNotFound, "no eligibility check has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, out)
}

// checkEligibilityRequest validates the applicant's details.
func checkEligibilityRequest(req lending.EligibilityRequest, now time.Time) (time.Time, *problem) {
	if !validName(req.FirstName) || !validName(req.LastName) {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "firstName and lastName are required, at most 100 characters each")
	}
	dob, perr := checkDateOfBirth(req.DateOfBirth, now)
	if perr != nil {
		return time.Time{}, perr
	}
	if _, ok := normaliseEmail(req.Email); !ok {
		return time.Time{}, invalid(lending.CodeEmailInvalid, "email must be one e-mail address such as jo@example.com")
	}
	if req.AnnualIncomePence < 0 || req.AnnualIncomePence > maxIncomePence {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "annualIncomePence must be between 0 and 1000000000")
	}
	if !slices.Contains(housingStatuses, req.Housing.Status) {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "housing.status must be one of "+strings.Join(housingStatuses, ", "))
	}
	if req.Housing.MonthlyCostPence < 0 || req.Housing.MonthlyCostPence > maxHousingPence {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "housing.monthlyCostPence must be between 0 and 10000000")
	}
	if _, perr := checkAddress(req.Address); perr != nil {
		return time.Time{}, perr
	}
	if !slices.Contains(purposes, req.Purpose) {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "purpose must be one of "+strings.Join(purposes, ", "))
	}
	if !validText(req.PurposeText, lending.MaxPurposeText) {
		return time.Time{}, invalid(lending.CodeInvalidRequest, fmt.Sprintf("purposeText must be at most %d characters of text", lending.MaxPurposeText))
	}
	return dob, nil
}

// decide runs the eligibility rules on a request; the check it answers has no id yet.
func decide(req lending.EligibilityRequest, now time.Time) (lending.EligibilityCheck, *problem) {
	dob, perr := checkEligibilityRequest(req, now)
	if perr != nil {
		return lending.EligibilityCheck{}, perr
	}
	asked, perr := priceLoan(req.AmountPence, req.TermMonths, nil, req.FeePence, now)
	if perr != nil {
		return lending.EligibilityCheck{}, perr
	}
	c := lending.EligibilityCheck{
		Reasons: []lending.Reason{}, RequestedAmountPence: req.AmountPence, RequestedTermMonths: req.TermMonths,
		CheckedAt: now,
	}
	if ageOn(dob, now) < 18 {
		c.Outcome, c.Rule = lending.OutcomeDeclined, lending.RuleAge
		c.Reasons = append(c.Reasons, lending.Reason{Code: lending.ReasonUnder18,
			Text: "You must be 18 or over to take out a loan."})
		return c, nil
	}
	aff := affordability(req.AnnualIncomePence, req.Housing.MonthlyCostPence, asked.MonthlyInstalmentPence)
	c.Affordability = &aff

	if rule, ok := personas.RuleFor(req.Email); ok {
		c.Rule = lending.RuleEmailTag
		switch rule.Outcome {
		case lending.OutcomeDeclined:
			return declined(c, lending.Reason{Code: lending.ReasonCreditHistory,
				Text: "We can't offer you a loan at the moment, based on the information from the credit reference agency."}), nil
		case lending.OutcomeReferred:
			c.Outcome, c.DecisionDueAt = lending.OutcomeReferred, now.Add(ReferralDelay)
			c.Reasons = append(c.Reasons, lending.Reason{Code: lending.ReasonManualReview,
				Text: "We need to look at your application in more detail. We'll tell you our decision within 24 hours."})
			return c, nil
		case lending.OutcomeCounteroffer:
			return counteroffer(c, req, now), nil
		}
	}
	if !aff.Affordable {
		c.Rule = lending.RuleAffordability
		return declined(c, affordabilityReason(aff)), nil
	}
	c.Outcome, c.Rule, c.Quote, c.OfferExpiresAt = lending.OutcomeApproved, lending.RuleDefault, &asked, now.Add(OfferValidity)
	return c, nil
}

func declined(c lending.EligibilityCheck, r lending.Reason) lending.EligibilityCheck {
	c.Outcome = lending.OutcomeDeclined
	c.Reasons = append(c.Reasons, r)
	return c
}

func affordabilityReason(a lending.Affordability) lending.Reason {
	return lending.Reason{Code: lending.ReasonAffordability, Text: fmt.Sprintf(
		"The monthly repayment of %s is more than you could comfortably afford: after housing and living costs we could lend you up to %s a month.",
		credit.FormatPounds(a.RequestedInstalmentPence), credit.FormatPounds(a.MaxInstalmentPence))}
}

// counterofferAmount is CounterofferPercent of the amount asked for, rounded down to
// CounterofferStepPence, and at least the product minimum.
func counterofferAmount(asked int64) int64 {
	offer := asked * CounterofferPercent / 100 / CounterofferStepPence * CounterofferStepPence
	return max(offer, credit.MinAmountPence)
}

// counteroffer offers a lower amount over the same term; when no lower amount is possible (the ask is
// the product minimum, £1,000), the check is declined on affordability instead.
func counteroffer(c lending.EligibilityCheck, req lending.EligibilityRequest, now time.Time) lending.EligibilityCheck {
	amount := counterofferAmount(req.AmountPence)
	if amount >= req.AmountPence {
		return declined(c, affordabilityReason(*c.Affordability))
	}
	q, _ := priceLoan(amount, req.TermMonths, nil, req.FeePence, now) // within the bounds (amount and fee priced above)
	c.Outcome, c.Quote, c.OfferExpiresAt = lending.OutcomeCounteroffer, &q, now.Add(OfferValidity)
	c.Reasons = append(c.Reasons, lending.Reason{Code: lending.ReasonLowerAmount, Text: fmt.Sprintf(
		"We can't lend you %s, but we can offer you %s over %d months.",
		credit.FormatPounds(req.AmountPence), credit.FormatPounds(amount), req.TermMonths)})
	return c
}

// affordability is the affordability rule's working.
func affordability(annualIncomePence, housingPence, instalmentPence int64) lending.Affordability {
	net := annualIncomePence * NetIncomeShare / 100 / 12
	disposable := net - housingPence - LivingCostsPence
	maxInstalment := max(disposable/2, 0)
	return lending.Affordability{
		NetMonthlyIncomePence: net, HousingCostPence: housingPence, LivingCostsPence: LivingCostsPence,
		DisposablePence: disposable, MaxInstalmentPence: maxInstalment, RequestedInstalmentPence: instalmentPence,
		Affordable: instalmentPence <= maxInstalment,
	}
}
