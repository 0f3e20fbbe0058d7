package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/transport"
	"lender/sandbox/personas"
	sandbox "lender/sandbox/server"
)

// Seeded borrowers of the sandbox (sandbox/personas).
const (
	withPIN    = "up-to-date@" + personas.Domain // PIN personas.PIN, cus_up_to_date
	lockedPIN  = "pin-locked@" + personas.Domain
	withoutPIN = "regstage-setpassword@" + personas.Domain
)

// post sends body as JSON to the operation at path (under the API base).
func (st *stack) post(path string, body any, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		st.t.Fatal(err)
	}
	return st.call(http.MethodPost, st.api+path, bytes.NewReader(b), creds, nil)
}

// lending is a client of the stack's lending core, for arranging data and reading what the BFF did.
func (st *stack) lending() lending.API {
	return lending.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(lending.Name)), nil)
}

func (st *stack) notify() notify.API {
	return notify.New(transport.DefaultConfig(st.upstream.URL+sandbox.Prefix(notify.Name)), nil)
}

type loginResult struct {
	AccessToken string `json:"accessToken"`
	UUID        string `json:"uuid"`
	ApplyID     string `json:"applyId"`
	Email       string `json:"email"`
	FirstName   string `json:"firstName"`
	PinSet      bool   `json:"pinSet"`
	PinLocked   bool   `json:"pinLocked"`
	StaffActing bool   `json:"staffActing"`
	HasLoan     bool   `json:"hasLoan"`
}

// signedIn reads a successful sign-in answer: the result and the credentials a browser now holds.
func (st *stack) signedIn(res *http.Response, env envelope) (loginResult, credentials) {
	st.t.Helper()
	if res.StatusCode != http.StatusOK || env.Status != 200 || env.ErrorCode != 0 {
		st.t.Fatalf("sign-in answered HTTP %d %+v", res.StatusCode, env)
	}
	var r loginResult
	if err := json.Unmarshal(env.ResultData, &r); err != nil {
		st.t.Fatal(err)
	}
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "_borrower") && c.Value != "" {
			return r, credentials{token: r.AccessToken, cookie: c}
		}
	}
	st.t.Fatalf("sign-in set no borrower cookie")
	return r, credentials{}
}

// pinSignIn signs in with an e-mail address and PIN.
func (st *stack) pinSignIn(email, pin string) (loginResult, credentials) {
	st.t.Helper()
	return st.signedIn(st.post("/user/checkPinCode", map[string]string{"email": email, "pin": pin}, nil))
}

// staffActing starts a session of staff member staffID acting for customerID, as staff sign-in does,
// through the same signin package: the staff member's own session, then the borrower session it opens.
func (st *stack) staffActing(customerID, staffID string) credentials {
	st.t.Helper()
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	if _, err := st.srv.Sessions().Start(c, c, session.NewSession{Subject: staffID, Audience: session.AudienceStaff,
		Role: "staff", Proof: session.ProofPassword}); err != nil {
		st.t.Fatal(err)
	}
	staff, _ := session.From(c)
	rec = httptest.NewRecorder()
	c, _ = gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", nil)
	res, err := signin.New(st.lending(), st.srv.Sessions()).Start(c, customerID, signin.Options{Proof: session.ProofStaff, Staff: staff})
	if err != nil {
		st.t.Fatal(err)
	}
	if !res.StaffActing {
		st.t.Fatal("the staff session does not say staff are acting")
	}
	return credentials{token: res.AccessToken, cookie: rec.Result().Cookies()[0]}
}

func wantFailure(t *testing.T, res *http.Response, env envelope, code web.Code) {
	t.Helper()
	entry := web.Catalogue[code]
	if res.StatusCode != entry.HTTPStatus || env.ErrorCode != int(code) || env.Status != entry.BodyStatus || env.ErrorMessage == "" {
		t.Fatalf("answer HTTP %d %+v, want code %d on HTTP %d", res.StatusCode, env, code, entry.HTTPStatus)
	}
}

func TestCheckPinCodeSignsInWithEmailAndPIN(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)

	res, env := st.post("/user/checkPinCode", map[string]string{"pin": "1357"}, nil)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "Enter your e-mail address" {
		t.Fatalf("no e-mail: %q", env.ErrorMessage)
	}

	res, wrong := st.post("/user/checkPinCode", map[string]string{"email": withPIN, "pin": "9999"}, nil)
	wantFailure(t, res, wrong, web.CodeWrongPIN)
	res, unknown := st.post("/user/checkPinCode", map[string]string{"email": "nobody@example.com", "pin": "1357"}, nil)
	wantFailure(t, res, unknown, web.CodeWrongPIN)
	if unknown.ErrorMessage != wrong.ErrorMessage {
		t.Fatalf("an unknown address answers %q, a wrong PIN %q: they must not differ", unknown.ErrorMessage, wrong.ErrorMessage)
	}

	r, creds := st.pinSignIn(strings.ToUpper(withPIN), personas.PIN)
	if r.UUID != "cus_up_to_date" || !r.PinSet || r.StaffActing || r.AccessToken == "" {
		t.Fatalf("signed in as %+v", r)
	}
	if st.authorised(creds) != http.StatusOK {
		t.Fatal("the new session is not accepted")
	}
	// A borrower with a loan is told so, for the app to take them to it; an applicant is not.
	if !r.HasLoan || r.ApplyID != "" {
		t.Fatalf("the up-to-date borrower signs in with hasLoan %v and applyId %q, want a loan and no application", r.HasLoan, r.ApplyID)
	}
	applicant, _ := st.pinSignIn("regstage-setphone@"+personas.Domain, personas.PIN)
	if applicant.HasLoan || applicant.ApplyID == "" {
		t.Fatalf("an applicant signs in with hasLoan %v and applyId %q, want no loan and their application", applicant.HasLoan, applicant.ApplyID)
	}
}

func TestCheckPinCodeLockedAndMissingPINs(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)

	res, env := st.post("/user/checkPinCode", map[string]string{"email": lockedPIN, "pin": personas.PIN}, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)

	res, env = st.post("/user/checkPinCode", map[string]string{"email": withoutPIN, "pin": "1357"}, nil)
	wantFailure(t, res, env, web.CodeRedirectLogin)
	if !strings.Contains(env.ErrorMessage, "You have not set a PIN yet") {
		t.Fatalf("no PIN: %q", env.ErrorMessage)
	}

	for i := 1; i < lending.MaxPINAttempts; i++ {
		res, env = st.post("/user/checkPinCode", map[string]string{"email": withPIN, "pin": "0000"}, nil)
		wantFailure(t, res, env, web.CodeWrongPIN)
	}
	// The fifth wrong PIN locks it, and says so at once.
	res, env = st.post("/user/checkPinCode", map[string]string{"email": withPIN, "pin": "0000"}, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)
	res, env = st.post("/user/checkPinCode", map[string]string{"email": withPIN, "pin": personas.PIN}, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)
}

func TestCheckPinCodeWithASessionStepsUpToANewSession(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	_, old := st.pinSignIn(withPIN, personas.PIN)

	// With a session the e-mail is ignored: this is the session's customer's PIN being checked.
	res, env := st.post("/user/checkPinCode", map[string]string{"email": "arrears@" + personas.Domain, "pin": "2222"}, &old)
	wantFailure(t, res, env, web.CodeWrongPIN)
	if st.authorised(old) != http.StatusOK {
		t.Fatal("a wrong PIN ended the session")
	}

	r, fresh := st.signedIn(st.post("/user/checkPinCode", map[string]string{"email": "arrears@" + personas.Domain, "pin": personas.PIN}, &old))
	if r.UUID != "cus_up_to_date" || fresh.token == old.token || fresh.cookie.Value == old.cookie.Value {
		t.Fatalf("step-up answered %+v with the same credentials", r)
	}
	if st.authorised(old) == http.StatusOK {
		t.Fatal("the session before the step-up still works")
	}
	if st.authorised(fresh) != http.StatusOK {
		t.Fatal("the session after the step-up does not work")
	}
}

func TestPINTriesAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_AUTH_VERIFIES_PER_ADDRESS": "3"})
	for range 3 {
		res, env := st.post("/user/checkPinCode", map[string]string{"email": "guess@example.com", "pin": "1111"}, nil)
		wantFailure(t, res, env, web.CodeWrongPIN)
	}
	res, env := st.post("/user/checkPinCode", map[string]string{"email": "Guess@Example.com", "pin": "1111"}, nil)
	wantFailure(t, res, env, web.CodeRateLimited)
	// The limit is the address's: another address from the same client is still answered.
	res, env = st.post("/user/checkPinCode", map[string]string{"email": "other@example.com", "pin": "1111"}, nil)
	wantFailure(t, res, env, web.CodeWrongPIN)
}

func TestSetPinCode(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	res, env := st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	_, creds := st.pinSignIn(withPIN, personas.PIN)
	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2469"}, &creds)
	wantFailure(t, res, env, web.CodePINMismatch)

	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, &creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 || !strings.Contains(string(env.ResultData), `"pinSet":true`) {
		t.Fatalf("setPinCode = HTTP %d %+v", res.StatusCode, env)
	}
	res, env = st.post("/user/checkPinCode", map[string]string{"email": withPIN, "pin": personas.PIN}, nil)
	wantFailure(t, res, env, web.CodeWrongPIN)
	if r, _ := st.pinSignIn(withPIN, "2468"); r.UUID != "cus_up_to_date" {
		t.Fatalf("the new PIN signed in %+v", r)
	}
}

func TestStaffActingSessionCannotSetThePIN(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	staff := st.staffActing("cus_up_to_date", "stf_demo")
	res, env := st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)

	// The lending core still has the old PIN.
	v, err := st.lending().VerifyPIN(context.Background(), "cus_up_to_date", personas.PIN)
	if err != nil || !v.Verified {
		t.Fatalf("the old PIN after a refused change: %+v %v", v, err)
	}
	// A borrower's own session may (the gate is about staff, not about the call).
	_, own := st.pinSignIn(withPIN, personas.PIN)
	if res, env := st.post("/user/setPinCode", map[string]string{"pin": "2468", "pinConfirm": "2468"}, &own); env.ErrorCode != 0 {
		t.Fatalf("the borrower's own setPinCode = HTTP %d %+v", res.StatusCode, env)
	}
}

// registration is the user/createDecisionUser body of the person softCheckBody checks.
func registration(checkID, email string) map[string]any {
	return map[string]any{"eligibilityCheckId": checkID, "firstName": "Sam", "lastName": "Taylor",
		"dateOfBirth": "1990-05-01", "email": email, "purpose": lending.PurposeCar, "clientName": "harbour"}
}

// confirmationToken is the token of the newest confirmation mail to email.
func (st *stack) confirmationToken(email string) string {
	st.t.Helper()
	msgs, err := st.notify().Messages(context.Background(), notify.MessageQuery{To: email})
	if err != nil || len(msgs) == 0 {
		st.t.Fatalf("no mail to the applicant: %v", err)
	}
	const prefix = "http://localhost:8080/#/email_verify_soft?token="
	for _, l := range msgs[0].Links {
		if strings.HasPrefix(l, prefix) {
			u, _ := url.Parse(strings.Replace(l, "/#/", "/", 1))
			return u.Query().Get("token")
		}
	}
	st.t.Fatalf("the mail has no confirmation link: %v", msgs[0].Links)
	return ""
}

func TestCreateDecisionUserRegistersAndSignsIn(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	const email = "Sam.Taylor@Example.com"
	check := softCheckBody(email)
	check["clientName"] = "harbour" // the white-label app names its brand on the check and the registration
	checkID, cookie := st.softCheck(check)
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteStrictMode {
		t.Fatalf("the check's browser cookie: %+v", cookie)
	}

	r, creds := st.signedIn(st.register(registration(checkID, email), cookie))
	if r.UUID == "" || r.ApplyID == "" || r.Email != strings.ToLower(email) || r.PinSet || st.authorised(creds) != http.StatusOK {
		t.Fatalf("registered as %+v", r)
	}
	app, err := st.lending().Application(ctx, r.ApplyID)
	if err != nil || app.CustomerID != r.UUID || !app.OnePage || app.ApplicationOwner != "harbour" || app.EligibilityCheckID != checkID {
		t.Fatalf("the application %+v %v", app, err)
	}
	if app.Quote.FeePence != 1000 { // harbour's £10 (bff/config.yaml), priced by the check, kept by the application
		t.Fatalf("the application's fee %d, want harbour's 1000", app.Quote.FeePence)
	}
	if cu, err := st.lending().Customer(ctx, r.UUID); err != nil || !cu.Provisional {
		t.Fatalf("a new registration's customer: %+v %v", cu, err)
	}
	if token := st.confirmationToken(strings.ToLower(email)); len(token) < 43 {
		t.Fatalf("the confirmation token %q is under 256 bits", token)
	}
	// The link works only while the registration's session lives: an hour, and the mail says so.
	if msgs, _ := st.notify().Messages(ctx, notify.MessageQuery{To: strings.ToLower(email), Limit: 1}); len(msgs) != 1 ||
		!strings.Contains(msgs[0].Text, "on the device you are applying on, within 1 hour:") {
		t.Fatalf("the confirmation mail: %+v", msgs)
	}

	other, otherCookie := st.softCheck(softCheckBody(email))
	res, env := st.register(registration(other, email), otherCookie)
	wantFailure(t, res, env, web.CodeAlreadyRegistered)

	declined := softCheckBody("jo+decline@example.com")
	declinedID, declinedCookie := st.softCheck(declined)
	if declinedCookie != nil {
		t.Fatal("a declined check was bound to the browser: it can open nothing")
	}
	res, env = st.register(registration(declinedID, "jo+decline@example.com"), cookie)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "could not find your eligibility check in this browser") {
		t.Fatalf("a declined check: %q", env.ErrorMessage)
	}
	res, env = st.register(registration("elig_nonexistent", "new@example.com"), cookie)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "could not find your eligibility check") {
		t.Fatalf("an unknown check: %q", env.ErrorMessage)
	}
}

func TestCreateDecisionUserDoubleSubmitMakesOneCustomer(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	const email = "double@example.com"
	checkID, cookie := st.softCheck(softCheckBody(email))
	var wg sync.WaitGroup
	envs := make([]envelope, 2)
	for i := range envs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, envs[i] = st.register(registration(checkID, email), cookie)
		}()
	}
	wg.Wait()
	uuids := map[string]bool{}
	for _, env := range envs {
		switch env.ErrorCode {
		case 0:
			var r loginResult
			_ = json.Unmarshal(env.ResultData, &r)
			uuids[r.UUID] = true
		case int(web.CodeAlreadyRegistered):
		default:
			t.Fatalf("a double submit answered %+v", env)
		}
	}
	cu, err := st.lending().CustomerByEmail(context.Background(), email)
	if len(uuids) != 1 || err != nil || !uuids[cu.ID] {
		t.Fatalf("signed in as %v; the lending core has %+v %v", uuids, cu, err)
	}
	apps, err := st.lending().CustomerApplications(context.Background(), cu.ID)
	if err != nil || len(apps) != 1 {
		t.Fatalf("the customer has %d applications (%v), want 1", len(apps), err)
	}
}

func TestEmailSoftConfirmation(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	first, firstCreds := st.registered("first@example.com")
	second, secondCreds := st.registered("second@example.com")
	firstToken, secondToken := st.confirmationToken("first@example.com"), st.confirmationToken("second@example.com")

	res, env := st.post("/user/emailSoftConfirmation", map[string]string{"token": firstToken}, nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)
	res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": strings.Repeat("A", 43)}, &firstCreds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	// Another customer's link does not confirm this customer's address, nor use the link up.
	res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": secondToken}, &firstCreds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	if app, _ := st.lending().Application(ctx, second.ApplyID); app.EmailVerification == lending.StageDone {
		t.Fatal("the second application was confirmed by the first customer")
	}

	unproven := firstCreds
	res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": firstToken}, &firstCreds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 || !strings.Contains(string(env.ResultData), first.UUID) ||
		firstCreds.token == unproven.token {
		t.Fatalf("confirmation = HTTP %d %+v", res.StatusCode, env)
	}
	if app, err := st.lending().Application(ctx, first.ApplyID); err != nil || app.EmailVerification != lending.StageDone {
		t.Fatalf("the application after confirmation: %+v %v", app, err)
	}
	res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": firstToken}, &firstCreds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)

	if res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": secondToken}, &secondCreds); env.ErrorCode != 0 {
		t.Fatalf("the second customer's own link = HTTP %d %+v", res.StatusCode, env)
	}
}

func TestStartOverApply(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	r, creds := st.registered("again@example.com")
	res, env := st.post("/user/startOverApply", struct{}{}, &creds)
	wantFailure(t, res, env, web.CodeEmailUnproven)
	st.proved("again@example.com", &creds)

	res, env = st.post("/user/startOverApply", struct{}{}, &creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		t.Fatalf("startOverApply = HTTP %d %+v", res.StatusCode, env)
	}
	var u loginResult
	_ = json.Unmarshal(env.ResultData, &u)
	if u.UUID != r.UUID || u.ApplyID == "" || u.ApplyID == r.ApplyID {
		t.Fatalf("after starting over %+v, before %+v", u, r)
	}
	if old, err := st.lending().Application(context.Background(), r.ApplyID); err != nil || old.Status != lending.ApplicationWithdrawn {
		t.Fatalf("the old application: %+v %v", old, err)
	}

	cu, err := st.lending().CreateCustomer(context.Background(), lending.CreateCustomerRequest{Email: "none@example.com", FirstName: "No", LastName: "App"}, "")
	if err != nil {
		t.Fatal(err)
	}
	none := st.signIn(cu.ID)
	res, env = st.post("/user/startOverApply", struct{}{}, &none)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "You have no application to start over." {
		t.Fatalf("no application: %q", env.ErrorMessage)
	}
}

// startedOver is the part of user/startOverApply's answer (the signed-in user) the tests compare.
type startedOver struct {
	UUID            string `json:"uuid"`
	ApplyID         string `json:"applyId"`
	OnePage         bool   `json:"onePage"`
	LoanAmountPence int64  `json:"loanAmountPence"`
	LoanTermMonths  int    `json:"loanTermMonths"`
}

// TestStartOverApplyAfterClosing: an applicant who withdrew their application, or declined a
// counteroffer, starts a new one carrying the same loan re-priced, in the same journey; the lending
// core keeps the closed one withdrawn for its own reason and names the new one, which is the
// application the journey calls now act on.
func TestStartOverApplyAfterClosing(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	withdrawn := st.approvedFor("again-mind@example.com", "")
	mind := st.signIn(withdrawn.CustomerID)
	if _, env := st.post(withdrawPath, nil, &mind); env.ErrorCode != 0 {
		t.Fatalf("withdrawal = %+v", env)
	}
	countered := st.approvedFor("again+counteroffer@example.com", "")
	offer := st.signIn(countered.CustomerID)
	if _, env := st.post("/accountApplication/counterofferResponse", map[string]bool{"accept": false}, &offer); env.ErrorCode != 0 {
		t.Fatalf("declining the counteroffer = %+v", env)
	}

	for _, tt := range []struct {
		name   string
		old    lending.Application
		creds  credentials
		reason string
	}{
		{"withdrawn", withdrawn, mind, lending.WithdrawnApplicantChangedMind},
		{"counteroffer declined", countered, offer, lending.WithdrawnCounterofferDeclined},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, env := st.post("/user/startOverApply", struct{}{}, &tt.creds)
			u := decode[startedOver](t, env)
			if u.UUID != tt.old.CustomerID || u.ApplyID == "" || u.ApplyID == tt.old.ID || u.OnePage != tt.old.OnePage ||
				u.LoanAmountPence != tt.old.Quote.AmountPence || u.LoanTermMonths != tt.old.Quote.TermMonths {
				t.Fatalf("started over: %+v, the closed one %s (%d over %d)", u, tt.old.ID, tt.old.Quote.AmountPence, tt.old.Quote.TermMonths)
			}
			fresh := st.application(u.ApplyID)
			if fresh.Status != lending.ApplicationInProgress || fresh.CustomerID != tt.old.CustomerID || !fresh.LoanConfirmedAt.IsZero() ||
				fresh.Quote.AmountPence != tt.old.Quote.AmountPence || fresh.Quote.TermMonths != tt.old.Quote.TermMonths {
				t.Fatalf("lending core, new: %s %+v", fresh.Status, fresh.Quote)
			}
			if closed := st.application(tt.old.ID); closed.Status != lending.ApplicationWithdrawn || closed.Withdrawal == nil ||
				closed.Withdrawal.Reason != tt.reason || closed.Withdrawal.ReplacedBy != u.ApplyID {
				t.Fatalf("lending core, closed: %s %+v", closed.Status, closed.Withdrawal)
			}
			_, env = st.get("/accountApplication/getApplicationInfo", &tt.creds)
			if info := decode[applicationInfo](t, env); info.ApplicationID != u.ApplyID || info.Status != lending.ApplicationInProgress ||
				info.RegStage.Welcome != lending.StagePending {
				t.Fatalf("getApplicationInfo after starting over: %+v", info)
			}
		})
	}
}

// TestStartOverApplyRefusesADeclinedApplication: a declined application is not followed by a new one
// this way (lending policy), and the applicant is told why; nothing changes in the lending core.
func TestStartOverApplyRefusesADeclinedApplication(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	const email = "again-declined@example.com"
	declined := st.submitted(st.inProgressFor(email, ""), email, 1_000_00) // an income that cannot afford the loan
	if declined.Status != lending.ApplicationDeclined {
		t.Fatalf("fixture %s", declined.Status)
	}
	creds := st.signIn(declined.CustomerID)
	res, env := st.post("/user/startOverApply", struct{}{}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "We cannot start a new application for you, because we declined your last one." {
		t.Fatalf("declined: %q", env.ErrorMessage)
	}
	apps, err := st.lending().CustomerApplications(context.Background(), declined.CustomerID)
	if err != nil || len(apps) != 1 || apps[0].Status != lending.ApplicationDeclined {
		t.Fatalf("the customer's applications: %+v %v", apps, err)
	}
}

// TestStartOverApplyDoubleClick: concurrent clicks after a withdrawal open exactly one new
// application, and every click answers it.
func TestStartOverApplyDoubleClick(t *testing.T) {
	t.Parallel()
	st := startStack(t, approvalEnv)
	a := st.approvedFor("again-twice@example.com", "")
	creds := st.signIn(a.CustomerID)
	if _, env := st.post(withdrawPath, nil, &creds); env.ErrorCode != 0 {
		t.Fatalf("withdrawal = %+v", env)
	}
	var wg sync.WaitGroup
	answers := make([]envelope, 4)
	for i := range answers {
		wg.Go(func() { _, answers[i] = st.post("/user/startOverApply", struct{}{}, &creds) })
	}
	wg.Wait()
	opened := map[string]bool{}
	for _, env := range answers {
		opened[decode[startedOver](t, env).ApplyID] = true
	}
	apps, err := st.lending().CustomerApplications(context.Background(), a.CustomerID)
	if err != nil || len(apps) != 2 || len(opened) != 1 || !opened[apps[0].ID] || apps[1].ID != a.ID {
		t.Fatalf("answers opened %v; the lending core has %d applications (%v)", opened, len(apps), err)
	}
	// Once it has been answered, a click read late answers the same new application.
	_, env := st.post("/user/startOverApply", struct{}{}, &creds)
	if again := decode[startedOver](t, env); !opened[again.ApplyID] {
		t.Fatalf("a late click opened %s", again.ApplyID)
	}
}
