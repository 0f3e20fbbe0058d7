package lending

import (
	"net/http"
	"strconv"

	"lender/bff/upstream/lending"
)

// Helpers for tests of applications (and of loans drawn down from them): each drives the real routes
// through the harness, so a test reads like the journey it exercises.

// testApplicant is a customer with a date of birth and a soft check that opens an application.
type testApplicant struct {
	customer lending.Customer
	check    lending.EligibilityCheck
}

// newApplicant creates a customer for email (no phone, no PIN) and runs the typical soft check
// (£5,000 over 24 months) for them. The check is always approved: the e-mail tags decide at
// submission, so the check runs on a plain address.
func (h *harness) newApplicant(email string) testApplicant {
	h.t.Helper()
	var c lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: email, FirstName: "Jo", LastName: "Bloggs",
		DateOfBirth: "1990-05-01"}), http.StatusCreated, &c)
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("check@example.com")), http.StatusCreated, &check)
	return testApplicant{customer: c, check: check}
}

// newApplication opens an application for a new applicant.
func (h *harness) newApplication(email string, onePage bool) lending.Application {
	h.t.Helper()
	return h.newApplicationOwnedBy(email, onePage, "")
}

// newApplicationOwnedBy is newApplication for the brand owner ("" for the default brand).
func (h *harness) newApplicationOwnedBy(email string, onePage bool, owner string) lending.Application {
	h.t.Helper()
	ap := h.newApplicant(email)
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID, OnePage: onePage, ApplicationOwner: owner}), http.StatusCreated, &a)
	return a
}

// app reads an application.
func (h *harness) app(id string) lending.Application {
	h.t.Helper()
	var a lending.Application
	h.must(h.do(http.MethodGet, "/applications/"+id, nil), http.StatusOK, &a)
	return a
}

// update sends one step and answers the application after it.
func (h *harness) appStep(method, id, step string, body any) lending.Application {
	h.t.Helper()
	var a lending.Application
	h.must(h.do(method, "/applications/"+id+"/"+step, body), http.StatusOK, &a)
	return a
}

// Typical answers of each journey step.
var (
	testHousing = lending.HousingDetails{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00,
		PayMethod: lending.PayStandingOrder}
	testIncome  = lending.Income{AnnualIncomePence: 30_000_00, EmploymentStatus: lending.EmploymentFullTime, PayFrequency: lending.PayMonthly}
	testAnswers = lending.CreditAssessmentRequest{Answers: []lending.CreditAssessmentAnswer{
		{QuestionID: "dependants", Value: "1"}, {QuestionID: "credit_commitments", Value: "15000"},
		{QuestionID: "missed_payments", Value: "no"}, {QuestionID: "expenses_change", Value: "no"}}}
)

// testHistory is an address history reaching back 3 years from testNow (March 2026).
func testHistory() lending.AddressHistoryRequest {
	return lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
		{GazetteerID: "gz_LM24QT_02", MovedIn: "2024-06"},
		{Address: &lending.Address{HouseNumber: "7", Street: "Old Road", Town: "Lowmere", Postcode: "lm9 9zz"}, MovedIn: "2019-01"},
	}}
}

// completeJourney does every step before submission, the way the one-page journey orders them.
func (h *harness) completeJourney(a lending.Application, email string) lending.Application {
	h.t.Helper()
	h.appStep(http.MethodPost, a.ID, "loan-confirmation", lending.ConfirmLoanRequest{})
	h.appStep(http.MethodPost, a.ID, "email-verification", lending.EmailVerificationRequest{Email: email})
	h.appStep(http.MethodPut, a.ID, "purpose", lending.PurposeRequest{Purpose: lending.PurposeCar})
	h.appStep(http.MethodPut, a.ID, "housing", testHousing)
	h.appStep(http.MethodPut, a.ID, "addresses", testHistory())
	h.appStep(http.MethodPut, a.ID, "income", testIncome)
	h.appStep(http.MethodPut, a.ID, "future-income-change", lending.FutureIncomeChange{})
	h.appStep(http.MethodPut, a.ID, "credit-assessment", testAnswers)
	return h.appStep(http.MethodPut, a.ID, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: "cons_test"})
}

// submitted opens an application for email, completes its journey and submits it.
func (h *harness) submitted(email string) lending.Application {
	h.t.Helper()
	return h.submittedOwnedBy(email, "")
}

// submittedOwnedBy is submitted for an application the brand owner owns.
func (h *harness) submittedOwnedBy(email, owner string) lending.Application {
	h.t.Helper()
	a := h.newApplicationOwnedBy(email, true, owner)
	h.completeJourney(a, email)
	var out lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/submission", struct{}{}), http.StatusOK, &out)
	return out
}

// approved is submitted for an e-mail without a tag, checked to be approved.
func (h *harness) approved(email string) lending.Application {
	h.t.Helper()
	return h.approvedOwnedBy(email, "")
}

// approvedOwnedBy is approved for an application the brand owner owns.
func (h *harness) approvedOwnedBy(email, owner string) lending.Application {
	h.t.Helper()
	a := h.submittedOwnedBy(email, owner)
	if a.Status != lending.ApplicationApproved {
		h.t.Fatalf("%s: status %s, want approved", email, a.Status)
	}
	return a
}

// readyForDrawdown is an approved application with every after-approval step done: a PIN, a phone,
// a confirmed payee (account 31926819), a CPA card token, the signature and the identity check.
func (h *harness) readyForDrawdown(email string) lending.Application {
	h.t.Helper()
	return h.readyForDrawdownOwnedBy(email, "")
}

// readyForDrawdownOwnedBy is readyForDrawdown for an application the brand owner owns.
func (h *harness) readyForDrawdownOwnedBy(email, owner string) lending.Application {
	h.t.Helper()
	a := h.approvedOwnedBy(email, owner)
	h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/pin", lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
	h.appStep(http.MethodPut, a.ID, "phone", lending.PhoneRequest{Phone: "07700 900" + phoneSuffix(email)})
	var pc lending.PayeeCheck
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/payee-confirmation", lending.PayeeRequest{AccountName: "Jo Bloggs",
		SortCode: "99-01-02", AccountNumber: "31926819"}), http.StatusOK, &pc)
	if !pc.Confirmed {
		h.t.Fatalf("payee = %+v", pc)
	}
	h.appStep(http.MethodPut, a.ID, "cpa", lending.CPARequest{CardToken: "card_test_" + a.ID})
	h.appStep(http.MethodPost, a.ID, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs"})
	out := h.appStep(http.MethodPost, a.ID, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_test"})
	if out.Status != lending.ApplicationReadyForDrawdown {
		h.t.Fatalf("status %s, pending %v, want ready_for_drawdown", out.Status, out.RegStage.Pending())
	}
	return out
}

// phoneSuffix is three digits from 500 to 999 made from an e-mail, so each test applicant gets its own
// number, clear of the personas' (900101 to 900301).
func phoneSuffix(email string) string {
	n := 0
	for _, c := range email {
		n = (n*31 + int(c)) % 500
	}
	return strconv.Itoa(500 + n)
}
