package app

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/transport"
	sandbox "lender/sandbox/server"
)

// The legacy journey's application calls (accountApplication/*) through the BFF, against the real
// sandbox: each answer, and the lending core's resulting state.

// legacyInfo is the part of ApplicationInfo these tests read.
type legacyInfo struct {
	ApplicationID  string `json:"applicationId"`
	Status         string `json:"status"`
	ApprovalStatus int    `json:"approvalStatus"`
	RegStage       struct {
		Welcome            int `json:"welcome"`
		RentInfo           int `json:"rentInfo"`
		IncomeVerification int `json:"incomeVerification"`
		ContractSubmitted  int `json:"contractSubmitted"`
	} `json:"regStage"`
	Application struct {
		LoanPurpose     string `json:"loanPurpose"`
		LoanPurposeText string `json:"loanPurposeText"`
	} `json:"application"`
	Loan struct {
		AmountPence int64 `json:"amountPence"`
		TermMonths  int   `json:"termMonths"`
		Confirmed   bool  `json:"confirmed"`
	} `json:"loan"`
	Decision *struct {
		Outcome string `json:"outcome"`
		Reasons []struct {
			Code string `json:"code"`
			Text string `json:"text"`
		} `json:"reasons"`
	} `json:"decision"`
}

type legacyDecision struct {
	Outcome string `json:"outcome"`
	Reasons []struct {
		Code string `json:"code"`
		Text string `json:"text"`
	} `json:"reasons"`
}

// inProgressFor makes a customer (Jo Bloggs) and an application in progress for email; brokerID may
// be "". The soft check runs on the address without its tags (an approved check, the loan asked for),
// so the tags choose the decision at submission only.
func (st *stack) inProgressFor(email, brokerID string) lending.Application {
	st.t.Helper()
	return st.inProgressOwnedBy(email, brokerID, "")
}

// inProgressOwnedBy is inProgressFor with an application the brand owner owns ("" for the default).
func (st *stack) inProgressOwnedBy(email, brokerID, owner string) lending.Application {
	st.t.Helper()
	ctx, l := context.Background(), st.lending()
	cu, err := l.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: email, FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01"}, "")
	if err != nil {
		st.t.Fatal(err)
	}
	check, err := l.CheckEligibility(ctx, lending.EligibilityRequest{FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01",
		Email: strings.ReplaceAll(email, "+", "."), AnnualIncomePence: 30_000_00, Housing: lending.Housing{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00},
		Address:     lending.Address{HouseNumber: "1", Street: "Acacia Avenue", Town: "Lowmere", County: "Wessex", Postcode: "LM1 1AA"},
		AmountPence: 5_000_00, TermMonths: 24, Purpose: lending.PurposeCar})
	if err != nil {
		st.t.Fatal(err)
	}
	a, err := l.CreateApplication(ctx, lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: check.ID, BrokerID: brokerID,
		ApplicationOwner: owner}, "")
	if err != nil {
		st.t.Fatal(err)
	}
	return a
}

// TestLegacyApplicationJourney takes an application from creation to a decision through the legacy
// calls, checking each against the lending core.
func TestLegacyApplicationJourney(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx, l := context.Background(), st.lending()
	a := st.inProgressFor("jo.legacy@example.com", "")
	creds := st.signIn(a.CustomerID)

	// loanCalc prices without recording.
	_, env := st.post("/accountApplication/loanCalc", map[string]int{"amountPence": 2_000_00, "termMonths": 12}, &creds)
	q := decode[struct {
		AmountPence            int64
		MonthlyInstalmentPence int64
		AprPercent             string
	}](t, env)
	want, err := l.Quote(ctx, lending.QuoteRequest{AmountPence: 2_000_00, TermMonths: 12})
	if err != nil {
		t.Fatal(err)
	}
	if q.AmountPence != want.AmountPence || q.MonthlyInstalmentPence != want.MonthlyInstalmentPence || q.AprPercent != want.APRPercent {
		t.Fatalf("loanCalc %+v, want %+v", q, want)
	}
	if got := st.application(a.ID); got.Quote.AmountPence != 5_000_00 || got.RegStage.Welcome != lending.StagePending {
		t.Fatalf("loanCalc recorded something: %d, welcome %d", got.Quote.AmountPence, got.RegStage.Welcome)
	}
	res, env := st.post("/accountApplication/loanCalc", map[string]int{"amountPence": 500_00, "termMonths": 12}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "Enter an amount between £1,000")

	// confirmLoanDetails: the welcome stage, re-priced.
	_, env = st.post("/accountApplication/confirmLoanDetails", map[string]int{"amountPence": 6_000_00, "termMonths": 36}, &creds)
	info := decode[legacyInfo](t, env)
	if info.ApplicationID != a.ID || info.RegStage.Welcome != 1 || !info.Loan.Confirmed || info.Loan.AmountPence != 6_000_00 || info.Loan.TermMonths != 36 {
		t.Fatalf("confirmLoanDetails %+v", info)
	}
	if got := st.application(a.ID); got.Quote.AmountPence != 6_000_00 || got.Quote.TermMonths != 36 {
		t.Fatalf("lending core loan %d over %d", got.Quote.AmountPence, got.Quote.TermMonths)
	}

	// updateLoanPurposeDetail: other needs its words.
	res, env = st.post("/accountApplication/updateLoanPurposeDetail", map[string]string{"purpose": "other", "purposeText": "  "}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "Tell us what the loan is for")
	_, env = st.post("/accountApplication/updateLoanPurposeDetail", map[string]string{"purpose": "other", "purposeText": "A new boiler"}, &creds)
	if info := decode[legacyInfo](t, env); info.Application.LoanPurpose != "other" || info.Application.LoanPurposeText != "A new boiler" {
		t.Fatalf("purpose %+v", info.Application)
	}

	// updateRentInfo: housing and addresses make the rentInfo stage.
	res, env = st.post("/accountApplication/updateRentInfo", map[string]any{"housing": map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 700_00}}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "how you pay")
	res, env = st.post("/accountApplication/updateRentInfo", map[string]any{
		"housing":   map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 700_00, "payMethod": "standing_order"},
		"addresses": []map[string]any{{"gazetteerId": "gz_LM38RD_03", "movedIn": "2024-01"}, {"gazetteerId": "gz_LM38RD_02", "movedIn": "2024-02"}},
	}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "moving-in date")
	_, env = st.post("/accountApplication/updateRentInfo", map[string]any{
		"housing":   map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 700_00, "payMethod": "standing_order"},
		"addresses": []map[string]any{{"gazetteerId": "gz_LM38RD_03", "movedIn": "2015-01"}},
	}, &creds)
	if info := decode[legacyInfo](t, env); info.RegStage.RentInfo != 1 {
		t.Fatalf("rentInfo %+v", info.RegStage)
	}
	if got := st.application(a.ID); got.Housing == nil || got.Housing.MonthlyCostPence != 700_00 || len(got.Addresses) != 1 {
		t.Fatalf("lending core housing %+v addresses %+v", got.Housing, got.Addresses)
	}
	_, env = st.get("/accountApplication/reviewMyAddress", &creds)
	ar := decode[struct {
		Addresses        []struct{ GazetteerID, MovedIn, Label string }
		CoversThreeYears bool
	}](t, env)
	if !ar.CoversThreeYears || len(ar.Addresses) != 1 || ar.Addresses[0].GazetteerID != "gz_LM38RD_03" || ar.Addresses[0].Label == "" {
		t.Fatalf("reviewMyAddress %+v", ar)
	}

	// futureIncomeChange: the details go with an expected change only.
	res, env = st.post("/accountApplication/futureIncomeChange", map[string]any{"expected": true}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	_, env = st.post("/accountApplication/futureIncomeChange", map[string]any{"expected": false}, &creds)
	decode[legacyInfo](t, env)
	if got := st.application(a.ID); got.FutureIncomeChange == nil || got.FutureIncomeChange.Expected {
		t.Fatalf("lending core future income %+v", got.FutureIncomeChange)
	}

	// Submitting with stages missing names them.
	res, env = st.post("/accountApplication/submitApplicationToAdb", nil, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "confirm your e-mail address")
	res, env = st.get("/accountApplication/getPart2DeclineReason", &creds)
	wantFailure(t, res, env, web.CodeBadRequest)

	// The rest of the journey, as the other screens record it.
	if _, err := l.RecordEmailVerified(ctx, a.ID, "jo.legacy@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.UpdateIncome(ctx, a.ID, lending.Income{AnnualIncomePence: 30_000_00, EmploymentStatus: lending.EmploymentFullTime, PayFrequency: lending.PayMonthly}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.AnswerCreditAssessment(ctx, a.ID, lending.CreditAssessmentRequest{Answers: []lending.CreditAssessmentAnswer{
		{QuestionID: "dependants", Value: "0"}, {QuestionID: "credit_commitments", Value: "0"},
		{QuestionID: "missed_payments", Value: "no"}, {QuestionID: "expenses_change", Value: "no"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.UpdateOpenBanking(ctx, a.ID, lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped}); err != nil {
		t.Fatal(err)
	}

	_, env = st.get("/accountApplication/reviewMyRegApplication", &creds)
	rv := decode[struct {
		Loan        struct{ AmountPence int64 }
		Purpose     string
		PurposeText string
		Housing     *struct{ MonthlyCostPence int64 }
		Addresses   []struct{ MovedIn string }
		Income      *struct {
			AnnualIncomePence int64
			EmploymentStatus  string
		}
		FutureIncomeChange *struct{ Expected bool }
		CreditAssessment   []struct{ QuestionID, Value string }
		OpenBanking        string
	}](t, env)
	if rv.Loan.AmountPence != 6_000_00 || rv.Purpose != "other" || rv.PurposeText != "A new boiler" || rv.Housing == nil ||
		rv.Housing.MonthlyCostPence != 700_00 || len(rv.Addresses) != 1 || rv.Income == nil || rv.Income.AnnualIncomePence != 30_000_00 ||
		rv.FutureIncomeChange == nil || rv.FutureIncomeChange.Expected || len(rv.CreditAssessment) != 4 || rv.OpenBanking != lending.OpenBankingSkipped {
		t.Fatalf("review %+v", rv)
	}

	_, env = st.get("/accountApplication/checkCreditConcern", &creds)
	if cc := decode[struct{ Required, Done bool }](t, env); cc.Required || !cc.Done {
		t.Fatalf("credit concern %+v", cc)
	}
	_, env = st.get("/accountApplication/creditConcernAgreement", &creds)
	doc := decode[struct{ Title, HTML string }](t, env)
	if doc.Title == "" || !strings.Contains(doc.HTML, "<h") || strings.Contains(doc.HTML, "<style") || strings.Contains(doc.HTML, "<script") {
		t.Fatalf("credit concern agreement %q %.200s", doc.Title, doc.HTML)
	}

	// The submission with the last answer; a repeated submission answers the first outcome.
	_, env = st.post("/accountApplication/futureIncomeChangeAndSubmitApplication", map[string]any{"expected": false}, &creds)
	info = decode[legacyInfo](t, env)
	if info.ApprovalStatus != lending.ApprovalApproved || info.Status != lending.ApplicationApproved || info.Decision == nil ||
		info.Decision.Outcome != lending.OutcomeApproved || info.RegStage.ContractSubmitted != 1 {
		t.Fatalf("submitted %+v", info)
	}
	if got := st.application(a.ID); got.Status != lending.ApplicationApproved || got.DecisionID == "" {
		t.Fatalf("lending core %s %q", got.Status, got.DecisionID)
	}
	_, env = st.post("/accountApplication/submitApplicationToAdb", nil, &creds)
	if again := decode[legacyInfo](t, env); again.ApprovalStatus != lending.ApprovalApproved {
		t.Fatalf("again %+v", again)
	}
	res, env = st.post("/accountApplication/updateLoanPurposeDetail", map[string]string{"purpose": "car"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "can no longer be changed")
	_, env = st.get("/accountApplication/getPart2DeclineReason", &creds)
	if d := decode[legacyDecision](t, env); d.Outcome != lending.OutcomeApproved || len(d.Reasons) != 0 {
		t.Fatalf("decision %+v", d)
	}
}

// TestLegacyDeclineReasons: a declined application's reasons, in plain English.
func TestLegacyDeclineReasons(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	// The income confirmed cannot afford the loan: the decision declines it (affordability).
	a := st.submitted(st.inProgressFor("jo.low@example.com", ""), "jo.low@example.com", 12_000_00)
	if a.Status != lending.ApplicationDeclined {
		t.Fatalf("fixture %s", a.Status)
	}
	creds := st.signIn(a.CustomerID)
	_, env := st.get("/accountApplication/getPart2DeclineReason", &creds)
	d := decode[legacyDecision](t, env)
	if d.Outcome != lending.OutcomeDeclined || len(d.Reasons) == 0 || d.Reasons[0].Text == "" {
		t.Fatalf("decision %+v", d)
	}
	want, err := st.lending().Decision(context.Background(), a.ID)
	if err != nil || want.Reasons[0].Code != d.Reasons[0].Code {
		t.Fatalf("lending core reasons %+v %v", want.Reasons, err)
	}
}

// TestLegacyCallsNeedASessionAndAnApplication: no session is 401; a customer with no application is
// told so (100404), on every legacy call.
func TestLegacyCallsNeedASessionAndAnApplication(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	cu, err := st.lending().CreateCustomer(context.Background(), lending.CreateCustomerRequest{Email: "none.legacy@example.com", FirstName: "No", LastName: "App"}, "")
	if err != nil {
		t.Fatal(err)
	}
	creds := st.signIn(cu.ID)
	for _, c := range []struct {
		method, path, body string
	}{
		{http.MethodPost, "/accountApplication/loanCalc", `{"amountPence":200000,"termMonths":12}`},
		{http.MethodPost, "/accountApplication/confirmLoanDetails", `{"amountPence":200000,"termMonths":12}`},
		{http.MethodPost, "/accountApplication/updateRentInfo", `{"housing":{"housingStatus":"living_with_family","monthlyCostPence":0}}`},
		{http.MethodPost, "/accountApplication/futureIncomeChange", `{"expected":false}`},
		{http.MethodPost, "/accountApplication/futureIncomeChangeAndSubmitApplication", `{"expected":false}`},
		{http.MethodPost, "/accountApplication/submitApplicationToAdb", ``},
		{http.MethodGet, "/accountApplication/reviewMyRegApplication", ``},
		{http.MethodGet, "/accountApplication/getPart2DeclineReason", ``},
		{http.MethodGet, "/accountApplication/checkCreditConcern", ``},
		{http.MethodGet, "/accountApplication/creditConcernAgreement", ``},
		{http.MethodGet, "/accountApplication/reviewMyAddress", ``},
		{http.MethodPost, "/accountApplication/updateLoanPurposeDetail", `{"purpose":"car"}`},
	} {
		body := func() io.Reader {
			if c.body == "" {
				return nil
			}
			return strings.NewReader(c.body)
		}
		res, env := st.call(c.method, st.api+c.path, body(), nil, nil)
		if res.StatusCode != http.StatusUnauthorized || env.ErrorCode != int(web.CodeUnauthenticated) {
			t.Fatalf("%s without a session: HTTP %d %+v", c.path, res.StatusCode, env)
		}
		res, env = st.call(c.method, st.api+c.path, body(), &creds, nil)
		wantFailure(t, res, env, web.CodeNotFound)
		wantMessageSays(t, env, "no application")
	}
}

// allowAtBank allows a consent at the Albion Bank on the provider's hosted page, as a browser would,
// and answers where the page sends the browser back to.
func allowAtBank(t *testing.T, pageURL, action string) *url.URL {
	t.Helper()
	code, body, _ := browserDo(t, http.MethodGet, pageURL, nil)
	m := hostedPageToken.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("GET consent page = %d", code)
	}
	code, _, loc := browserDo(t, http.MethodPost, pageURL, url.Values{"token": {m[1]}, "action": {action}, "bank": {"albion"}})
	u, err := url.Parse(loc)
	if code != http.StatusSeeOther || err != nil {
		t.Fatalf("POST consent page = %d %q", code, loc)
	}
	return u
}

// TestLegacyOpenBanking connects a bank through the provider's hosted consent page.
func TestLegacyOpenBanking(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	ctx := context.Background()
	a := st.inProgressFor("jo.bank@example.com", "")
	creds := st.signIn(a.CustomerID)

	// A cancelled consent is told plainly.
	_, env := st.get("/bank/getOBLink", &creds)
	cancelled := decode[struct{ AuthURL, ConsentID string }](t, env)
	back := allowAtBank(t, st.hostedPage(cancelled.AuthURL), "cancel")
	res, env := st.get("/bank/completedOB?"+back.RawQuery, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "You cancelled connecting your bank")

	_, env = st.get("/bank/getOBLink", &creds)
	link := decode[struct{ AuthURL, ConsentID string }](t, env)
	_, env = st.get("/bank/getOBStatus?consentId="+link.ConsentID, &creds)
	if s := decode[struct {
		ConsentStatus, Step string
		Recorded            bool
	}](t, env); s.ConsentStatus != openbanking.StatusAwaiting || s.Step != lending.OpenBankingNone || s.Recorded {
		t.Fatalf("before the bank: %+v", s)
	}
	res, env = st.get("/bank/createApplication?consentId="+link.ConsentID, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "has not given access yet")

	back = allowAtBank(t, st.hostedPage(link.AuthURL), "allow")
	q := back.Query()
	if back.Path != "/bank_c" || q.Get(openbanking.ReturnParamConsentID) != link.ConsentID || q.Get(openbanking.ReturnParamCode) == "" {
		t.Fatalf("the bank returned to %s", back)
	}
	_, env = st.get("/bank/completedOB?"+back.RawQuery, &creds)
	info := decode[struct {
		RegStage struct{ OpenBanking int }
	}](t, env)
	if info.RegStage.OpenBanking != 1 {
		t.Fatalf("after the bank: %+v", info)
	}
	if got := st.application(a.ID); got.OpenBanking.Status != lending.OpenBankingLinked || got.OpenBanking.ConsentID != link.ConsentID {
		t.Fatalf("lending core open banking %+v", got.OpenBanking)
	}
	res, env = st.get("/bank/completedOB?"+back.RawQuery, &creds)
	wantFailure(t, res, env, web.CodeBadRequest) // the code works once
	wantMessageSays(t, env, "expired or has been used")
	_, env = st.get("/bank/getOBStatus?consentId="+link.ConsentID, &creds)
	if s := decode[struct {
		ConsentStatus, BankName, Step string
		Recorded                      bool
	}](t, env); s.ConsentStatus != openbanking.StatusAuthorised || s.BankName == "" || s.Step != lending.OpenBankingLinked || !s.Recorded {
		t.Fatalf("after the bank: %+v", s)
	}
	_, env = st.get("/bank/createApplication?consentId="+link.ConsentID, &creds)
	if again := decode[struct {
		RegStage struct{ OpenBanking int }
	}](t, env); again.RegStage.OpenBanking != 1 {
		t.Fatalf("recorded again: %+v", again)
	}

	// Another customer's consent is not found, whatever the call.
	obc := openbanking.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(openbanking.Name)), nil)
	other, err := obc.CreateConsent(ctx, "", openbanking.CreateConsent{CustomerReference: "cus_someone_else", RedirectURL: "http://127.0.0.1/bank_c",
		ClientDisplayName: "Meadow Loans"})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/bank/getOBStatus?consentId=", "/bank/createApplication?consentId=", "/bank/completedOB?code=x&consentId="} {
		res, env = st.get(path+other.ID, &creds)
		wantFailure(t, res, env, web.CodeNotFound)
	}

	// Once submitted, the application takes no bank.
	st.submitted(st.application(a.ID), "jo.bank@example.com", 30_000_00)
	res, env = st.get("/bank/getOBLink", &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "does not need a bank connection")

	// No session: 401.
	for _, path := range []string{"/bank/getOBLink", "/bank/getOBStatus?consentId=x", "/bank/createApplication?consentId=x", "/bank/completedOB?consentId=x"} {
		res, env = st.get(path, nil)
		if res.StatusCode != http.StatusUnauthorized || env.ErrorCode != int(web.CodeUnauthenticated) {
			t.Fatalf("%s without a session: HTTP %d %+v", path, res.StatusCode, env)
		}
	}
}
