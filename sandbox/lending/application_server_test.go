package lending_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	sandboxlending "lender/sandbox/lending"
	"lender/sandbox/pdf"
	"lender/sandbox/server"
)

// TestReferralOverHTTP is the whole journey through the real sandbox: a +refer applicant is referred
// at submission and approved once POST /_sandbox/clock moves time past the decision's due date.
func TestReferralOverHTTP(t *testing.T) {
	start := time.Date(2026, 5, 11, 10, 0, 0, 0, time.UTC)
	ts := httptest.NewServer(server.New(server.Config{Now: func() time.Time { return start }}))
	defer ts.Close()
	s := sandbox{t: t, ts: ts}
	const email = "http+refer@example.com"
	must := func(status, want int, what string) {
		t.Helper()
		if status != want {
			t.Fatalf("%s = %d, want %d", what, status, want)
		}
	}

	var c lending.Customer
	must(s.call(http.MethodPost, "/lending/v1/customers", lending.CreateCustomerRequest{Email: email, FirstName: "Ada", LastName: "Ray",
		DateOfBirth: "1988-02-29"}, &c), http.StatusCreated, "create customer")
	var check lending.EligibilityCheck
	must(s.call(http.MethodPost, "/lending/v1/eligibility-checks", lending.EligibilityRequest{FirstName: "Ada", LastName: "Ray",
		DateOfBirth: "1988-02-29", Email: "http@example.com", AnnualIncomePence: 42_000_00,
		Housing:     lending.Housing{Status: lending.HousingHomeownerMortgage, MonthlyCostPence: 900_00},
		Address:     lending.Address{HouseName: "Gull Cottage", Street: "Harbour Row", Town: "Saltharbour", Postcode: "HB1 2WX"},
		AmountPence: 10_000_00, TermMonths: 48, Purpose: lending.PurposeHomeImprovements}, &check), http.StatusCreated, "check")
	var a lending.Application
	must(s.call(http.MethodPost, "/lending/v1/applications", lending.CreateApplicationRequest{CustomerID: c.ID,
		EligibilityCheckID: check.ID, OnePage: true, Purpose: lending.PurposeHomeImprovements}, &a), http.StatusCreated, "create application")
	base := "/lending/v1/applications/" + a.ID + "/"
	for _, st := range []struct {
		method, step string
		body         any
	}{
		{http.MethodPost, "loan-confirmation", lending.ConfirmLoanRequest{}},
		{http.MethodPost, "email-verification", lending.EmailVerificationRequest{Email: email}},
		{http.MethodPut, "housing", lending.HousingDetails{Status: lending.HousingHomeownerMortgage, MonthlyCostPence: 900_00, PayMethod: lending.PayDirectDebit}},
		{http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_HB12WX_03", MovedIn: "2015-09"}}}},
		{http.MethodPut, "income", lending.Income{AnnualIncomePence: 42_000_00, EmploymentStatus: lending.EmploymentSelfEmployed, PayFrequency: lending.PayIrregular}},
		{http.MethodPut, "future-income-change", lending.FutureIncomeChange{}},
		{http.MethodPut, "credit-assessment", lending.CreditAssessmentRequest{Answers: []lending.CreditAssessmentAnswer{
			{QuestionID: "dependants", Value: "3_or_more"}, {QuestionID: "credit_commitments", Value: "0"},
			{QuestionID: "missed_payments", Value: "no"}, {QuestionID: "expenses_change", Value: "yes"}}}},
		{http.MethodPut, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped}},
		{http.MethodPost, "submission", struct{}{}},
	} {
		must(s.call(st.method, base+st.step, st.body, &a), http.StatusOK, st.step)
	}
	if a.Status != lending.ApplicationReferred || !a.Decision.DecisionDueAt.Equal(start.Add(sandboxlending.ReferralDelay)) {
		t.Fatalf("submitted: %s %+v", a.Status, a.Decision)
	}
	must(s.call(http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: "23h"}, nil), http.StatusOK, "advance 23h")
	must(s.call(http.MethodGet, base[:len(base)-1], nil, &a), http.StatusOK, "get")
	if a.Status != lending.ApplicationReferred {
		t.Fatalf("after 23 hours: %s", a.Status)
	}
	must(s.call(http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: "1h"}, nil), http.StatusOK, "advance 1h")
	var d lending.Decision
	must(s.call(http.MethodGet, base+"decision", nil, &d), http.StatusOK, "decision")
	if d.Outcome != lending.OutcomeApproved || !d.DecidedAt.Equal(a.Decision.DecisionDueAt) {
		t.Fatalf("after 24 hours: %+v", d)
	}

	// the agreement over HTTP is a PDF with the approved figures
	resp, err := ts.Client().Get(ts.URL + base + "documents/credit-agreement?format=pdf")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	pages, err := pdf.ExtractText(b)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/pdf" || err != nil {
		t.Fatalf("agreement = %d %s %v", resp.StatusCode, resp.Header.Get("Content-Type"), err)
	}
	text := strings.Join(pages, "\n")
	for _, w := range []string{"Amount of credit £10,000.00", "Duration 48 months", "Borrower Ada Ray", "Gull Cottage, Harbour Row", "12 May 2026"} {
		if !strings.Contains(text, w) {
			t.Errorf("the agreement lacks %q", w)
		}
	}

	// a reset forgets the application and restores the personas'
	must(s.call(http.MethodPost, "/_sandbox/reset", nil, nil), http.StatusOK, "reset")
	must(s.call(http.MethodGet, base[:len(base)-1], nil, nil), http.StatusNotFound, "get after reset")
	var seeded lending.Application
	must(s.call(http.MethodGet, "/lending/v1/applications/"+sandboxlending.SeedApplicationID("regstage-signature"), nil, &seeded),
		http.StatusOK, "seeded")
	if seeded.Status != lending.ApplicationApproved || seeded.RegStage.Pending()[0] != lending.StageSignature {
		t.Fatalf("seeded after reset: %s %v", seeded.Status, seeded.RegStage.Pending())
	}
}
