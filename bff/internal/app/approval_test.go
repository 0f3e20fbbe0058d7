package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
	sandboxpayments "lender/sandbox/payments"
	sandbox "lender/sandbox/server"
)

// The after-approval stages through the BFF, against the real sandbox over HTTP: each call's answer,
// the lending core's resulting state, and the hosted checkout and identity pages driven as a browser
// would drive them.

// approvalEnv points the hosted pages' return URLs at the sandbox's app URL in the harness.
var approvalEnv = map[string]string{"BFF_AUTH_PUBLIC_URL": "http://127.0.0.1"}

// progressOf is the ApplicationProgress of an answer.
type progressOf struct {
	ApplicationID        string   `json:"applicationId"`
	Status               string   `json:"status"`
	RegStage             string   `json:"regStage"`
	PendingStages        []string `json:"pendingStages"`
	AdditionalOperations []string `json:"additionalOperations"`
	LoanID               string   `json:"loanId"`
}

func (st *stack) identityClient() identity.API {
	return identity.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(identity.Name)), nil)
}

func (st *stack) paymentsClient() payments.API {
	return payments.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(payments.Name)), nil)
}

// hosted is a hosted page's URL on the test's sandbox: the harness's sandbox names its public URL
// http://127.0.0.1, where nothing listens.
func (st *stack) hostedPage(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		st.t.Fatal(err)
	}
	return st.upstream.URL + u.RequestURI()
}

// approvedFor makes a customer (Jo Bloggs, with a PIN) with an application decided through the
// lending core's own steps, as the journey would; email's tags choose the decision (approved without
// one). brokerID may be "".
func (st *stack) approvedFor(email, brokerID string) lending.Application {
	st.t.Helper()
	return st.approvedOwnedBy(email, brokerID, "")
}

// approvedOwnedBy is approvedFor with an application the brand owner owns ("" for the default).
func (st *stack) approvedOwnedBy(email, brokerID, owner string) lending.Application {
	st.t.Helper()
	a := st.inProgressOwnedBy(email, brokerID, owner)
	if _, err := st.lending().SetPIN(context.Background(), a.CustomerID, "1357"); err != nil {
		st.t.Fatal(err)
	}
	return st.submitted(a, email, 30_000_00)
}

// submitted does every step of a before submission, with the yearly income given, and submits it.
func (st *stack) submitted(a lending.Application, email string, incomePence int64) lending.Application {
	st.t.Helper()
	ctx, l := context.Background(), st.lending()
	id := a.ID
	var err error
	for _, step := range []func() (lending.Application, error){
		func() (lending.Application, error) { return l.ConfirmLoan(ctx, id, lending.ConfirmLoanRequest{}) },
		func() (lending.Application, error) { return l.RecordEmailVerified(ctx, id, email) },
		func() (lending.Application, error) {
			return l.UpdatePurpose(ctx, id, lending.PurposeRequest{Purpose: lending.PurposeCar})
		},
		func() (lending.Application, error) {
			return l.UpdateHousing(ctx, id, lending.HousingDetails{Status: lending.HousingRentingPrivate, MonthlyCostPence: 700_00,
				PayMethod: lending.PayStandingOrder})
		},
		func() (lending.Application, error) {
			return l.UpdateAddressHistory(ctx, id, lending.AddressHistoryRequest{Addresses: []lending.AddressHistoryInput{
				{GazetteerID: "gz_LM38RD_03", MovedIn: "2015-01"}}})
		},
		func() (lending.Application, error) {
			return l.UpdateIncome(ctx, id, lending.Income{AnnualIncomePence: incomePence, EmploymentStatus: lending.EmploymentFullTime,
				PayFrequency: lending.PayMonthly})
		},
		func() (lending.Application, error) {
			return l.UpdateFutureIncomeChange(ctx, id, lending.FutureIncomeChange{})
		},
		func() (lending.Application, error) {
			return l.AnswerCreditAssessment(ctx, id, lending.CreditAssessmentRequest{Answers: []lending.CreditAssessmentAnswer{
				{QuestionID: "dependants", Value: "0"}, {QuestionID: "credit_commitments", Value: "0"},
				{QuestionID: "missed_payments", Value: "no"}, {QuestionID: "expenses_change", Value: "no"}}})
		},
		func() (lending.Application, error) {
			return l.UpdateOpenBanking(ctx, id, lending.OpenBankingUpdate{Status: lending.OpenBankingSkipped})
		},
		func() (lending.Application, error) { return l.SubmitApplication(ctx, id, "") },
	} {
		if a, err = step(); err != nil {
			st.t.Fatal(err)
		}
	}
	return a
}

var smsCodePattern = regexp.MustCompile(`\b(\d{6})\b`)

// phoneCode is the newest code texted to phone (E.164), read from the sandbox's mailbox.
func (st *stack) phoneCode(phone string) string {
	st.t.Helper()
	msgs, err := st.notify().Messages(context.Background(), notify.MessageQuery{To: phone, Kind: notify.KindSMS, Limit: 1})
	if err != nil || len(msgs) == 0 {
		st.t.Fatalf("no SMS to %s: %v", phone, err)
	}
	m := smsCodePattern.FindStringSubmatch(msgs[0].Text)
	if m == nil {
		st.t.Fatalf("SMS without a code: %q", msgs[0].Text)
	}
	return m[1]
}

func wantMessageSays(t *testing.T, env envelope, want string) {
	t.Helper()
	if !strings.Contains(env.ErrorMessage, want) {
		t.Fatalf("message %q, want it to say %q", env.ErrorMessage, want)
	}
}

var cpaCheckoutToken = regexp.MustCompile(`name="formToken" value="([^"]+)"`)

// hostedPageToken is the form token of the sandbox's hosted identity and bank consent pages.
var hostedPageToken = regexp.MustCompile(`name="token" value="([^"]+)"`)

// payOnCheckout fills the hosted checkout at pageURL with card and answers where it sends the browser.
func payOnCheckout(t *testing.T, pageURL, card string) *url.URL {
	t.Helper()
	code, body, _ := browserDo(t, http.MethodGet, pageURL, nil)
	m := cpaCheckoutToken.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("GET checkout = %d", code)
	}
	code, _, loc := browserDo(t, http.MethodPost, pageURL, url.Values{sandboxpayments.FieldFormToken: {m[1]},
		sandboxpayments.FieldCardNumber: {card}, sandboxpayments.FieldExpiry: {"12/49"},
		sandboxpayments.FieldName: {"Jo Bloggs"}, sandboxpayments.FieldCVC: {"123"}})
	u, err := url.Parse(loc)
	if code != http.StatusSeeOther || err != nil {
		t.Fatalf("POST card = %d %q", code, loc)
	}
	return u
}

// passIdentityCheck passes the hosted identity check at pageURL and answers where it sends the browser.
func passIdentityCheck(t *testing.T, pageURL string) *url.URL {
	t.Helper()
	code, body, _ := browserDo(t, http.MethodGet, pageURL, nil)
	m := hostedPageToken.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("GET identity check = %d", code)
	}
	code, _, loc := browserDo(t, http.MethodPost, pageURL, url.Values{"token": {m[1]}, "outcome": {"pass"}})
	u, err := url.Parse(loc)
	if code != http.StatusSeeOther || err != nil {
		t.Fatalf("POST identity check = %d %q", code, loc)
	}
	return u
}

// TestAfterApprovalStagesToDrawdown walks a broker's applicant from approval to an open loan through
// every after-approval call, checking each answer against the lending core.
func TestAfterApprovalStagesToDrawdown(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	ctx := context.Background()
	a := st.approvedFor("jo.after@example.com", "brk_northgate")
	if a.Status != lending.ApplicationApproved {
		t.Fatalf("fixture status %s", a.Status)
	}
	creds := st.signIn(a.CustomerID)

	// setPhone: a code to a UK mobile, then the number recorded.
	res, env := st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "0161 496 0000"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "UK mobile")
	res, env = st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900777"}, &creds)
	if decode[struct {
		ExpiresInSeconds int `json:"expiresInSeconds"`
	}](t, env).ExpiresInSeconds <= 0 || res.StatusCode != 200 {
		t.Fatal("no expiry")
	}
	code := st.phoneCode("+447700900777")
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	res, env = st.post("/user/phoneVerification", map[string]string{"phoneNumber": "07700 900777", "code": wrong}, &creds)
	wantFailure(t, res, env, web.CodeWrongCode)
	wantMessageSays(t, env, "4 tries left")
	_, env = st.post("/user/phoneVerification", map[string]string{"phoneNumber": "07700900777", "code": code}, &creds)
	p := decode[progressOf](t, env)
	if p.ApplicationID != a.ID || p.Status != lending.ApplicationApproved || p.RegStage != lending.StageConfirmationPayee {
		t.Fatalf("after the phone: %+v", p)
	}
	if got := st.application(a.ID); got.RegStage.SetPhone != lending.StageDone {
		t.Fatalf("lending core setPhone = %d", got.RegStage.SetPhone)
	}
	res, env = st.post("/user/phoneVerification", map[string]string{"phoneNumber": "07700900777", "code": code}, &creds)
	wantFailure(t, res, env, web.CodeWrongCode) // used once
	wantMessageSays(t, env, "ask for a new code")

	// confirmationPayee: a close match names the bank's name; the right name confirms.
	res, env = st.post("/payment/confirmationOfPayee", map[string]string{"sortCode": "99-01-0", "accountNumber": "31926819", "accountName": "Jo Bloggs"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	_, env = st.post("/payment/confirmationOfPayee", map[string]string{"sortCode": "99-01-02", "accountNumber": "31926819", "accountName": "J Bloggs"}, &creds)
	type payeeResult struct {
		Outcome, Reason, BankAccountName string
		Confirmed                        bool
		Payee                            *struct{ AccountName, SortCode, AccountNumberLast4 string }
	}
	if pr := decode[payeeResult](t, env); pr.Outcome != lending.PayeeCloseMatch || pr.BankAccountName != "Jo Bloggs" || pr.Confirmed {
		t.Fatalf("close match: %+v", pr)
	}
	_, env = st.post("/payment/confirmationOfPayee", map[string]string{"sortCode": "99-01-02", "accountNumber": "99999999", "accountName": "Jo Bloggs"}, &creds)
	if pr := decode[payeeResult](t, env); pr.Outcome != lending.PayeeNoMatch || pr.Reason != lending.PayeeReasonAccountNotFound {
		t.Fatalf("no match: %+v", pr)
	}
	_, env = st.post("/payment/confirmationOfPayee", map[string]string{"sortCode": "99 01 02", "accountNumber": "31926819", "accountName": "Mr Jo Bloggs"}, &creds)
	if pr := decode[payeeResult](t, env); pr.Outcome != lending.PayeeMatch || !pr.Confirmed || pr.Payee == nil || pr.Payee.AccountNumberLast4 != "6819" {
		t.Fatalf("match: %+v", pr)
	}
	if got := st.application(a.ID); got.RegStage.ConfirmationPayee != lending.StageDone || got.Payee.SortCode != "99-01-02" {
		t.Fatalf("lending core payee: %+v", got.Payee)
	}

	// setCpa: the hosted checkout saves the card; paymentSessionInfo attaches it.
	_, env = st.post("/payment/createCpaLink", nil, &creds)
	link := decode[struct{ PaymentLinkID, URL string }](t, env)
	if link.PaymentLinkID == "" || link.URL == "" {
		t.Fatalf("link %+v", link)
	}
	_, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+link.PaymentLinkID, &creds)
	type sessionInfo struct {
		Status      string
		CpaAttached bool
		Card        *struct{ Brand, Last4 string }
		Application progressOf
	}
	if si := decode[sessionInfo](t, env); si.Status != payments.StatusCreated || si.CpaAttached || si.Application.RegStage != lending.StageSetCPA {
		t.Fatalf("before the checkout: %+v", si)
	}
	back := payOnCheckout(t, st.hostedPage(link.URL), "4242 4242 4242 4242")
	if back.Path != "/pay/acquired-setcpa" || back.Query().Get("status") != payments.StatusSucceeded {
		t.Fatalf("checkout returned to %s", back)
	}
	_, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+link.PaymentLinkID, &creds)
	si := decode[sessionInfo](t, env)
	if si.Status != payments.StatusSucceeded || !si.CpaAttached || si.Card == nil || si.Card.Last4 != "4242" ||
		si.Application.RegStage != lending.StageCommissionConsent {
		t.Fatalf("after the checkout: %+v", si)
	}
	stored, err := st.paymentsClient().PaymentLink(ctx, link.PaymentLinkID)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.application(a.ID); got.CPA == nil || got.CPA.CardToken != stored.CardToken {
		t.Fatalf("lending core CPA %+v, want the card %s", got.CPA, stored.CardToken)
	}
	// A link of another customer is not found.
	other, err := st.paymentsClient().CreatePaymentLink(ctx, payments.CreatePaymentLinkRequest{AmountPence: 0, StoreCard: true,
		Currency: payments.CurrencyGBP, MerchantReference: "cpa-" + a.ID, CustomerReference: "cus_someone_else",
		Description: "Card", MerchantDisplayName: "Meadow Loans", ReturnURL: "http://127.0.0.1/pay/acquired-setcpa"}, "")
	if err != nil {
		t.Fatal(err)
	}
	res, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+other.ID, &creds)
	wantFailure(t, res, env, web.CodeNotFound)
	res, env = st.get("/payment/paymentSessionInfo?paymentLinkId=plink_nothing", &creds)
	wantFailure(t, res, env, web.CodeNotFound)

	// commissionConsent: the broker's commission is disclosed and must be accepted before signing.
	_, env = st.get("/application/commissionInfo", &creds)
	ci := decode[struct {
		Required    bool
		BrokerFirm  string
		AmountPence int64
		Disclosure  string
		Consented   bool
	}](t, env)
	if !ci.Required || ci.AmountPence != a.Quote.AmountPence*3/100 || ci.Disclosure == "" || ci.Consented {
		t.Fatalf("commission %+v", ci)
	}

	// The documents.
	for _, page := range []string{"about-your-loan", "loan-key-facts", "loan-agreement"} {
		_, env = st.post("/account/getReplaceContent", map[string]string{"page": page}, &creds)
		rc := decode[struct{ Page, Title, HTML string }](t, env)
		if rc.Page != page || rc.Title == "" || !strings.Contains(rc.HTML, "Jo Bloggs") && page == "loan-agreement" {
			t.Fatalf("%s: %+v", page, rc)
		}
		for _, banned := range []string{"<style", "<script", "<html", "<head", "style=", "class="} {
			if strings.Contains(rc.HTML, banned) {
				t.Fatalf("%s keeps %s", page, banned)
			}
		}
		if !strings.Contains(rc.HTML, "<h1>") && !strings.Contains(rc.HTML, "<h2>") {
			t.Fatalf("%s lost its structure: %.200s", page, rc.HTML)
		}
	}
	res, env = st.post("/account/getReplaceContent", map[string]string{"page": "secrets"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	pdfRes, pdf := st.postForBytes("/account/generateReviewContract", &creds)
	sum := sha256.Sum256(pdf)
	digest := hex.EncodeToString(sum[:])
	if pdfRes.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(pdf), "%PDF-") ||
		pdfRes.Header.Get("X-Document-Sha256") != digest {
		t.Fatalf("review contract: %s, %q, digest %s vs %s", pdfRes.Header.Get("Content-Type"), pdf[:min(8, len(pdf))],
			pdfRes.Header.Get("X-Document-Sha256"), digest)
	}

	// signature: commission first, then the borrower's own name and the agreement shown.
	res, env = st.post("/account/signaturePdf", map[string]string{"signerName": "Jo Bloggs", "documentSha256": digest}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "commission")
	res, env = st.post("/application/commissionConsent", map[string]bool{"accept": false}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	_, env = st.post("/application/commissionConsent", map[string]bool{"accept": true}, &creds)
	if p := decode[progressOf](t, env); p.RegStage != lending.StageSignature {
		t.Fatalf("after the commission: %+v", p)
	}
	res, env = st.post("/account/signaturePdf", map[string]string{"signerName": "Sam Taylor", "documentSha256": digest}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "full name")
	res, env = st.post("/account/signaturePdf", map[string]string{"signerName": "Jo Bloggs", "documentSha256": strings.Repeat("0", 64)}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "read the new agreement")
	res, env = st.post("/account/signaturePdf", map[string]string{"signerName": "Jo Bloggs", "documentSha256": "abc"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	_, env = st.post("/account/signaturePdf", map[string]string{"signerName": "  jo   BLOGGS ", "documentSha256": digest}, &creds)
	if p := decode[progressOf](t, env); p.RegStage != lending.StageIDV {
		t.Fatalf("after signing: %+v", p)
	}
	if got := st.application(a.ID); got.Signature == nil || got.Signature.DocumentSHA256 != digest {
		t.Fatalf("lending core signature %+v, want %s", got.Signature, digest)
	}

	// idv: the hosted check; its pass is the last stage, so the loan opens.
	_, env = st.get("/application/render/getIdvLink", &creds)
	idv := decode[struct{ CheckID, URL string }](t, env)
	type idvResult struct {
		CheckID, CheckStatus string
		Reasons              []string
		Application          progressOf
	}
	_, env = st.post("/application/render/completeIdv", map[string]string{"checkId": idv.CheckID}, &creds)
	if r := decode[idvResult](t, env); r.CheckStatus != identity.StatusPending || r.Application.RegStage != lending.StageIDV {
		t.Fatalf("before the check: %+v", r)
	}
	otherCheck, err := st.identityClient().CreateCheck(ctx, "", identity.CreateCheck{Reference: "app_someone_else", ReturnURL: "http://127.0.0.1/idv/post_idv"})
	if err != nil {
		t.Fatal(err)
	}
	res, env = st.post("/application/render/completeIdv", map[string]string{"checkId": otherCheck.ID}, &creds)
	wantFailure(t, res, env, web.CodeNotFound)
	back = passIdentityCheck(t, st.hostedPage(idv.URL))
	if back.Path != "/idv/post_idv" || back.Query().Get(identity.ReturnParamCheckID) != idv.CheckID {
		t.Fatalf("identity check returned to %s", back)
	}
	_, env = st.post("/application/render/completeIdv", map[string]string{"checkId": idv.CheckID}, &creds)
	r := decode[idvResult](t, env)
	if r.CheckStatus != identity.StatusPassed || r.Application.Status != lending.ApplicationDrawnDown || r.Application.LoanID == "" ||
		len(r.Application.PendingStages) != 0 {
		t.Fatalf("after the check: %+v", r)
	}
	got := st.application(a.ID)
	if got.Status != lending.ApplicationDrawnDown || got.LoanID != r.Application.LoanID || got.Identity.CheckID != idv.CheckID {
		t.Fatalf("lending core: %s loan %s identity %+v", got.Status, got.LoanID, got.Identity)
	}

	// A repeated completion or an explicit drawdown opens no second loan.
	_, env = st.post("/application/render/completeIdv", map[string]string{"checkId": idv.CheckID}, &creds)
	if again := decode[idvResult](t, env); again.Application.LoanID != got.LoanID {
		t.Fatalf("again: %+v", again)
	}
	_, env = st.post("/application/drawdown", nil, &creds)
	if p := decode[progressOf](t, env); p.LoanID != got.LoanID || p.Status != lending.ApplicationDrawnDown {
		t.Fatalf("drawdown again: %+v", p)
	}
	_, env = st.get("/payment/paymentSessionInfo?paymentLinkId="+link.PaymentLinkID, &creds)
	if si := decode[sessionInfo](t, env); !si.CpaAttached || si.Application.LoanID != got.LoanID {
		t.Fatalf("the checkout read again once drawn down: %+v", si)
	}
	loans, err := st.lending().CustomerLoans(ctx, a.CustomerID)
	if err != nil || len(loans) != 1 || loans[0].ID != got.LoanID || loans[0].ApplicationID != a.ID {
		t.Fatalf("loans %+v %v", loans, err)
	}

	// The dashboard's figures are the lending core's.
	wantSummary(t, st, &creds, "", loans[0].ID)
	wantSummary(t, st, &creds, "?loanId="+loans[0].ID, loans[0].ID)
}

// wantSummary checks loanAction/loanSummary against the lending core's loan.
func wantSummary(t *testing.T, st *stack, creds *credentials, query, loanID string) {
	t.Helper()
	_, env := st.get("/loanAction/loanSummary"+query, creds)
	s := decode[struct {
		LoanID                 string
		Status                 string
		AmountPence            int64
		TermMonths             int
		BalancePence           int64
		MonthlyInstalmentPence int64
		AprPercent             string
		AnnualRatePercent      string
		InstalmentsRemaining   int
		ArrearsPence           int64
		NextPayment            *struct {
			DueDate     string
			AmountPence int64
		}
		FinalDueDate string
	}](t, env)
	l, err := st.lending().Loan(context.Background(), loanID)
	if err != nil {
		t.Fatal(err)
	}
	if s.LoanID != l.ID || s.Status != l.Status || s.AmountPence != l.AmountPence || s.TermMonths != l.TermMonths ||
		s.BalancePence != l.BalancePence || s.MonthlyInstalmentPence != l.MonthlyInstalmentPence || s.AprPercent != l.APRPercent ||
		s.AnnualRatePercent != l.AnnualRatePercent || s.InstalmentsRemaining != l.InstalmentsRemaining ||
		s.ArrearsPence != l.Arrears.AmountPence || s.FinalDueDate != l.FinalDueDate || s.NextPayment == nil ||
		s.NextPayment.DueDate != l.NextPayment.DueDate || s.NextPayment.AmountPence != l.NextPayment.AmountPence {
		t.Fatalf("summary %+v\nloan %+v", s, l)
	}
	if s.BalancePence <= 0 || s.AprPercent == "" {
		t.Fatalf("summary without figures: %+v", s)
	}
}

// postForBytes posts an empty body to path and answers the response with its body.
func (st *stack) postForBytes(path string, creds *credentials) (*http.Response, []byte) {
	st.t.Helper()
	return st.fetch(http.MethodPost, path, creds)
}

// TestAfterApprovalCallsNeedASessionAndTheRightStage: no session is 401 on every call; a call before
// approval is refused with a clear 100400; staff acting for the borrower cannot change the phone.
func TestAfterApprovalCallsNeedASessionAndTheRightStage(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, "/user/sendPhoneVerificationCode"}, {http.MethodPost, "/user/phoneVerification"},
		{http.MethodPost, "/payment/confirmationOfPayee"}, {http.MethodPost, "/payment/createCpaLink"},
		{http.MethodGet, "/payment/paymentSessionInfo?paymentLinkId=plink_x"}, {http.MethodGet, "/application/commissionInfo"},
		{http.MethodPost, "/application/commissionConsent"}, {http.MethodPost, "/account/getReplaceContent"},
		{http.MethodPost, "/account/generateReviewContract"}, {http.MethodPost, "/account/signaturePdf"},
		{http.MethodGet, "/application/render/getIdvLink"}, {http.MethodPost, "/application/render/completeIdv"},
		{http.MethodPost, "/application/drawdown"}, {http.MethodGet, "/loanAction/loanSummary"},
		{http.MethodPost, "/accountApplication/counterofferResponse"},
	} {
		var body io.Reader
		if c.method == http.MethodPost {
			body = strings.NewReader("{}")
		}
		res, env := st.call(c.method, st.api+c.path, body, nil, nil)
		if res.StatusCode != http.StatusUnauthorized || env.ErrorCode != int(web.CodeUnauthenticated) {
			t.Fatalf("%s %s without a session: HTTP %d %+v", c.method, c.path, res.StatusCode, env)
		}
	}

	// An application not yet submitted: the after-approval steps are not open.
	ctx, l := context.Background(), st.lending()
	earlyApp := st.inProgressFor("jo.early@example.com", "")
	cu := lending.Customer{ID: earlyApp.CustomerID}
	early := st.signIn(cu.ID)
	for _, c := range []struct {
		path string
		body any
	}{
		{"/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900778"}},
		{"/payment/confirmationOfPayee", map[string]string{"sortCode": "99-01-02", "accountNumber": "31926819", "accountName": "Jo Bloggs"}},
		{"/payment/createCpaLink", nil},
		{"/account/signaturePdf", map[string]string{"signerName": "Jo Bloggs", "documentSha256": strings.Repeat("a", 64)}},
		{"/application/drawdown", nil},
		{"/accountApplication/counterofferResponse", map[string]bool{"accept": true}},
		{"/account/getReplaceContent", map[string]string{"page": "loan-agreement"}},
	} {
		res, env := st.post(c.path, c.body, &early)
		wantFailure(t, res, env, web.CodeBadRequest)
		if env.ErrorMessage == web.Catalogue[web.CodeBadRequest].Message {
			t.Fatalf("%s: the catalogue's default message, want a clear one", c.path)
		}
	}
	res, env := st.get("/application/render/getIdvLink", &early)
	wantFailure(t, res, env, web.CodeBadRequest)
	res, env = st.get("/loanAction/loanSummary", &early)
	wantFailure(t, res, env, web.CodeBadRequest)
	wantMessageSays(t, env, "no loan")

	// A customer with no application is told so.
	none, err := l.CreateCustomer(ctx, lending.CreateCustomerRequest{Email: "jo.none@example.com", FirstName: "Jo", LastName: "None"}, "")
	if err != nil {
		t.Fatal(err)
	}
	nobody := st.signIn(none.ID)
	for _, path := range []string{"/payment/createCpaLink", "/application/drawdown", "/account/generateReviewContract"} {
		res, env := st.post(path, nil, &nobody)
		wantFailure(t, res, env, web.CodeNotFound)
		wantMessageSays(t, env, "no application")
	}
	res, env = st.get("/application/commissionInfo", &nobody)
	wantFailure(t, res, env, web.CodeNotFound)

	// Staff acting for a borrower may not give them a phone number.
	a := st.approvedFor("jo.staff@example.com", "")
	staff := st.staffActing(a.CustomerID, "stf_ops")
	res, env = st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900779"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)
	res, env = st.post("/user/phoneVerification", map[string]string{"phoneNumber": "07700 900779", "code": "123456"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)

	// Sends to one number are limited per customer and number (5 a window by default).
	creds := st.signIn(a.CustomerID)
	for i := range 5 {
		if _, env := st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900781"}, &creds); env.ErrorCode != 0 {
			t.Fatalf("send %d: %+v", i+1, env)
		}
	}
	res, env = st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900781"}, &creds)
	wantFailure(t, res, env, web.CodeRateLimited)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}

	// A loan of another customer is not found.
	otherLoan, err := l.CreateLoan(ctx, lending.CreateLoanRequest{CustomerID: cu.ID, AmountPence: 2_000_00, TermMonths: 12}, "test-other-loan")
	if err != nil {
		t.Fatal(err)
	}
	res, env = st.get("/loanAction/loanSummary?loanId="+otherLoan.ID, &creds)
	wantFailure(t, res, env, web.CodeNotFound)
}

// TestAnotherCustomersNumberIsRefusedBeforeAnyCodeIsSent: a number that belongs to another customer is
// refused at once, with no text sent to it, in the words of every other refusal of a number (here, one
// taken by someone else between the code and its check), and refused numbers count against the
// borrower's sends, so trying number after number soon meets the limit.
func TestAnotherCustomersNumberIsRefusedBeforeAnyCodeIsSent(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	a := st.approvedFor("jo.phone@example.com", "")
	creds := st.signIn(a.CustomerID)
	const refused = "We cannot use this number. Enter a different UK mobile number."

	// 07700 900101 is the persona up-to-date's.
	res, env := st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900101"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != refused || fieldOf(t, env) != "phoneNumber" {
		t.Fatalf("another customer's number: %q on %q", env.ErrorMessage, fieldOf(t, env))
	}
	if sms := st.messages("+447700900101", notify.KindSMS); len(sms) != 0 {
		t.Fatalf("%d texts went to the other customer's number", len(sms))
	}

	// A number taken by another customer after its code was sent is refused the same way at the check.
	_, env = st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900782"}, &creds)
	decode[struct{}](t, env)
	if _, err := st.lending().CreateCustomer(context.Background(), lending.CreateCustomerRequest{Email: "sam.phone@example.com",
		FirstName: "Sam", LastName: "Taylor", Phone: "07700 900782"}, ""); err != nil {
		t.Fatal(err)
	}
	res, taken := st.post("/user/phoneVerification", map[string]string{"phoneNumber": "07700 900782", "code": st.phoneCode("+447700900782")}, &creds)
	wantFailure(t, res, taken, web.CodeBadRequest)
	if taken.ErrorMessage != refused || fieldOf(t, taken) != "phoneNumber" {
		t.Fatalf("a number taken meanwhile: %q on %q, want %q", taken.ErrorMessage, fieldOf(t, taken), refused)
	}
	if got := st.application(a.ID); got.RegStage.SetPhone == lending.StageDone {
		t.Fatal("the taken number was recorded")
	}

	// Two sends so far; three more refused numbers reach the borrower's allowance of five, and the next
	// is 429 before the lending core is asked whose it is.
	for _, n := range []string{"07700 900102", "07700 900103", "07700 900104"} {
		res, env := st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": n}, &creds)
		wantFailure(t, res, env, web.CodeBadRequest)
		if env.ErrorMessage != refused {
			t.Fatalf("%s: %q", n, env.ErrorMessage)
		}
	}
	res, env = st.post("/user/sendPhoneVerificationCode", map[string]string{"phoneNumber": "07700 900105"}, &creds)
	wantFailure(t, res, env, web.CodeRateLimited)
	for _, to := range []string{"+447700900102", "+447700900103", "+447700900104", "+447700900105"} {
		if sms := st.messages(to, notify.KindSMS); len(sms) != 0 {
			t.Fatalf("%d texts went to %s", len(sms), to)
		}
	}
}

// TestCounterofferResponse: accepting approves at the offer; declining withdraws.
func TestCounterofferResponse(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	accept := st.approvedFor("jo+counteroffer@example.com", "")
	decline := st.approvedFor("sam+counteroffer@example.com", "")
	if accept.Status != lending.ApplicationCounteroffer || decline.Status != lending.ApplicationCounteroffer {
		t.Fatalf("fixtures %s %s", accept.Status, decline.Status)
	}
	creds := st.signIn(accept.CustomerID)
	res, env := st.post("/accountApplication/counterofferResponse", map[string]string{"accept": "yes"}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	_, env = st.post("/accountApplication/counterofferResponse", map[string]bool{"accept": true}, &creds)
	if p := decode[progressOf](t, env); p.Status != lending.ApplicationApproved {
		t.Fatalf("accepted: %+v", p)
	}
	if got := st.application(accept.ID); got.Status != lending.ApplicationApproved || got.Quote.AmountPence != accept.Decision.Offer.AmountPence {
		t.Fatalf("lending core: %s at %d", got.Status, got.Quote.AmountPence)
	}
	res, env = st.post("/accountApplication/counterofferResponse", map[string]bool{"accept": true}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest) // answered already

	other := st.signIn(decline.CustomerID)
	_, env = st.post("/accountApplication/counterofferResponse", map[string]bool{"accept": false}, &other)
	if p := decode[progressOf](t, env); p.Status != lending.ApplicationWithdrawn {
		t.Fatalf("declined: %+v", p)
	}
}

// TestDrawdownOpensOneLoan: concurrent drawdowns of a ready application open exactly one loan.
func TestDrawdownOpensOneLoan(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	const customer = "cus_sign_over" // the sign-over persona: ready_for_drawdown
	creds := st.signIn(customer)
	var wg sync.WaitGroup
	ids := make([]string, 4)
	for i := range ids {
		wg.Go(func() {
			_, env := st.post("/application/drawdown", nil, &creds)
			if env.ErrorCode == 0 {
				var p progressOf
				_ = json.Unmarshal(env.ResultData, &p)
				ids[i] = p.LoanID
			}
		})
	}
	wg.Wait()
	loans, err := st.lending().CustomerLoans(context.Background(), customer)
	if err != nil || len(loans) != 1 {
		t.Fatalf("loans %+v %v", loans, err)
	}
	for i, id := range ids {
		if id != loans[0].ID {
			t.Fatalf("drawdown %d answered loan %q, want %s", i, id, loans[0].ID)
		}
	}
	wantSummary(t, st, &creds, "", loans[0].ID)
}
