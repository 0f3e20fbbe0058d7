package lending

import (
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

func TestCreateApplication(t *testing.T) {
	h := newHarness(t)
	ap := h.newApplicant("create@example.com")
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID}), http.StatusCreated, &a)
	q := ap.check.Quote
	if !strings.HasPrefix(a.ID, "app_") || a.CustomerID != ap.customer.ID || a.Status != lending.ApplicationInProgress || a.OnePage ||
		a.ApplicationTypeID != 1 || a.ApplicationOwner != lending.DefaultBrand || a.Aggregator != "" || a.BrokerID != "" ||
		a.ABChoice != (lending.ABChoice{Welcome: "a", EmailConf: "a"}) || a.EligibilityCheckID != ap.check.ID || a.DecisionID != "" ||
		a.ApprovalStatus != lending.ApprovalPending || a.PreDispersalStatus != lending.PreDispersalPending || a.EmailVerification != 0 ||
		a.Quote.AmountPence != q.AmountPence || a.Quote.TermMonths != q.TermMonths || a.Quote.MonthlyInstalmentPence != q.MonthlyInstalmentPence ||
		a.OpenBanking.Status != lending.OpenBankingNone || a.Decision != nil || a.Commission.Required ||
		a.AdditionalOps == nil || a.Addresses == nil || a.CreditAssessment == nil || !a.CreatedAt.Equal(testNow) {
		t.Fatalf("created %+v", a)
	}
	want := []string{lending.StageWelcome, lending.StageRentInfo, lending.StageEmailConf, lending.StageOpenBanking,
		lending.StageIncomeVerification, lending.StageContractSubmitted, lending.StageWaitingPage, lending.StageSetPassword,
		lending.StageSetPhone, lending.StageConfirmationPayee, lending.StageSetCPA, lending.StageSignature, lending.StageIDV}
	if got := a.RegStage.Pending(); !reflect.DeepEqual(got, want) {
		t.Fatalf("pending %v, want %v", got, want)
	}
	if a.JourneyMap != (lending.JourneyMap{}) {
		t.Fatalf("journeyMap %+v, want nothing done", a.JourneyMap)
	}
	h.refused(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID}), http.StatusConflict, lending.CodeApplicationExists)

	var list lending.ApplicationList
	h.must(h.do(http.MethodGet, "/applications?customerId="+ap.customer.ID, nil), http.StatusOK, &list)
	if len(list.Applications) != 1 || list.Applications[0].ID != a.ID {
		t.Fatalf("list = %+v", list)
	}
	h.must(h.do(http.MethodGet, "/applications?customerId=cus_nobody", nil), http.StatusOK, &list)
	if list.Applications == nil || len(list.Applications) != 0 {
		t.Fatalf("list of nobody = %+v", list)
	}
	h.refused(h.do(http.MethodGet, "/applications", nil), http.StatusBadRequest, lending.CodeInvalidQuery)
	h.refused(h.do(http.MethodGet, "/applications/app_nobody", nil), http.StatusNotFound, lending.CodeApplicationNotFound)
}

func TestCreateApplicationChoices(t *testing.T) {
	h := newHarness(t)
	ap := h.newApplicant("choices@example.com")
	var a lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID, OnePage: true, AmountPence: 7_500_00, TermMonths: 60, Purpose: lending.PurposeOther,
		ApplicationOwner: HarbourBrand, Aggregator: lending.AggregatorOwn, BrokerID: "brk_kestrel",
		ABChoice: &lending.ABChoice{Welcome: "b", EmailConf: "b"}}), http.StatusCreated, &a)
	if !a.OnePage || a.Quote.AmountPence != 7_500_00 || a.Quote.MonthlyInstalmentPence != 14745 || a.ApplicationOwner != HarbourBrand ||
		a.Aggregator != lending.AggregatorOwn || a.BrokerID != "brk_kestrel" || a.ABChoice.Welcome != "b" || a.Purpose != lending.PurposeOther ||
		a.JourneyMap.AboutYou.LoanPurposeConfirm || !a.Commission.Required || a.Commission.BrokerFirm != "Kestrel Brokers" ||
		a.Commission.AmountPence != 225_00 || !strings.Contains(a.Commission.Disclosure, "£225.00") {
		t.Fatalf("created %+v", a)
	}
	if v, _ := a.RegStage.Value(lending.StageCommissionConsent); v != 0 {
		t.Fatal("a brokered application has its commission consent done")
	}
	a = h.appStep(http.MethodPut, a.ID, "purpose", lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: "A new boiler"})
	if !a.JourneyMap.AboutYou.LoanPurposeConfirm || a.PurposeText != "A new boiler" {
		t.Fatalf("after the purpose text: %+v", a.JourneyMap)
	}
}

func TestCreateApplicationRefusals(t *testing.T) {
	h := newHarness(t)
	ap := h.newApplicant("refusals@example.com")
	var noDOB lending.Customer
	h.must(h.do(http.MethodPost, "/customers", lending.CreateCustomerRequest{Email: "nodob@example.com", FirstName: "No", LastName: "Date"}),
		http.StatusCreated, &noDOB)
	var declined lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant("x+decline@example.com")), http.StatusCreated, &declined)
	ok := func() lending.CreateApplicationRequest {
		return lending.CreateApplicationRequest{CustomerID: ap.customer.ID, EligibilityCheckID: ap.check.ID}
	}
	tests := []struct {
		name   string
		edit   func(*lending.CreateApplicationRequest)
		status int
		code   string
		field  string
	}{
		{"no customer", func(r *lending.CreateApplicationRequest) { r.CustomerID = "" }, 422, lending.CodeInvalidRequest, "customerId"},
		{"unknown customer", func(r *lending.CreateApplicationRequest) { r.CustomerID = "cus_nobody" }, 422, lending.CodeCustomerNotFound, "customerId"},
		{"customer without a date of birth", func(r *lending.CreateApplicationRequest) { r.CustomerID = noDOB.ID }, 422, lending.CodeInvalidRequest, "dateOfBirth"},
		{"unknown check", func(r *lending.CreateApplicationRequest) { r.EligibilityCheckID = "elig_nope" }, 422, lending.CodeEligibilityCheckNotFound, "eligibilityCheckId"},
		{"declined check", func(r *lending.CreateApplicationRequest) { r.EligibilityCheckID = declined.ID }, 409, lending.CodeEligibilityCheckDeclined, "declined"},
		{"aggregator", func(r *lending.CreateApplicationRequest) { r.Aggregator = "moneysupermarket" }, 422, lending.CodeInvalidRequest, "aggregator"},
		{"A/B choice", func(r *lending.CreateApplicationRequest) {
			r.ABChoice = &lending.ABChoice{Welcome: "c", EmailConf: "a"}
		}, 422, lending.CodeInvalidRequest, "abChoice.welcome"},
		{"brand", func(r *lending.CreateApplicationRequest) { r.ApplicationOwner = "nobody" }, 422, lending.CodeInvalidRequest, "applicationOwner"},
		{"broker", func(r *lending.CreateApplicationRequest) { r.BrokerID = "brk_nobody" }, 422, lending.CodeInvalidRequest, "brokerId"},
		{"purpose", func(r *lending.CreateApplicationRequest) { r.Purpose = "yacht" }, 422, lending.CodeInvalidRequest, "purpose"},
		{"amount", func(r *lending.CreateApplicationRequest) { r.AmountPence = 999_99 }, 422, lending.CodeAmountBelowMinimum, "amount"},
		{"term", func(r *lending.CreateApplicationRequest) { r.TermMonths = 61 }, 422, lending.CodeTermAboveMaximum, "term"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := ok()
			tt.edit(&req)
			a := h.do(http.MethodPost, "/applications", req)
			h.refused(a, tt.status, tt.code)
			if !strings.Contains(a.message(), tt.field) {
				t.Fatalf("message %q does not name %s", a.message(), tt.field)
			}
		})
	}
	t.Run("expired check", func(t *testing.T) {
		h.clock.Advance(CheckValidity)
		defer h.clock.Set(testNow)
		h.refused(h.do(http.MethodPost, "/applications", ok()), http.StatusConflict, lending.CodeEligibilityCheckExpired)
	})
	t.Run("unknown field", func(t *testing.T) {
		h.refused(h.do(http.MethodPost, "/applications", `{"customerId":"x","score":1}`), http.StatusBadRequest, lending.CodeBadRequest)
	})
	h.p.mu.Lock()
	defer h.p.mu.Unlock()
	for _, a := range h.p.st.apps.byID {
		if a.customerID == ap.customer.ID {
			t.Fatalf("a refused request made application %s", a.id)
		}
	}
}

func TestCreateApplicationIdempotency(t *testing.T) {
	h := newHarness(t)
	ap := h.newApplicant("idem-create@example.com")
	req := lending.CreateApplicationRequest{CustomerID: ap.customer.ID, EligibilityCheckID: ap.check.ID}
	var first, again lending.Application
	h.must(h.do(http.MethodPost, "/applications", req, "Idempotency-Key: create-1"), http.StatusCreated, &first)
	replay := h.do(http.MethodPost, "/applications", req, "Idempotency-Key: create-1")
	h.must(replay, http.StatusCreated, &again)
	if again.ID != first.ID || replay.header.Get(httpjson.ReplayedHeader) != "true" {
		t.Fatalf("replay = %s (%v), want %s", again.ID, replay.header, first.ID)
	}
	req.OnePage = true
	h.refused(h.do(http.MethodPost, "/applications", req, "Idempotency-Key: create-1"), http.StatusConflict, httpjson.CodeIdempotencyConflict)
}

// TestStageMachineAndJourneyMap walks one application through every step and checks both journey
// models after each one.
func TestStageMachineAndJourneyMap(t *testing.T) {
	h := newHarness(t)
	const email = "walk@example.com"
	a := h.newApplication(email, true)
	id := a.ID
	type jm = lending.JourneyMap
	steps := []struct {
		name    string
		do      func() lending.Application
		pending []string // pending legacy stages up to waitingPage; the after-approval ones are checked apart
		journey jm
		status  string
	}{
		{"created", func() lending.Application { return h.app(id) },
			[]string{"welcome", "rentInfo", "emailConf", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"}, jm{}, "in_progress"},
		{"loan confirmed at a new amount", func() lending.Application {
			a := h.appStep(http.MethodPost, id, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 4_000_00, TermMonths: 36})
			if a.Quote.AmountPence != 4_000_00 || a.Quote.TermMonths != 36 || a.Quote.AnnualRatePercent != "14.9" {
				t.Fatalf("re-quoted %+v", a.Quote)
			}
			return a
		}, []string{"rentInfo", "emailConf", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}}, "in_progress"},
		{"e-mail verified (any case)", func() lending.Application {
			return h.appStep(http.MethodPost, id, "email-verification", lending.EmailVerificationRequest{Email: "Walk@Example.com"})
		}, []string{"rentInfo", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true}}, "in_progress"},
		{"purpose other without text is refused, then given", func() lending.Application {
			h.refused(h.do(http.MethodPut, "/applications/"+id+"/purpose", lending.PurposeRequest{Purpose: lending.PurposeOther}), 422, lending.CodeInvalidRequest)
			return h.appStep(http.MethodPut, id, "purpose", lending.PurposeRequest{Purpose: lending.PurposeHomeImprovements})
		}, []string{"rentInfo", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true}}, "in_progress"},
		{"housing", func() lending.Application { return h.appStep(http.MethodPut, id, "housing", testHousing) },
			[]string{"rentInfo", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true}}, "in_progress"},
		{"an address history short of 3 years", func() lending.Application {
			return h.appStep(http.MethodPut, id, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
				{GazetteerID: "gz_LM24QT_02", MovedIn: "2023-04"}}})
		}, []string{"rentInfo", "openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true}}, "in_progress"},
		{"an address history of exactly 3 years", func() lending.Application {
			return h.appStep(http.MethodPut, id, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
				{GazetteerID: "gz_LM24QT_02", MovedIn: "2023-03"}}})
		}, []string{"openBanking", "incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true}}, "in_progress"},
		{"open banking skipped", func() lending.Application {
			return h.appStep(http.MethodPut, id, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped})
		}, []string{"incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true, OBSkip: true}}, "in_progress"},
		{"open banking linked after all", func() lending.Application {
			return h.appStep(http.MethodPut, id, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingLinked, ConsentID: "cons_1"})
		}, []string{"incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true},
				VerifyIncome: lending.VerifyIncome{OpenBanking: true}}, "in_progress"},
		{"income", func() lending.Application { return h.appStep(http.MethodPut, id, "income", testIncome) },
			[]string{"incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true, IncomeConfirm: true},
				VerifyIncome: lending.VerifyIncome{OpenBanking: true}}, "in_progress"},
		{"future income change", func() lending.Application {
			return h.appStep(http.MethodPut, id, "future-income-change", lending.FutureIncomeChange{Expected: true, Direction: lending.IncomeIncrease,
				Reason: lending.IncomeChangeNewJob, NewAnnualIncomePence: 35_000_00})
		}, []string{"incomeVerification", "contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true, IncomeConfirm: true},
				VerifyIncome: lending.VerifyIncome{OpenBanking: true}}, "in_progress"},
		{"credit assessment", func() lending.Application { return h.appStep(http.MethodPut, id, "credit-assessment", testAnswers) },
			[]string{"contractSubmitted", "waitingPage"},
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true, IncomeConfirm: true},
				VerifyIncome: lending.VerifyIncome{OpenBanking: true, IsFinished: true}}, "in_progress"},
		{"submitted and approved", func() lending.Application { return h.appStep(http.MethodPost, id, "submission", struct{}{}) },
			nil,
			jm{YourLoan: lending.YourLoan{LoanValueConfirm: true}, AboutYou: lending.AboutYou{EmailVerification: true, LoanPurposeConfirm: true, RentConfirm: true, AddressUpdate: true, IncomeConfirm: true},
				VerifyIncome: lending.VerifyIncome{OpenBanking: true, IsFinished: true}, Submission: lending.Submission{IsFinished: true}}, "approved"},
	}
	before := []string{"welcome", "rentInfo", "emailConf", "openBanking", "preApproval", "incomeVerification", "contractSubmitted", "waitingPage"}
	for _, s := range steps {
		a := s.do()
		var pending []string
		for _, p := range a.RegStage.Pending() {
			if slices.Contains(before, p) {
				pending = append(pending, p)
			}
		}
		if !slices.Equal(pending, s.pending) || a.JourneyMap != s.journey || a.Status != s.status {
			t.Fatalf("%s: status %s, pending %v, journey %+v\nwant %s, %v, %+v", s.name, a.Status, pending, a.JourneyMap, s.status, s.pending, s.journey)
		}
		if want := stage(s.journey.AboutYou.EmailVerification); a.EmailVerification != want {
			t.Fatalf("%s: emailVerification %d", s.name, a.EmailVerification)
		}
	}

	// after approval, each step clears its stage; the application is ready once none is left
	after := []struct {
		name  string
		do    func() lending.Application
		stage string
	}{
		{"a PIN", func() lending.Application {
			h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/pin", lending.PINRequest{PIN: "2468"}), http.StatusOK, nil)
			return h.app(id)
		}, lending.StageSetPassword},
		{"a phone", func() lending.Application {
			return h.appStep(http.MethodPut, id, "phone", lending.PhoneRequest{Phone: "07700 900555"})
		}, lending.StageSetPhone},
		{"the payee", func() lending.Application {
			h.must(h.do(http.MethodPost, "/applications/"+id+"/payee-confirmation", lending.PayeeRequest{AccountName: "Mr Jo Bloggs.",
				SortCode: "99 01 02", AccountNumber: "3192-6819"}), http.StatusOK, nil)
			return h.app(id)
		}, lending.StageConfirmationPayee},
		{"the CPA", func() lending.Application {
			return h.appStep(http.MethodPut, id, "cpa", lending.CPARequest{CardToken: "card_abc"})
		}, lending.StageSetCPA},
		{"the signature", func() lending.Application {
			return h.appStep(http.MethodPost, id, "signature", lending.SignatureRequest{SignerName: "jo  BLOGGS"})
		}, lending.StageSignature},
		{"identity", func() lending.Application {
			return h.appStep(http.MethodPost, id, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_1"})
		}, lending.StageIDV},
	}
	for i, s := range after {
		a := s.do()
		if v, _ := a.RegStage.Value(s.stage); v != lending.StageDone {
			t.Fatalf("%s: stage %s still pending", s.name, s.stage)
		}
		last := i == len(after)-1
		if (a.Status == lending.ApplicationReadyForDrawdown) != last || (last && len(a.RegStage.Pending()) != 0) {
			t.Fatalf("%s: status %s, pending %v", s.name, a.Status, a.RegStage.Pending())
		}
		if a.ApprovalStatus != lending.ApprovalApproved || a.PreDispersalStatus != lending.PreDispersalPending {
			t.Fatalf("%s: approval %d, pre-dispersal %d", s.name, a.ApprovalStatus, a.PreDispersalStatus)
		}
	}
	a = h.appStep(http.MethodPost, id, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpSignAgain})
	if a.Status != lending.ApplicationApproved || a.Signature != nil || !slices.Equal(a.RegStage.Pending(), []string{"signature", "additionalOps"}) ||
		!slices.Equal(a.AdditionalOps, []string{lending.OpSignAgain}) {
		t.Fatalf("after sign_again: %s, pending %v, ops %v", a.Status, a.RegStage.Pending(), a.AdditionalOps)
	}
	a = h.appStep(http.MethodPost, id, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs"})
	if a.Status != lending.ApplicationReadyForDrawdown || len(a.AdditionalOps) != 0 {
		t.Fatalf("signed again: %s, ops %v", a.Status, a.AdditionalOps)
	}
}

func TestStepValidation(t *testing.T) {
	h := newHarness(t)
	const email = "validate@example.com"
	a := h.newApplication(email, false)
	tests := []struct {
		name, method, step string
		body               any
		status             int
		code, field        string
	}{
		{"loan below the minimum", http.MethodPost, "loan-confirmation", lending.ConfirmLoanRequest{AmountPence: 500_00}, 422, lending.CodeAmountBelowMinimum, "amount"},
		{"loan negative", http.MethodPost, "loan-confirmation", lending.ConfirmLoanRequest{TermMonths: -1}, 422, lending.CodeInvalidRequest, "termMonths"},
		{"e-mail malformed", http.MethodPost, "email-verification", lending.EmailVerificationRequest{Email: "jo@"}, 422, lending.CodeEmailInvalid, "email"},
		{"e-mail of someone else", http.MethodPost, "email-verification", lending.EmailVerificationRequest{Email: "other@example.com"}, 422, lending.CodeEmailMismatch, "email"},
		{"purpose unknown", http.MethodPut, "purpose", lending.PurposeRequest{Purpose: "yacht"}, 422, lending.CodeInvalidRequest, "purpose"},
		{"purpose other without text", http.MethodPut, "purpose", lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: "  "}, 422, lending.CodeInvalidRequest, "purposeText"},
		{"purpose text too long", http.MethodPut, "purpose", lending.PurposeRequest{Purpose: lending.PurposeOther, PurposeText: strings.Repeat("x", 201)}, 422, lending.CodeInvalidRequest, "purposeText"},
		{"housing status", http.MethodPut, "housing", lending.HousingDetails{Status: "castle"}, 422, lending.CodeInvalidRequest, "status"},
		{"housing cost negative", http.MethodPut, "housing", lending.HousingDetails{Status: lending.HousingRentingSocial, MonthlyCostPence: -1}, 422, lending.CodeInvalidRequest, "monthlyCostPence"},
		{"housing cost without a pay method", http.MethodPut, "housing", lending.HousingDetails{Status: lending.HousingRentingSocial, MonthlyCostPence: 400_00}, 422, lending.CodeInvalidRequest, "payMethod"},
		{"housing pay method without a cost", http.MethodPut, "housing", lending.HousingDetails{Status: lending.HousingHomeownerOutright, PayMethod: lending.PayCash}, 422, lending.CodeInvalidRequest, "payMethod"},
		{"addresses empty", http.MethodPut, "addresses", lending.AddressHistoryRequest{}, 422, lending.CodeInvalidRequest, "addresses"},
		{"addresses too many", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: make([]lending.AddressHistoryInput, 7)}, 422, lending.CodeInvalidRequest, "addresses"},
		{"address with neither", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{MovedIn: "2020-01"}}}, 422, lending.CodeInvalidRequest, "addresses[0]"},
		{"address with both", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_LM11AA_01",
			Address: &lending.Address{HouseNumber: "1", Street: "A", Town: "B", Postcode: "LM1 1AA"}, MovedIn: "2020-01"}}}, 422, lending.CodeInvalidRequest, "addresses[0]"},
		{"address month malformed", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_LM11AA_01", MovedIn: "2020-13"}}}, 422, lending.CodeInvalidRequest, "addresses[0].movedIn"},
		{"address month as a date", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_LM11AA_01", MovedIn: "2020-01-01"}}}, 422, lending.CodeInvalidRequest, "addresses[0].movedIn"},
		{"address month in the future", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_LM11AA_01", MovedIn: "2026-04"}}}, 422, lending.CodeInvalidRequest, "addresses[0].movedIn"},
		{"addresses out of order", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{GazetteerID: "gz_LM11AA_01", MovedIn: "2022-01"}, {GazetteerID: "gz_LM11AA_02", MovedIn: "2022-01"}}}, 422, lending.CodeInvalidRequest, "addresses[1].movedIn"},
		{"gazetteer id unknown", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{{GazetteerID: "gz_nope", MovedIn: "2020-01"}}}, 422, lending.CodeInvalidRequest, "addresses[0].gazetteerId"},
		{"manual address without a street", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{Address: &lending.Address{HouseNumber: "1", Town: "Lowmere", Postcode: "LM1 1AA"}, MovedIn: "2020-01"}}}, 422, lending.CodeInvalidRequest, "addresses[0].street"},
		{"manual address postcode", http.MethodPut, "addresses", lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
			{GazetteerID: "gz_LM11AA_01", MovedIn: "2024-01"},
			{Address: &lending.Address{HouseNumber: "1", Street: "A Road", Town: "Lowmere", Postcode: "LM1"}, MovedIn: "2020-01"}}}, 422, lending.CodePostcodeInvalid, "addresses[1].postcode"},
		{"income negative", http.MethodPut, "income", lending.Income{AnnualIncomePence: -1, EmploymentStatus: lending.EmploymentFullTime, PayFrequency: lending.PayMonthly}, 422, lending.CodeInvalidRequest, "annualIncomePence"},
		{"employment status", http.MethodPut, "income", lending.Income{EmploymentStatus: "astronaut", PayFrequency: lending.PayMonthly}, 422, lending.CodeInvalidRequest, "employmentStatus"},
		{"pay frequency", http.MethodPut, "income", lending.Income{EmploymentStatus: lending.EmploymentRetired, PayFrequency: "daily"}, 422, lending.CodeInvalidRequest, "payFrequency"},
		{"future change without a direction", http.MethodPut, "future-income-change", lending.FutureIncomeChange{Expected: true, Reason: lending.IncomeChangeOther}, 422, lending.CodeInvalidRequest, "direction"},
		{"future change without a reason", http.MethodPut, "future-income-change", lending.FutureIncomeChange{Expected: true, Direction: lending.IncomeDecrease}, 422, lending.CodeInvalidRequest, "reason"},
		{"no future change with a reason", http.MethodPut, "future-income-change", lending.FutureIncomeChange{Reason: lending.IncomeChangeOther}, 422, lending.CodeInvalidRequest, "reason"},
		{"assessment missing an answer", http.MethodPut, "credit-assessment", lending.CreditAssessmentRequest{Answers: testAnswers.Answers[1:]}, 422, lending.CodeInvalidRequest, "dependants"},
		{"assessment choice", http.MethodPut, "credit-assessment", answersWith("dependants", "7"), 422, lending.CodeInvalidRequest, "dependants"},
		{"assessment amount", http.MethodPut, "credit-assessment", answersWith("credit_commitments", "£150"), 422, lending.CodeInvalidRequest, "credit_commitments"},
		{"assessment boolean", http.MethodPut, "credit-assessment", answersWith("missed_payments", "true"), 422, lending.CodeInvalidRequest, "missed_payments"},
		{"assessment unknown question", http.MethodPut, "credit-assessment", answersWith("star_sign", "leo"), 422, lending.CodeInvalidRequest, "star_sign"},
		{"assessment twice", http.MethodPut, "credit-assessment", answersWith("dependants", "1"), 422, lending.CodeInvalidRequest, "dependants"},
		{"open banking linked without a consent", http.MethodPut, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingLinked}, 422, lending.CodeInvalidRequest, "consentId"},
		{"open banking skipped with a consent", http.MethodPut, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped, ConsentID: "c"}, 422, lending.CodeInvalidRequest, "consentId"},
		{"open banking status", http.MethodPut, "open-banking", lending.OpenBankingUpdate{Status: "maybe"}, 422, lending.CodeInvalidRequest, "status"},
		{"unknown field", http.MethodPut, "income", `{"annualIncomePence":1,"bonus":2}`, 400, lending.CodeBadRequest, "JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans := h.do(tt.method, "/applications/"+a.ID+"/"+tt.step, tt.body)
			h.refused(ans, tt.status, tt.code)
			if !strings.Contains(ans.message(), tt.field) {
				t.Fatalf("message %q does not name %s", ans.message(), tt.field)
			}
		})
	}
	if got := h.app(a.ID); got.Housing != nil || got.Income != nil || got.Addresses == nil || len(got.Addresses) != 0 ||
		got.FutureIncomeChange != nil || len(got.CreditAssessment) != 0 || got.OpenBanking.Status != lending.OpenBankingNone ||
		!got.LoanConfirmedAt.IsZero() || !got.EmailVerifiedAt.IsZero() {
		t.Fatalf("a refused step changed the application: %+v", got)
	}
	h.refused(h.do(http.MethodPut, "/applications/app_nobody/income", testIncome), 404, lending.CodeApplicationNotFound)
	h.refused(h.do(http.MethodGet, "/applications/"+a.ID+"/income", nil), 405, "method_not_allowed")
}

// answersWith is the typical answers with one more (or a second) answer.
func answersWith(id, value string) lending.CreditAssessmentRequest {
	return lending.CreditAssessmentRequest{Answers: append(slices.Clone(testAnswers.Answers),
		lending.CreditAssessmentAnswer{QuestionID: id, Value: value})}
}

func TestAnswersAreKeptInQuestionnaireOrder(t *testing.T) {
	h := newHarness(t)
	a := h.newApplication("order@example.com", true)
	rev := slices.Clone(testAnswers.Answers)
	slices.Reverse(rev)
	rev = append(rev, lending.CreditAssessmentAnswer{QuestionID: "financial_difficulty", Value: "no"})
	got := h.appStep(http.MethodPut, a.ID, "credit-assessment", lending.CreditAssessmentRequest{Answers: rev})
	var ids []string
	for _, an := range got.CreditAssessment {
		ids = append(ids, an.QuestionID)
	}
	if !slices.Equal(ids, []string{"dependants", "credit_commitments", "missed_payments", "expenses_change", "financial_difficulty"}) {
		t.Fatalf("answers kept as %v", ids)
	}
}

func TestReferenceLists(t *testing.T) {
	h := newHarness(t)
	var qs lending.CreditAssessmentQuestions
	h.must(h.do(http.MethodGet, "/credit-assessment-questions", nil), http.StatusOK, &qs)
	if len(qs.Questions) != 5 {
		t.Fatalf("%d questions", len(qs.Questions))
	}
	for _, q := range qs.Questions {
		if q.ID == "" || q.Text == "" || (q.Type == lending.QuestionChoice) != (len(q.Options) > 0) {
			t.Errorf("question %+v", q)
		}
	}
	var ho lending.HousingOptions
	h.must(h.do(http.MethodGet, "/housing-options", nil), http.StatusOK, &ho)
	var situations, methods []string
	for _, s := range ho.LivingSituations {
		situations = append(situations, s.Code)
	}
	for _, m := range ho.PayMethods {
		methods = append(methods, m.Code)
	}
	if !slices.Equal(situations, housingStatuses) || !slices.Equal(methods, payMethods) {
		t.Fatalf("housing options %v %v, want the codes the steps accept %v %v", situations, methods, housingStatuses, payMethods)
	}
}

func TestStatusGuards(t *testing.T) {
	h := newHarness(t)
	const email = "guards@example.com"
	a := h.newApplication(email, false)
	for _, s := range []struct {
		method, step string
		body         any
	}{
		{http.MethodPut, "phone", lending.PhoneRequest{Phone: "07700900777"}},
		{http.MethodPost, "payee-confirmation", lending.PayeeRequest{AccountName: "Jo Bloggs", SortCode: "990102", AccountNumber: "12345678"}},
		{http.MethodPut, "cpa", lending.CPARequest{CardToken: "card_x"}},
		{http.MethodPost, "signature", lending.SignatureRequest{SignerName: "Jo Bloggs"}},
		{http.MethodPost, "identity-verification", lending.IdentityVerificationRequest{CheckID: "idc_x"}},
		{http.MethodPost, "additional-operations", lending.AdditionalOperationRequest{Operation: lending.OpAddress}},
		{http.MethodPost, "counteroffer-response", lending.CounterofferResponse{Accept: true}},
	} {
		h.refused(h.do(s.method, "/applications/"+a.ID+"/"+s.step, s.body), http.StatusConflict, lending.CodeApplicationStatus)
	}
	h.refused(h.do(http.MethodGet, "/applications/"+a.ID+"/decision", nil), http.StatusConflict, lending.CodeApplicationStatus)
	h.refused(h.do(http.MethodGet, "/applications/"+a.ID+"/documents/credit-agreement?format=pdf", nil, "Accept: application/json"),
		http.StatusConflict, lending.CodeDocumentNotAvailable)

	// submission with steps missing names them in journey order
	h.appStep(http.MethodPut, a.ID, "income", testIncome)
	ans := h.do(http.MethodPost, "/applications/"+a.ID+"/submission", struct{}{})
	h.refused(ans, http.StatusConflict, lending.CodeApplicationIncomplete)
	if !strings.HasSuffix(ans.message(), "missing: loanConfirmation, emailVerification, purpose, housing, addresses, futureIncomeChange, creditAssessment, openBanking") {
		t.Fatalf("message %q", ans.message())
	}

	h.completeJourney(a, email)
	h.appStep(http.MethodPost, a.ID, "submission", struct{}{})
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/submission", struct{}{}), http.StatusConflict, lending.CodeApplicationStatus)
	for _, s := range []struct {
		method, step string
		body         any
	}{
		{http.MethodPost, "loan-confirmation", lending.ConfirmLoanRequest{}},
		{http.MethodPost, "email-verification", lending.EmailVerificationRequest{Email: email}},
		{http.MethodPut, "purpose", lending.PurposeRequest{Purpose: lending.PurposeCar}},
		{http.MethodPut, "housing", testHousing},
		{http.MethodPut, "addresses", testHistory()},
		{http.MethodPut, "income", testIncome},
		{http.MethodPut, "future-income-change", lending.FutureIncomeChange{}},
		{http.MethodPut, "credit-assessment", testAnswers},
		{http.MethodPut, "open-banking", lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped}},
	} {
		ans := h.do(s.method, "/applications/"+a.ID+"/"+s.step, s.body)
		h.refused(ans, http.StatusConflict, lending.CodeApplicationStatus)
		if !strings.HasPrefix(ans.message(), "the application is approved") {
			t.Fatalf("%s: %q", s.step, ans.message())
		}
	}
}

func TestStartOver(t *testing.T) {
	h := newHarness(t)
	const email = "again@example.com"
	old := h.newApplication(email, true)
	h.completeJourney(old, email)
	var fresh lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", struct{}{}, "Idempotency-Key: over-1"), http.StatusCreated, &fresh)
	withdrawn := h.app(old.ID)
	if withdrawn.Status != lending.ApplicationWithdrawn || withdrawn.Withdrawal == nil || withdrawn.Withdrawal.Reason != lending.WithdrawnStartOver ||
		withdrawn.Withdrawal.ReplacedBy != fresh.ID {
		t.Fatalf("old = %s %+v", withdrawn.Status, withdrawn.Withdrawal)
	}
	if fresh.ID == old.ID || fresh.Status != lending.ApplicationInProgress || fresh.CustomerID != old.CustomerID || !fresh.OnePage ||
		fresh.EligibilityCheckID != old.EligibilityCheckID || fresh.Quote.AmountPence != old.Quote.AmountPence ||
		fresh.JourneyMap != (lending.JourneyMap{}) || fresh.Housing != nil {
		t.Fatalf("new = %+v", fresh)
	}
	var again lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", struct{}{}, "Idempotency-Key: over-1"), http.StatusCreated, &again)
	if again.ID != fresh.ID {
		t.Fatalf("replayed start-over made %s, want %s", again.ID, fresh.ID)
	}
	// an empty body is the same request as {}
	h.must(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", "", "Idempotency-Key: over-1"), http.StatusCreated, &again)
	if again.ID != fresh.ID {
		t.Fatalf("replayed with an empty body made %s, want %s", again.ID, fresh.ID)
	}
	h.refused(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", "[1]"), http.StatusBadRequest, lending.CodeBadRequest)
	h.refused(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", ""), http.StatusConflict, lending.CodeApplicationStatus)
	var list lending.ApplicationList
	h.must(h.do(http.MethodGet, "/applications?customerId="+old.CustomerID, nil), http.StatusOK, &list)
	if len(list.Applications) != 2 || list.Applications[0].ID != fresh.ID || list.Applications[1].ID != old.ID {
		t.Fatalf("list newest first = %v", list.Applications)
	}
	declined := h.submitted("again+decline@example.com")
	h.refused(h.do(http.MethodPost, "/applications/"+declined.ID+"/start-over", struct{}{}), http.StatusConflict, lending.CodeApplicationStatus)
}

// TestRenderApplicantID: every application carries the decision service's id of its customer, the
// same on a new application of that customer and different for another customer.
func TestRenderApplicantID(t *testing.T) {
	h := newHarness(t)
	old := h.newApplication("render@example.com", true)
	if !regexp.MustCompile(`^ra_[0-9a-f]{16}$`).MatchString(old.RenderApplicantID) {
		t.Fatalf("renderApplicantId = %q", old.RenderApplicantID)
	}
	var fresh lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+old.ID+"/start-over", struct{}{}, "Idempotency-Key: render-1"), http.StatusCreated, &fresh)
	if fresh.RenderApplicantID != old.RenderApplicantID || h.app(old.ID).RenderApplicantID != old.RenderApplicantID {
		t.Fatalf("the customer's next application reads %q, the first %q", fresh.RenderApplicantID, old.RenderApplicantID)
	}
	if other := h.newApplication("render-other@example.com", false); other.RenderApplicantID == old.RenderApplicantID {
		t.Fatalf("two customers share the applicant id %q", old.RenderApplicantID)
	}
}

// TestStartOverAfterClosing: an application its applicant closed (withdrawn, or a counteroffer
// declined) is followed by one new application with the same loan re-priced today, in the same
// journey; the withdrawal keeps its reason and names it. A declined application, one already
// followed, and a customer with another open application are refused.
func TestStartOverAfterClosing(t *testing.T) {
	h := newHarness(t)
	withdrawn := h.approved("closed-mind@example.com")
	h.must(h.do(http.MethodPost, "/applications/"+withdrawn.ID+"/withdrawal", changedMind), http.StatusOK, nil)
	legacy := h.newApplication("closed-legacy@example.com", false)
	h.must(h.do(http.MethodPost, "/applications/"+legacy.ID+"/withdrawal", changedMind), http.StatusOK, nil)
	countered := h.submitted("closed+counteroffer@example.com")
	h.appStep(http.MethodPost, countered.ID, "counteroffer-response", lending.CounterofferResponse{})

	h.clock.Advance(48 * time.Hour) // the new application is priced on its own day
	defer h.clock.Set(testNow)
	today := testNow.Add(48 * time.Hour).Format(time.DateOnly)
	for _, tt := range []struct {
		name   string
		old    lending.Application
		reason string
	}{
		{"withdrawn after approval", withdrawn, lending.WithdrawnApplicantChangedMind},
		{"withdrawn legacy in progress", legacy, lending.WithdrawnApplicantChangedMind},
		{"counteroffer declined", countered, lending.WithdrawnCounterofferDeclined},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := "/applications/" + tt.old.ID + "/start-over"
			var fresh lending.Application
			h.must(h.do(http.MethodPost, path, struct{}{}, "Idempotency-Key: again-"+tt.old.ID), http.StatusCreated, &fresh)
			if fresh.ID == tt.old.ID || fresh.Status != lending.ApplicationInProgress || fresh.CustomerID != tt.old.CustomerID ||
				fresh.OnePage != tt.old.OnePage || fresh.Quote.AmountPence != tt.old.Quote.AmountPence ||
				fresh.Quote.TermMonths != tt.old.Quote.TermMonths || fresh.Quote.QuotedOn != today ||
				!fresh.LoanConfirmedAt.IsZero() || fresh.DecisionID != "" || fresh.Housing != nil {
				t.Fatalf("new = %+v", fresh)
			}
			closed := h.app(tt.old.ID)
			if closed.Status != lending.ApplicationWithdrawn || closed.Withdrawal == nil || closed.Withdrawal.Reason != tt.reason ||
				!closed.Withdrawal.At.Equal(testNow) || closed.Withdrawal.ReplacedBy != fresh.ID {
				t.Fatalf("old = %s %+v", closed.Status, closed.Withdrawal)
			}
			// A double click with the same key answers the same application; without it, a second is refused.
			var again lending.Application
			h.must(h.do(http.MethodPost, path, struct{}{}, "Idempotency-Key: again-"+tt.old.ID), http.StatusCreated, &again)
			if again.ID != fresh.ID {
				t.Fatalf("replayed start-over made %s, want %s", again.ID, fresh.ID)
			}
			second := h.do(http.MethodPost, path, struct{}{})
			h.refused(second, http.StatusConflict, lending.CodeApplicationStatus)
			if !strings.Contains(second.message(), "started over already, by "+fresh.ID) {
				t.Fatalf("message %q", second.message())
			}
			var list lending.ApplicationList
			h.must(h.do(http.MethodGet, "/applications?customerId="+tt.old.CustomerID, nil), http.StatusOK, &list)
			if len(list.Applications) != 2 || list.Applications[0].ID != fresh.ID {
				t.Fatalf("list newest first = %v", list.Applications)
			}
		})
	}

	declined := h.submitted("closed+decline@example.com")
	refusal := h.do(http.MethodPost, "/applications/"+declined.ID+"/start-over", struct{}{})
	h.refused(refusal, http.StatusConflict, lending.CodeApplicationStatus)
	if !strings.HasPrefix(refusal.message(), "the application is declined") {
		t.Fatalf("declined: %q", refusal.message())
	}

	// The customer applied again meanwhile: their open application is the one to start over.
	mind := h.newApplicant("closed-again@example.com")
	var first, other lending.Application
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: mind.customer.ID,
		EligibilityCheckID: mind.check.ID}), http.StatusCreated, &first)
	h.must(h.do(http.MethodPost, "/applications/"+first.ID+"/withdrawal", changedMind), http.StatusOK, nil)
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: mind.customer.ID,
		EligibilityCheckID: mind.check.ID}), http.StatusCreated, &other)
	exists := h.do(http.MethodPost, "/applications/"+first.ID+"/start-over", struct{}{})
	h.refused(exists, http.StatusConflict, lending.CodeApplicationExists)
	if !strings.Contains(exists.message(), other.ID) {
		t.Fatalf("open elsewhere: %q", exists.message())
	}
	if got := h.app(first.ID); got.Withdrawal.ReplacedBy != "" {
		t.Fatalf("a refused start-over recorded %+v", got.Withdrawal)
	}
}

// TestCoversHistory pins the 3-year rule to calendar months.
func TestCoversHistory(t *testing.T) {
	now := time.Date(2026, 3, 31, 23, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		months []string
		ok     bool
	}{
		{[]string{"2025-01", "2023-03"}, true},
		{[]string{"2025-01", "2023-04"}, false},
		{[]string{"2019-12"}, true},
		{nil, false},
	} {
		var h []lending.AddressHistoryEntry
		for _, m := range tt.months {
			h = append(h, lending.AddressHistoryEntry{MovedIn: m})
		}
		if got := coversHistory(h, now); got != tt.ok {
			t.Errorf("%v: covers = %v", tt.months, got)
		}
	}
}
