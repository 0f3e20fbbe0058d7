package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/transport"
	sandbox "lender/sandbox/server"
)

// onePageEnv serves the app where the harness's sandbox sends hosted pages back to.
var onePageEnv = map[string]string{"BFF_AUTH_PUBLIC_URL": "http://127.0.0.1"}

// onePageInfo is the part of onePage/application/getOnePageApplicationInfo the tests compare.
type onePageInfo struct {
	ApplicationID string             `json:"applicationId"`
	UUID          string             `json:"uuid"`
	Status        string             `json:"status"`
	JourneyMap    lending.JourneyMap `json:"journeyMap"`
	Email         string             `json:"email"`
	Loan          loanInfo           `json:"loan"`
	Purpose       *struct {
		Purpose     string `json:"purpose"`
		PurposeText string `json:"purposeText"`
	} `json:"purpose"`
	Housing *struct {
		HousingStatus    string `json:"housingStatus"`
		MonthlyCostPence int64  `json:"monthlyCostPence"`
		PayMethod        string `json:"payMethod"`
	} `json:"housing"`
	Addresses []struct {
		GazetteerID string `json:"gazetteerId"`
		Manual      bool   `json:"manual"`
		MovedIn     string `json:"movedIn"`
		Label       string `json:"label"`
	} `json:"addresses"`
	Income             *lending.Income                  `json:"income"`
	FutureIncomeChange *lending.FutureIncomeChange      `json:"futureIncomeChange"`
	CreditAssessment   []lending.CreditAssessmentAnswer `json:"creditAssessment"`
	OpenBanking        struct {
		Status string `json:"status"`
	} `json:"openBanking"`
	Prefill *struct {
		MonthlyHousingCostPence *int64 `json:"monthlyHousingCostPence"`
	} `json:"prefill"`
}

// onePageStatus is the answer of the status and submission calls.
type onePageStatus struct {
	ApplicationID  string `json:"applicationId"`
	Phase          string `json:"phase"`
	Status         string `json:"status"`
	ApprovalStatus int    `json:"approvalStatus"`
	Decision       *struct {
		Outcome string `json:"outcome"`
		Reasons []struct {
			Code string `json:"code"`
			Text string `json:"text"`
		} `json:"reasons"`
		DecisionDueAt *time.Time `json:"decisionDueAt"`
		Counteroffer  *loanInfo  `json:"counteroffer"`
	} `json:"decision"`
}

// onePageApplicant registers email as the /amount steps do and answers the registration's session. An
// address whose tags would decide the soft check (+decline, +counteroffer) is registered without them,
// so the check passes, and changed to email before it is confirmed, as an applicant may: its tags then
// choose the decision at submission.
func (st *stack) onePageApplicant(email string) (loginResult, credentials) {
	st.t.Helper()
	at := strings.LastIndexByte(email, '@')
	plain := strings.ReplaceAll(email[:at], "+", ".") + email[at:]
	if strings.Contains(email, "+refer") || plain == email {
		return st.registered(email)
	}
	r, creds := st.registered(plain)
	res, env := st.post("/user/updateApplicationEmail", map[string]string{"email": email}, &creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		st.t.Fatalf("changing the address to %s: HTTP %d %+v", email, res.StatusCode, env)
	}
	r.Email = email
	return r, creds
}

// confirmedApplicant is onePageApplicant with the address confirmed from the mail, in the registration's
// browser: the session that follows has proved the address, as every step after the e-mail needs.
func (st *stack) confirmedApplicant(email string) (loginResult, credentials) {
	st.t.Helper()
	r, creds := st.onePageApplicant(email)
	st.step("/onePage/user/emailSoftConfirmation", map[string]string{"token": st.mailedToken(email)}, &creds)
	return r, creds
}

// mailedToken is the token of the newest confirmation mail to email, whatever the app's origin.
func (st *stack) mailedToken(email string) string {
	st.t.Helper()
	msgs, err := st.notify().Messages(context.Background(), notify.MessageQuery{To: email, Limit: 1})
	if err != nil || len(msgs) == 0 {
		st.t.Fatalf("no mail to the applicant: %v", err)
	}
	for _, l := range msgs[0].Links {
		if i := strings.Index(l, "/#/email_verify_soft?"); i >= 0 {
			q, _ := url.ParseQuery(l[i+len("/#/email_verify_soft?"):])
			return q.Get("token")
		}
	}
	st.t.Fatalf("the mail has no confirmation link: %v", msgs[0].Links)
	return ""
}

// step posts body to a one-page step and answers the journey after it.
func (st *stack) step(path string, body any, creds *credentials) onePageInfo {
	st.t.Helper()
	res, env := st.post(path, body, creds)
	if res.StatusCode != http.StatusOK {
		st.t.Fatalf("%s = HTTP %d %+v", path, res.StatusCode, env)
	}
	return decode[onePageInfo](st.t.(*testing.T), env)
}

// refused posts body and expects 100400 with a message containing want.
func (st *stack) refused(path string, body any, creds *credentials, want string) {
	st.t.Helper()
	res, env := st.post(path, body, creds)
	wantFailure(st.t.(*testing.T), res, env, web.CodeBadRequest)
	opWantMessage(st.t.(*testing.T), env, want)
}

var creditAnswers = []map[string]string{{"questionId": "dependants", "value": "0"},
	{"questionId": "credit_commitments", "value": "15000"}, {"questionId": "missed_payments", "value": "no"},
	{"questionId": "expenses_change", "value": "no"}}

var income = map[string]any{"annualIncomePence": 36_000_00, "employmentStatus": "full_time", "payFrequency": "monthly"}

// completeSteps answers every step but open banking through the BFF, as the step screens would.
func (st *stack) completeSteps(email string, creds *credentials) onePageInfo {
	st.t.Helper()
	return st.completeStepsAt(email, creds, 5_000_00)
}

// completeStepsAt is completeSteps confirming a loan of amountPence over 24 months.
func (st *stack) completeStepsAt(email string, creds *credentials, amountPence int64) onePageInfo {
	st.t.Helper()
	st.step("/onePage/application/confirmYourLoan", map[string]any{"amountPence": amountPence, "termMonths": 24}, creds)
	_, env := st.get("/onePage/application/getOnePageApplicationInfo", creds)
	if !decode[onePageInfo](st.t.(*testing.T), env).JourneyMap.AboutYou.EmailVerification {
		st.step("/onePage/user/emailSoftConfirmation", map[string]string{"token": st.mailedToken(email)}, creds)
	}
	st.step("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "car"}, creds)
	st.step("/onePage/user/updateRentInformation", map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 700_00, "payMethod": "standing_order"}, creds)
	st.step("/onePage/user/updateAddressHistory", map[string]any{"addresses": []map[string]any{
		{"address": map[string]any{"houseNumber": "1", "street": "Acacia Avenue", "town": "Lowmere", "postcode": "LM1 1AA"}, "movedIn": "2015-04"}}}, creds)
	st.step("/onePage/application/updateFutureIncomeChange", map[string]any{"expected": false}, creds)
	return st.step("/onePage/application/UpdateCreditAssessment", map[string]any{"income": income, "answers": creditAnswers}, creds)
}

func TestOnePageStepsRecordWhatTheLendingCoreHolds(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	const email = "steps@example.com"
	r, creds := st.onePageApplicant(email)

	res, env := st.get("/onePage/application/getOnePageApplicationInfo", &creds)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("getOnePageApplicationInfo = HTTP %d %+v", res.StatusCode, env)
	}
	info := decode[onePageInfo](t, env)
	if info.ApplicationID != r.ApplyID || info.Email != email || info.JourneyMap != (lending.JourneyMap{AboutYou: lending.AboutYou{LoanPurposeConfirm: true}}) ||
		info.Purpose == nil || info.Housing != nil || info.OpenBanking.Status != lending.OpenBankingNone ||
		info.Prefill == nil || info.Prefill.MonthlyHousingCostPence == nil || *info.Prefill.MonthlyHousingCostPence != 700_00 {
		t.Fatalf("a new application's journey: %+v", info)
	}

	// The loan: re-priced by the core, and refused outside the product's bounds.
	info = st.step("/onePage/application/confirmYourLoan", map[string]any{"amountPence": 6_000_00, "termMonths": 36}, &creds)
	a := st.application(r.ApplyID)
	if !info.JourneyMap.YourLoan.LoanValueConfirm || a.Quote.AmountPence != 6_000_00 || a.Quote.TermMonths != 36 ||
		info.Loan.AmountPence != a.Quote.AmountPence || info.Loan.MonthlyInstalmentPence != a.Quote.MonthlyInstalmentPence || !info.Loan.Confirmed {
		t.Fatalf("after confirming the loan: %+v, the core holds %+v", info, a.Quote)
	}
	st.refused("/onePage/application/confirmYourLoan", map[string]any{"amountPence": 500_00, "termMonths": 36}, &creds, "Enter an amount between £1,000 and £25,000")

	// The e-mail address, which every step after it needs: a new mail, confirmed through the one-page step.
	res, env = st.post("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "car"}, &creds)
	wantFailure(t, res, env, web.CodeEmailUnproven)
	res, env = st.post("/onePage/user/sendVerificationEmail", struct{}{}, &creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		t.Fatalf("sendVerificationEmail = HTTP %d %+v", res.StatusCode, env)
	}
	res, env = st.post("/onePage/user/emailSoftConfirmation", map[string]string{"token": strings.Repeat("A", 43)}, &creds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	if info = st.step("/onePage/user/emailSoftConfirmation", map[string]string{"token": st.mailedToken(email)}, &creds); !info.JourneyMap.AboutYou.EmailVerification {
		t.Fatalf("after confirming the address: %+v", info.JourneyMap)
	}

	// The purpose.
	st.refused("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "other"}, &creds, "Tell us what the loan is for")
	info = st.step("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "other", "purposeText": "A new boiler"}, &creds)
	if a = st.application(r.ApplyID); a.Purpose != lending.PurposeOther || a.PurposeText != "A new boiler" ||
		!info.JourneyMap.AboutYou.LoanPurposeConfirm || info.Purpose.PurposeText != "A new boiler" {
		t.Fatalf("after the purpose: %+v, the core holds %q %q", info.Purpose, a.Purpose, a.PurposeText)
	}

	// Housing.
	res, env = st.get("/onePage/application/fetchPayMethodsAndLivingSituations", &creds)
	options, err := st.lending().HousingOptions(context.Background())
	if got := decode[lending.HousingOptions](t, env); err != nil || res.StatusCode != http.StatusOK || !reflect.DeepEqual(got, options) {
		t.Fatalf("housing options = HTTP %d %+v, the core offers %+v %v", res.StatusCode, got, options, err)
	}
	st.refused("/onePage/user/updateRentInformation", map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 750_00}, &creds, "Choose how you pay for your housing")
	info = st.step("/onePage/user/updateRentInformation", map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 750_00, "payMethod": "direct_debit"}, &creds)
	if a = st.application(r.ApplyID); a.Housing == nil || *a.Housing != (lending.HousingDetails{Status: lending.HousingRentingPrivate, MonthlyCostPence: 750_00, PayMethod: lending.PayDirectDebit}) ||
		!info.JourneyMap.AboutYou.RentConfirm || info.Housing.PayMethod != "direct_debit" {
		t.Fatalf("after housing: %+v, the core holds %+v", info.Housing, a.Housing)
	}

	// Addresses: a postcode look-up's address and a typed one, newest first.
	addrs, err := st.lending().Addresses(context.Background(), "LM2 4QT")
	if err != nil || len(addrs.Addresses) == 0 {
		t.Fatalf("the gazetteer: %+v %v", addrs, err)
	}
	typed := map[string]any{"houseNumber": "9", "street": "Mill Lane", "town": "Lowmere", "postcode": "LM1 1AA"}
	st.refused("/onePage/user/updateAddressHistory", map[string]any{"addresses": []map[string]any{
		{"gazetteerId": addrs.Addresses[0].ID, "address": typed, "movedIn": "2024-06"}}}, &creds, "not both")
	st.refused("/onePage/user/updateAddressHistory", map[string]any{"addresses": []map[string]any{
		{"gazetteerId": addrs.Addresses[0].ID, "movedIn": "2019-06"}, {"address": typed, "movedIn": "2024-06"}}}, &creds, "moving-in date before")
	info = st.step("/onePage/user/updateAddressHistory", map[string]any{"addresses": []map[string]any{
		{"gazetteerId": addrs.Addresses[0].ID, "movedIn": "2024-06"}, {"address": typed, "movedIn": "2019-03"}}}, &creds)
	a = st.application(r.ApplyID)
	if len(a.Addresses) != 2 || a.Addresses[0].GazetteerID != addrs.Addresses[0].ID || !a.Addresses[1].Manual ||
		!info.JourneyMap.AboutYou.AddressUpdate || len(info.Addresses) != 2 || info.Addresses[0].Label != a.Addresses[0].Label ||
		info.Addresses[1].MovedIn != "2019-03" {
		t.Fatalf("after the addresses: %+v, the core holds %+v", info.Addresses, a.Addresses)
	}

	// Income and the credit assessment, then the future income change.
	res, env = st.get("/onePage/application/getCreditAssessmentQuestionsMetadata", &creds)
	questions, err := st.lending().CreditAssessmentQuestions(context.Background())
	if got := decode[lending.CreditAssessmentQuestions](t, env); err != nil || res.StatusCode != http.StatusOK || len(got.Questions) != len(questions.Questions) {
		t.Fatalf("questions = HTTP %d %+v, the core asks %+v %v", res.StatusCode, got, questions, err)
	} else {
		for i, q := range questions.Questions {
			g := got.Questions[i]
			if g.ID != q.ID || g.Text != q.Text || g.Type != q.Type || g.Required != q.Required || g.Hint != q.Hint || len(g.Options) != len(q.Options) {
				t.Fatalf("question %d = %+v, the core asks %+v", i, g, q)
			}
		}
	}
	st.refused("/onePage/application/UpdateCreditAssessment", map[string]any{"income": income, "answers": creditAnswers[1:]}, &creds, "Answer the question:")
	wrong := append([]map[string]string{{"questionId": "dependants", "value": "7"}}, creditAnswers[1:]...)
	st.refused("/onePage/application/UpdateCreditAssessment", map[string]any{"income": income, "answers": wrong}, &creds, "Check your answer to the question:")
	if a = st.application(r.ApplyID); a.Income != nil {
		t.Fatalf("a refused income step recorded the income %+v", a.Income)
	}
	info = st.step("/onePage/application/UpdateCreditAssessment", map[string]any{"income": income, "answers": creditAnswers}, &creds)
	a = st.application(r.ApplyID)
	if a.Income == nil || a.Income.AnnualIncomePence != 36_000_00 || len(a.CreditAssessment) != len(creditAnswers) ||
		!info.JourneyMap.AboutYou.IncomeConfirm || info.JourneyMap.VerifyIncome.IsFinished || len(info.CreditAssessment) != len(creditAnswers) {
		t.Fatalf("after the income step: %+v, the core holds %+v %+v", info, a.Income, a.CreditAssessment)
	}
	st.refused("/onePage/application/updateFutureIncomeChange", map[string]any{"expected": true, "direction": "decrease"}, &creds, "how your income will change")
	info = st.step("/onePage/application/updateFutureIncomeChange", map[string]any{"expected": true, "direction": "decrease", "reason": "reduced_hours", "newAnnualIncomePence": 30_000_00}, &creds)
	if a = st.application(r.ApplyID); a.FutureIncomeChange == nil || a.FutureIncomeChange.NewAnnualIncomePence != 30_000_00 ||
		!info.JourneyMap.VerifyIncome.IsFinished || info.FutureIncomeChange == nil || info.FutureIncomeChange.Reason != "reduced_hours" {
		t.Fatalf("after the future income change: %+v, the core holds %+v", info.FutureIncomeChange, a.FutureIncomeChange)
	}

	// The e-mail was confirmed above: it is not sent again.
	if a = st.application(r.ApplyID); a.EmailVerification != lending.StageDone {
		t.Fatalf("the core holds the e-mail as %d", a.EmailVerification)
	}
	st.refused("/onePage/user/sendVerificationEmail", struct{}{}, &creds, "confirmed already")

	// Skipping open banking (an addition to spec §7), then the journey's status.
	info = st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
	if a = st.application(r.ApplyID); !info.JourneyMap.AboutYou.OBSkip || a.OpenBanking.Status != lending.OpenBankingSkipped || info.Prefill != nil {
		t.Fatalf("after skipping open banking: %+v", info)
	}
	res, env = st.get("/onePage/application/getOnePageApplicationStatus", &creds)
	if s := decode[onePageStatus](t, env); res.StatusCode != http.StatusOK || s.Phase != "in_progress" || s.Decision != nil || s.ApplicationID != r.ApplyID {
		t.Fatalf("status before submitting: %+v", s)
	}
}

// An answer the contract refuses is 100400 before any handler runs.
func TestOnePageStepsRefuseMalformedBodies(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	_, creds := st.confirmedApplicant("malformed@example.com")
	for path, body := range map[string]any{
		"/onePage/application/confirmYourLoan":          map[string]any{"amountPence": "lots", "termMonths": 24},
		"/onePage/user/updateLoanPurpose":               map[string]any{"purpose": "yacht"},
		"/onePage/user/updateRentInformation":           map[string]any{"housingStatus": "castle", "monthlyCostPence": 0},
		"/onePage/user/updateAddressHistory":            map[string]any{"addresses": []map[string]any{{"gazetteerId": "x", "movedIn": "2019-13"}}},
		"/onePage/application/updateFutureIncomeChange": map[string]any{"expected": "maybe"},
		"/onePage/application/UpdateCreditAssessment":   map[string]any{"answers": creditAnswers},
	} {
		res, env := st.post(path, body, &creds)
		if res.StatusCode != http.StatusBadRequest || env.ErrorCode != int(web.CodeBadRequest) || env.ErrorMessage == "" {
			t.Errorf("%s with %v = HTTP %d %+v", path, body, res.StatusCode, env)
		}
	}
}

// Every one-page call needs a session, and serves only the signed-in customer's application.
func TestOnePageCallsNeedASessionAndServeOnlyTheCustomersOwn(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	first, firstCreds := st.confirmedApplicant("first@example.com")
	second, _ := st.confirmedApplicant("second@example.com")

	gets := []string{"/onePage/application/getOnePageApplicationInfo", "/onePage/application/getOnePageApplicationStatus",
		"/onePage/application/getCreditAssessmentQuestionsMetadata", "/onePage/application/fetchPayMethodsAndLivingSituations",
		"/onePage/application/completedOB?consentId=cns_x&state=" + strings.Repeat("s", 43) + "&code=c",
		"/accountApplication/getApplicationInfo"}
	posts := []string{"/onePage/application/confirmYourLoan", "/onePage/user/updateLoanPurpose", "/onePage/user/updateRentInformation",
		"/onePage/user/updateAddressHistory", "/onePage/application/updateFutureIncomeChange", "/onePage/application/UpdateCreditAssessment",
		"/onePage/user/sendVerificationEmail", "/onePage/user/emailSoftConfirmation", "/onePage/application/getOpenBankingLink",
		"/onePage/application/skipOpenBanking", "/onePage/application/submitApplicationToRender", "/onePage/application/submitInstantApplicationToRender"}
	for _, p := range gets {
		res, env := st.get(p, nil)
		wantFailure(t, res, env, web.CodeUnauthenticated)
	}
	for _, p := range posts {
		res, env := st.post(p, struct{}{}, nil)
		wantFailure(t, res, env, web.CodeUnauthenticated)
	}

	for _, p := range []string{"/onePage/application/getOnePageApplicationInfo", "/onePage/application/getOnePageApplicationStatus"} {
		res, env := st.get(p+"?uuid="+second.UUID, &firstCreds)
		wantFailure(t, res, env, web.CodeNotFound)
		if _, env = st.get(p+"?uuid="+first.UUID, &firstCreds); env.ErrorCode != 0 || strings.Contains(string(env.ResultData), second.ApplyID) {
			t.Fatalf("%s with the customer's own uuid: %+v", p, env)
		}
	}
	// A step changes the caller's application only.
	st.step("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "holiday"}, &firstCreds)
	if a := st.application(second.ApplyID); a.Purpose != lending.PurposeCar {
		t.Fatalf("the other customer's purpose became %q", a.Purpose)
	}
}

// connectBank asks for a link, then allows or cancels on the sandbox's consent page, and answers where
// the page sent the browser back to: the journey's submit step.
func (st *stack) connectBank(creds *credentials, action string) *url.URL {
	st.t.Helper()
	return st.connectBankBackTo(creds, action, "/loan/submit")
}

// connectBankBackTo is connectBank for a consent page that must send the browser back to path.
func (st *stack) connectBankBackTo(creds *credentials, action, path string) *url.URL {
	st.t.Helper()
	res, env := st.post("/onePage/application/getOpenBankingLink", struct{}{}, creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		st.t.Fatalf("getOpenBankingLink = HTTP %d %+v", res.StatusCode, env)
	}
	link := decode[struct {
		AuthURL   string `json:"authUrl"`
		ConsentID string `json:"consentId"`
	}](st.t.(*testing.T), env)
	page := st.opHosted(link.AuthURL)
	code, body, _ := browserDo(st.t.(*testing.T), http.MethodGet, page+"?step=bank&bank=albion", nil)
	m := hostedPageToken.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		st.t.Fatalf("the consent page = %d", code)
	}
	code, _, loc := browserDo(st.t.(*testing.T), http.MethodPost, page, url.Values{"token": {m[1]}, "bank": {"albion"}, "action": {action}})
	back, err := url.Parse(loc)
	if code != http.StatusSeeOther || err != nil {
		st.t.Fatalf("%s on the consent page = %d %q", action, code, loc)
	}
	if back.Scheme+"://"+back.Host+back.Path != "http://127.0.0.1"+path || back.Query().Get("from") != "render" ||
		back.Query().Get("consentId") != link.ConsentID || back.Query().Get("state") == "" {
		st.t.Fatalf("the consent page sent the browser back to %s", back)
	}
	return back
}

// finishBankReturn checks the return from the consent page as the app meets it, and finishes it:
//   - the page at the return path answers the app (which rewrites it to its hash route);
//   - the return is bound to the session that asked for the link: another session of the same customer
//     cannot use it (and does not use it up);
//   - the session that asked finishes it, and the journey as it then stands is answered.
func (st *stack) finishBankReturn(back *url.URL, customer string, creds *credentials) onePageInfo {
	st.t.Helper()
	t := st.t.(*testing.T)
	if res, err := http.Get(st.base + back.RequestURI()); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the app at the return path: %v %v", res, err)
	}
	other := st.signIn(customer)
	res, env := st.completedOB(back, &other)
	wantFailure(t, res, env, web.CodeBadRequest)
	res, env = st.completedOB(back, creds)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("completedOB = HTTP %d %+v", res.StatusCode, env)
	}
	return decode[onePageInfo](t, env)
}

// completedOB passes what the consent page returned to the BFF, as the app does from its hash route.
func (st *stack) completedOB(back *url.URL, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	q := url.Values{}
	for _, k := range []string{"consentId", "state", "code", "error"} {
		if v := back.Query().Get(k); v != "" {
			q.Set(k, v)
		}
	}
	return st.get("/onePage/application/completedOB?"+q.Encode(), creds)
}

func TestOpenBankingRoundTrip(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	r, creds := st.confirmedApplicant("bank@example.com")

	back := st.connectBank(&creds, "allow")
	info := st.finishBankReturn(back, r.UUID, &creds)
	a := st.application(r.ApplyID)
	if !info.JourneyMap.VerifyIncome.OpenBanking || info.OpenBanking.Status != lending.OpenBankingLinked ||
		a.OpenBanking.Status != lending.OpenBankingLinked || a.OpenBanking.ConsentID != back.Query().Get("consentId") {
		t.Fatalf("after connecting: %+v, the core holds %+v", info.JourneyMap, a.OpenBanking)
	}
	c, err := st.openBanking().Consent(context.Background(), a.OpenBanking.ConsentID)
	if err != nil || c.Status != openbanking.StatusAuthorised || c.CustomerReference != r.UUID {
		t.Fatalf("the consent %+v %v", c, err)
	}

	// A return is used once: a refresh of the return page answers the journey again, as the consent is
	// the one linked; the code is not exchanged twice.
	res, env := st.completedOB(back, &creds)
	if again := decode[onePageInfo](t, env); res.StatusCode != http.StatusOK || !again.JourneyMap.VerifyIncome.OpenBanking {
		t.Fatalf("a refreshed return = HTTP %d %+v", res.StatusCode, again)
	}

	// Cancelling at the bank: a clear message, and the step stays as it was.
	cancelled := st.connectBank(&creds, "cancel")
	if cancelled.Query().Get("error") != openbanking.ReturnErrorAccessDenied || cancelled.Query().Get("code") != "" {
		t.Fatalf("cancel returned to %s", cancelled)
	}
	res, env = st.completedOB(cancelled, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	opWantMessage(t, env, "You cancelled connecting your bank. Connect it to continue")

	// A state that was never issued is refused.
	forged := *back
	q := forged.Query()
	q.Set("state", strings.Repeat("x", 43))
	q.Set("consentId", "cns_never_issued")
	forged.RawQuery = q.Encode()
	res, env = st.completedOB(&forged, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)

	// Another customer cannot finish a return, nor read through it that a bank is linked.
	_, otherCreds := st.confirmedApplicant("someone-else@example.com")
	res, env = st.completedOB(back, &otherCreds)
	wantFailure(t, res, env, web.CodeBadRequest)
	opWantMessage(t, env, "expired or has been used already")
	theirs := st.connectBank(&otherCreds, "allow")
	res, env = st.completedOB(theirs, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if a := st.application(r.ApplyID); a.OpenBanking.ConsentID != back.Query().Get("consentId") {
		t.Fatalf("another customer's return changed the bank to %+v", a.OpenBanking)
	}
}

func (st *stack) openBanking() openbanking.API {
	return openbanking.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(openbanking.Name)), nil)
}

// submit sends a submission with key and answers the status.
func (st *stack) submit(path, key string, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	return st.call(http.MethodPost, st.api+path, strings.NewReader("{}"), creds, map[string]string{"Idempotency-Key": key})
}

func TestSubmitApprovedIsIdempotentAndListsMissingSteps(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)
	const email = "approve@example.com"
	r, creds := st.onePageApplicant(email)

	// Nothing is submitted before the address is proved.
	res, env := st.submit("/onePage/application/submitApplicationToRender", "key-unproven", &creds)
	wantFailure(t, res, env, web.CodeEmailUnproven)
	st.step("/onePage/user/emailSoftConfirmation", map[string]string{"token": st.mailedToken(email)}, &creds)

	// Missing steps are listed in plain words.
	res, env = st.submit("/onePage/application/submitApplicationToRender", "key-incomplete", &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	opWantMessage(t, env, "confirm your loan amount and term")
	opWantMessage(t, env, "connect your bank or choose to continue without it")
	res, env = st.post("/onePage/application/submitApplicationToRender", struct{}{}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest) // no Idempotency-Key

	st.completeSteps(email, &creds)
	st.completedOB(st.connectBank(&creds, "allow"), &creds)

	res, env = st.submit("/onePage/application/submitApplicationToRender", "key-approve-1", &creds)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("submit = HTTP %d %+v", res.StatusCode, env)
	}
	first := decode[onePageStatus](t, env)
	a := st.application(r.ApplyID)
	if first.Phase != "decided" || first.Status != lending.ApplicationApproved || first.Decision == nil ||
		first.Decision.Outcome != lending.OutcomeApproved || a.Status != lending.ApplicationApproved || first.ApprovalStatus != lending.ApprovalApproved {
		t.Fatalf("submitted: %+v, the core holds %s", first, a.Status)
	}

	// The same key answers the first decision again; another key is refused.
	_, env = st.submit("/onePage/application/submitApplicationToRender", "key-approve-1", &creds)
	if again := decode[onePageStatus](t, env); again.Phase != first.Phase || again.Decision.Outcome != first.Decision.Outcome {
		t.Fatalf("the replay answered %+v", again)
	}
	res, env = st.submit("/onePage/application/submitInstantApplicationToRender", "key-approve-2", &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	opWantMessage(t, env, "sent already")

	// After submission the steps are closed.
	st.refused("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "holiday"}, &creds, "can no longer be changed")
	st.refused("/onePage/application/getOpenBankingLink", struct{}{}, &creds, "can no longer be changed")
	st.refused("/onePage/application/skipOpenBanking", struct{}{}, &creds, "can no longer be changed")
	st.refused("/onePage/application/confirmYourLoan", map[string]any{"amountPence": 4_000_00, "termMonths": 24}, &creds, "can no longer be changed")
	_, env = st.get("/accountApplication/getApplicationInfo", &creds)
	wantInfoOf(t, decode[applicationInfo](t, env), st.application(r.ApplyID))
}

func TestSubmitDecisions(t *testing.T) {
	t.Parallel()
	st := startStack(t, onePageEnv)

	t.Run("declined with reasons", func(t *testing.T) {
		const email = "jo+decline@example.com"
		r, creds := st.onePageApplicant(email)
		st.completeSteps(email, &creds)
		st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
		_, env := st.submit("/onePage/application/submitInstantApplicationToRender", "key-decline", &creds)
		s := decode[onePageStatus](t, env)
		a := st.application(r.ApplyID)
		if s.Phase != "decided" || s.Decision.Outcome != lending.OutcomeDeclined || len(s.Decision.Reasons) == 0 ||
			s.Decision.Reasons[0].Text != a.Decision.Reasons[0].Text || s.ApprovalStatus != lending.ApprovalDeclined {
			t.Fatalf("declined: %+v, the core holds %+v", s, a.Decision)
		}
	})

	t.Run("referred, then decided when due", func(t *testing.T) {
		const email = "jo+refer@example.com"
		r, creds := st.onePageApplicant(email)
		st.completeSteps(email, &creds)
		st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
		_, env := st.submit("/onePage/application/submitApplicationToRender", "key-refer", &creds)
		s := decode[onePageStatus](t, env)
		a := st.application(r.ApplyID)
		if s.Phase != "submitted" || s.Decision.Outcome != lending.OutcomeReferred || s.Decision.DecisionDueAt == nil ||
			!s.Decision.DecisionDueAt.Equal(a.Decision.DecisionDueAt) {
			t.Fatalf("referred: %+v, the core holds %+v", s, a.Decision)
		}
		st.advanceClock("24h")
		_, env = st.get("/onePage/application/getOnePageApplicationStatus", &creds)
		if s = decode[onePageStatus](t, env); s.Phase != "decided" || s.Decision.Outcome != lending.OutcomeApproved || s.Status != lending.ApplicationApproved {
			t.Fatalf("after the decision was due: %+v", s)
		}
	})

	t.Run("counteroffer with its figures", func(t *testing.T) {
		const email = "jo+counteroffer@example.com"
		r, creds := st.onePageApplicant(email)
		st.completeSteps(email, &creds)
		st.step("/onePage/application/skipOpenBanking", struct{}{}, &creds)
		_, env := st.submit("/onePage/application/submitApplicationToRender", "key-counter", &creds)
		s := decode[onePageStatus](t, env)
		offer := st.application(r.ApplyID).Decision.Offer
		if s.Decision.Outcome != lending.OutcomeCounteroffer || s.Decision.Counteroffer == nil || offer == nil ||
			s.Decision.Counteroffer.AmountPence != offer.AmountPence || s.Decision.Counteroffer.MonthlyInstalmentPence != offer.MonthlyInstalmentPence ||
			s.Decision.Counteroffer.AmountPence >= 5_000_00 || s.ApprovalStatus != lending.ApprovalCounteroffer {
			t.Fatalf("counteroffer: %+v, the core offers %+v", s.Decision, offer)
		}
	})
}

// advanceClock moves the sandbox's clock forward by d (a Go duration).
func (st *stack) advanceClock(d string) {
	st.t.Helper()
	res, err := http.Post(st.upstream.URL+"/_sandbox/clock", "application/json", strings.NewReader(fmt.Sprintf(`{"advance":%q}`, d)))
	if err != nil || res.StatusCode != http.StatusOK {
		st.t.Fatalf("advance the clock: %v %v", res, err)
	}
	res.Body.Close()
}

func opWantMessage(t *testing.T, env envelope, want string) {
	t.Helper()
	if !strings.Contains(env.ErrorMessage, want) {
		t.Fatalf("message %q, want it to say %q", env.ErrorMessage, want)
	}
}

// opHosted is a hosted page's URL on the test's sandbox: the harness's sandbox names its public URL
// http://127.0.0.1, where nothing listens.
func (st *stack) opHosted(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		st.t.Fatal(err)
	}
	return st.upstream.URL + u.RequestURI()
}
