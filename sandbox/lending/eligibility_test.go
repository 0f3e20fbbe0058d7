package lending

import (
	"net/http"
	"reflect"
	"testing"
	"time"

	"lender/bff/upstream/lending"
)

// applicant is a typical applicant who is approved: £30,000 a year, £700 rent, £5,000 over 24 months.
func applicant(email string) lending.EligibilityRequest {
	return lending.EligibilityRequest{
		FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01", Email: email,
		AnnualIncomePence: 30_000_00,
		Housing:           lending.Housing{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00},
		Address: lending.Address{HouseNumber: "1", Street: "Acacia Avenue", Town: "Lowmere", County: "Wessex",
			Postcode: "lm1 1aa"},
		AmountPence: 5_000_00, TermMonths: 24, Purpose: lending.PurposeCar,
	}
}

// TestEligibilityDecisions is the table of the eligibility rules, persona by persona.
func TestEligibilityDecisions(t *testing.T) {
	tests := []struct {
		name    string
		now     time.Time // zero: testNow
		edit    func(*lending.EligibilityRequest)
		outcome string
		rule    string
		reason  string
		amount  int64 // the quote's amount, 0 for no quote
		rate    string
	}{
		{"typical applicant", time.Time{}, nil, lending.OutcomeApproved, lending.RuleDefault, "", 5_000_00, "9.9"},
		{"+decline", time.Time{}, func(r *lending.EligibilityRequest) { r.Email = "jo+decline@example.com" },
			lending.OutcomeDeclined, lending.RuleEmailTag, lending.ReasonCreditHistory, 0, ""},
		{"+decline with a rich applicant", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AnnualIncomePence = "Jo+Decline+2@Example.com", 200_000_00
		}, lending.OutcomeDeclined, lending.RuleEmailTag, lending.ReasonCreditHistory, 0, ""},
		{"+refer", time.Time{}, func(r *lending.EligibilityRequest) { r.Email = "jo+refer@example.com" },
			lending.OutcomeReferred, lending.RuleEmailTag, lending.ReasonManualReview, 0, ""},
		{"+counteroffer", time.Time{}, func(r *lending.EligibilityRequest) { r.Email = "jo+counteroffer@example.com" },
			lending.OutcomeCounteroffer, lending.RuleEmailTag, lending.ReasonLowerAmount, 3_000_00, "14.9"},
		{"+counteroffer at the maximum", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AmountPence, r.TermMonths = "jo+counteroffer@example.com", 25_000_00, 60
		}, lending.OutcomeCounteroffer, lending.RuleEmailTag, lending.ReasonLowerAmount, 15_000_00, "7.2"},
		{"+counteroffer rounds down to £100", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AmountPence = "jo+counteroffer@example.com", 4_321_00 // 60% = £2,592.60
		}, lending.OutcomeCounteroffer, lending.RuleEmailTag, lending.ReasonLowerAmount, 2_500_00, "24.9"},
		{"+counteroffer never below the minimum", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AmountPence = "jo+counteroffer@example.com", 1_050_00
		}, lending.OutcomeCounteroffer, lending.RuleEmailTag, lending.ReasonLowerAmount, 1_000_00, "24.9"},
		{"+counteroffer at the minimum cannot go lower", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AmountPence = "jo+counteroffer@example.com", 1_000_00
		}, lending.OutcomeDeclined, lending.RuleEmailTag, lending.ReasonAffordability, 0, ""},
		{"+counteroffer overrides affordability", time.Time{}, func(r *lending.EligibilityRequest) {
			r.Email, r.AnnualIncomePence = "jo+counteroffer@example.com", 0
		}, lending.OutcomeCounteroffer, lending.RuleEmailTag, lending.ReasonLowerAmount, 3_000_00, "14.9"},
		{"unknown tag is ordinary", time.Time{}, func(r *lending.EligibilityRequest) { r.Email = "jo+news@example.com" },
			lending.OutcomeApproved, lending.RuleDefault, "", 5_000_00, "9.9"},
		{"under 18 by a day", time.Time{}, func(r *lending.EligibilityRequest) { r.DateOfBirth = "2008-03-05" },
			lending.OutcomeDeclined, lending.RuleAge, lending.ReasonUnder18, 0, ""},
		{"18 today", time.Time{}, func(r *lending.EligibilityRequest) { r.DateOfBirth = "2008-03-04" },
			lending.OutcomeApproved, lending.RuleDefault, "", 5_000_00, "9.9"},
		{"under 18 beats +counteroffer", time.Time{}, func(r *lending.EligibilityRequest) {
			r.DateOfBirth, r.Email = "2010-01-01", "jo+counteroffer@example.com"
		}, lending.OutcomeDeclined, lending.RuleAge, lending.ReasonUnder18, 0, ""},
		{"leap-day birthday, 28 February", time.Date(2026, 2, 28, 12, 0, 0, 0, time.UTC),
			func(r *lending.EligibilityRequest) { r.DateOfBirth = "2008-02-29" },
			lending.OutcomeDeclined, lending.RuleAge, lending.ReasonUnder18, 0, ""},
		{"leap-day birthday, 1 March", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
			func(r *lending.EligibilityRequest) { r.DateOfBirth = "2008-02-29" },
			lending.OutcomeApproved, lending.RuleDefault, "", 5_000_00, "9.9"},
		{"unaffordable: low income", time.Time{}, func(r *lending.EligibilityRequest) { r.AnnualIncomePence = 15_000_00 },
			lending.OutcomeDeclined, lending.RuleAffordability, lending.ReasonAffordability, 0, ""},
		{"unaffordable: no income", time.Time{}, func(r *lending.EligibilityRequest) { r.AnnualIncomePence = 0 },
			lending.OutcomeDeclined, lending.RuleAffordability, lending.ReasonAffordability, 0, ""},
		{"unaffordable: a large loan", time.Time{}, func(r *lending.EligibilityRequest) {
			r.AmountPence, r.TermMonths = 25_000_00, 60
		}, lending.OutcomeDeclined, lending.RuleAffordability, lending.ReasonAffordability, 0, ""},
		{"affordable without housing costs", time.Time{}, func(r *lending.EligibilityRequest) {
			r.AmountPence, r.TermMonths, r.Housing = 25_000_00, 60, lending.Housing{Status: lending.HousingLivingWithFamily}
		}, lending.OutcomeApproved, lending.RuleDefault, "", 25_000_00, "7.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			if !tt.now.IsZero() {
				h.clock.Set(tt.now)
			}
			req := applicant("jo@example.com")
			if tt.edit != nil {
				tt.edit(&req)
			}
			var c lending.EligibilityCheck
			h.must(h.do(http.MethodPost, "/eligibility-checks", req), http.StatusCreated, &c)
			now := h.clock.Now()
			if c.Outcome != tt.outcome || c.Rule != tt.rule || c.ID == "" || !c.CheckedAt.Equal(now) ||
				c.RequestedAmountPence != req.AmountPence || c.RequestedTermMonths != req.TermMonths {
				t.Fatalf("check = %+v", c)
			}
			switch {
			case tt.reason == "" && len(c.Reasons) != 0, tt.reason != "" && (len(c.Reasons) != 1 || c.Reasons[0].Code != tt.reason || c.Reasons[0].Text == ""):
				t.Fatalf("reasons = %+v, want %q", c.Reasons, tt.reason)
			}
			if tt.amount == 0 {
				if c.Quote != nil || !c.OfferExpiresAt.IsZero() {
					t.Fatalf("quote %+v expiring %v, want none", c.Quote, c.OfferExpiresAt)
				}
			} else if c.Quote == nil || c.Quote.AmountPence != tt.amount || c.Quote.TermMonths != req.TermMonths ||
				c.Quote.AnnualRatePercent != tt.rate || !c.Quote.RateFromTable || !c.OfferExpiresAt.Equal(now.Add(OfferValidity)) {
				t.Fatalf("quote = %+v expiring %v, want £%d at %s%%", c.Quote, c.OfferExpiresAt, tt.amount/100, tt.rate)
			}
			if wantDue := tt.outcome == lending.OutcomeReferred; wantDue != !c.DecisionDueAt.IsZero() ||
				(wantDue && !c.DecisionDueAt.Equal(now.Add(ReferralDelay))) {
				t.Fatalf("decisionDueAt = %v", c.DecisionDueAt)
			}
			if (c.Rule == lending.RuleAge) != (c.Affordability == nil) {
				t.Fatalf("affordability = %+v for rule %s", c.Affordability, c.Rule)
			}

			var again lending.EligibilityCheck
			h.must(h.do(http.MethodGet, "/eligibility-checks/"+c.ID, nil), http.StatusOK, &again)
			if !reflect.DeepEqual(again, c) {
				t.Fatalf("GET answers %+v, want the check as made", again)
			}
		})
	}
}

func TestAffordabilityRule(t *testing.T) {
	// £16,000 a year → net £1,000 a month; less £500 living costs → £500 disposable → at most £250.
	tests := []struct {
		income, housing, instalment int64
		disposable, max             int64
		ok                          bool
	}{
		{16_000_00, 0, 250_00, 500_00, 250_00, true},
		{16_000_00, 0, 250_01, 500_00, 250_00, false},
		{16_000_00, 500_00, 1, 0, 0, false},
		{16_000_00, 800_00, 0, -300_00, 0, true}, // nothing to repay is always affordable
		{30_000_00, 700_00, 230_37, 675_00, 337_50, true},
	}
	for _, tt := range tests {
		a := affordability(tt.income, tt.housing, tt.instalment)
		if a.DisposablePence != tt.disposable || a.MaxInstalmentPence != tt.max || a.Affordable != tt.ok ||
			a.LivingCostsPence != LivingCostsPence || a.RequestedInstalmentPence != tt.instalment {
			t.Errorf("affordability(%d, %d, %d) = %+v", tt.income, tt.housing, tt.instalment, a)
		}
	}
}

func TestEligibilityRefusals(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*lending.EligibilityRequest)
		status int
		code   string
	}{
		{"no first name", func(r *lending.EligibilityRequest) { r.FirstName = " " }, 422, lending.CodeInvalidRequest},
		{"date of birth not a date", func(r *lending.EligibilityRequest) { r.DateOfBirth = "01/05/1990" }, 422, lending.CodeInvalidRequest},
		{"date of birth in the future", func(r *lending.EligibilityRequest) { r.DateOfBirth = "2027-01-01" }, 422, lending.CodeInvalidRequest},
		{"email", func(r *lending.EligibilityRequest) { r.Email = "jo@" }, 422, lending.CodeEmailInvalid},
		{"negative income", func(r *lending.EligibilityRequest) { r.AnnualIncomePence = -1 }, 422, lending.CodeInvalidRequest},
		{"housing status", func(r *lending.EligibilityRequest) { r.Housing.Status = "castle" }, 422, lending.CodeInvalidRequest},
		{"negative housing cost", func(r *lending.EligibilityRequest) { r.Housing.MonthlyCostPence = -5 }, 422, lending.CodeInvalidRequest},
		{"no street", func(r *lending.EligibilityRequest) { r.Address.Street = "" }, 422, lending.CodeInvalidRequest},
		{"no house", func(r *lending.EligibilityRequest) { r.Address.HouseNumber = "" }, 422, lending.CodeInvalidRequest},
		{"postcode", func(r *lending.EligibilityRequest) { r.Address.Postcode = "LM1" }, 422, lending.CodePostcodeInvalid},
		{"purpose", func(r *lending.EligibilityRequest) { r.Purpose = "" }, 422, lending.CodeInvalidRequest},
		{"amount", func(r *lending.EligibilityRequest) { r.AmountPence = 500_00 }, 422, lending.CodeAmountBelowMinimum},
		{"term", func(r *lending.EligibilityRequest) { r.TermMonths = 72 }, 422, lending.CodeTermAboveMaximum},
	}
	h := newHarness(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := applicant("jo@example.com")
			tt.edit(&req)
			h.refused(h.do(http.MethodPost, "/eligibility-checks", req), tt.status, tt.code)
		})
	}
	t.Run("unknown field", func(t *testing.T) {
		h.refused(h.do(http.MethodPost, "/eligibility-checks", `{"firstName":"Jo","score":999}`), 400, lending.CodeBadRequest)
	})
	t.Run("unknown check", func(t *testing.T) {
		h.refused(h.do(http.MethodGet, "/eligibility-checks/elig_nope", nil), 404, lending.CodeEligibilityCheckNotFound)
	})
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	if n := len(h.p.st.checks); n != 0 {
		t.Fatalf("refused checks were recorded: %d", n)
	}
}
