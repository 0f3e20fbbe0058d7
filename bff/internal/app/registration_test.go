package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/notify"
)

// A browser applying for a loan, as the /amount steps do: the soft check through the BFF (which binds
// the check to the browser with a cookie), then registration from the same browser.

// softCheckBody is the soft check of the person registration() registers: Sam Taylor, born 1 May 1990,
// £30,000 a year, £700 rent, £5,000 over 24 months for a car.
func softCheckBody(email string) map[string]any {
	return map[string]any{"firstName": "Sam", "lastName": "Taylor", "dateOfBirth": "1990-05-01", "email": email,
		"annualIncomePence": 30_000_00, "housingStatus": "renting_private", "monthlyHousingCostPence": 700_00,
		"address":     map[string]any{"houseNumber": "1", "street": "Acacia Avenue", "town": "Lowmere", "postcode": "LM1 1AA"},
		"amountPence": 5_000_00, "termMonths": 24, "purpose": "car"}
}

// softCheck runs body's soft check through the BFF in a new browser; it answers the check's id and the
// cookie binding the check to that browser (nil when none was set).
func (st *stack) softCheck(body map[string]any) (string, *http.Cookie) {
	st.t.Helper()
	res, env := st.post("/eligibility/eligibilitySubmit", body, nil)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		st.t.Fatalf("eligibilitySubmit = HTTP %d %+v", res.StatusCode, env)
	}
	check := decode[struct {
		ID string `json:"eligibilityCheckId"`
	}](st.t.(*testing.T), env)
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "_browser") && c.Value != "" {
			return check.ID, c
		}
	}
	return check.ID, nil
}

// register sends a registration from the browser holding cookie (nil: a browser without it).
func (st *stack) register(body map[string]any, cookie *http.Cookie) (*http.Response, envelope) {
	st.t.Helper()
	headers := map[string]string{}
	if cookie != nil {
		headers["Cookie"] = cookie.Name + "=" + cookie.Value
	}
	b, err := json.Marshal(body)
	if err != nil {
		st.t.Fatal(err)
	}
	return st.call(http.MethodPost, st.api+"/user/createDecisionUser", bytes.NewReader(b), nil, headers)
}

// registered runs the soft check and registers email in one browser, as the /amount steps do: a
// session that has proved nothing yet.
func (st *stack) registered(email string) (loginResult, credentials) {
	st.t.Helper()
	checkID, cookie := st.softCheck(softCheckBody(email))
	return st.signedIn(st.register(registration(checkID, email), cookie))
}

// proved opens the newest confirmation link mailed to email in the session creds, as the app does when
// the link is opened in the browser that registered; creds then hold the proven session.
func (st *stack) proved(email string, creds *credentials) {
	st.t.Helper()
	res, env := st.post("/user/emailSoftConfirmation", map[string]string{"token": st.confirmationToken(email)}, creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		st.t.Fatalf("confirming %s: HTTP %d %+v", email, res.StatusCode, env)
	}
}

// mailedCode is the 6-digit sign-in code in the newest mail to email.
func (st *stack) mailedCode(email string) string {
	st.t.Helper()
	return st.code(email, notify.KindEmail)
}

// codeSignIn signs in with a code mailed to email, as the owner of the address does.
func (st *stack) codeSignIn(email string) (*http.Response, envelope) {
	st.t.Helper()
	if res, env := st.post("/account/sendEmailVerify", map[string]string{"param": email, "type": "EMAIL"}, nil); env.ErrorCode != 0 {
		st.t.Fatalf("sending a code: HTTP %d %+v", res.StatusCode, env)
	}
	return st.post("/account/adminLogin", map[string]string{"param": email, "type": "EMAIL", "code": st.mailedCode(email)}, nil)
}

// TestD1RegisteringSomeoneElsesAddressGivesNoHoldOnTheirAccount reproduces the review's D1 step by step
// and shows each step's answer now: the attacker's registration reaches only its own draft, ends when the
// owner proves the address, and neither sees the other's answers.
func TestD1RegisteringSomeoneElsesAddressGivesNoHoldOnTheirAccount(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	const victim = "victim@example.com"

	// 1. The attacker runs the soft check and registers with the victim's address and their own name.
	body := softCheckBody(victim)
	body["firstName"] = "Mallory"
	checkID, cookie := st.softCheck(body)
	reg := registration(checkID, victim)
	reg["firstName"] = "Mallory"
	attacker, attackerCreds := st.signedIn(st.register(reg, cookie))
	// The session reaches the registration's own draft and the steps that confirm the address, nothing else.
	if res, env := st.get("/onePage/application/getOnePageApplicationInfo", &attackerCreds); res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		t.Fatalf("the registration's own draft: HTTP %d %+v", res.StatusCode, env)
	}
	for _, step := range []struct {
		path string
		body any
	}{
		{"/onePage/user/updateRentInformation", map[string]any{"housingStatus": "renting_private", "monthlyCostPence": 1, "payMethod": "standing_order"}},
		{"/onePage/user/updateAddressHistory", map[string]any{"addresses": []map[string]any{}}},
		{"/onePage/user/updateLoanPurpose", map[string]any{"purpose": "car"}},
		{"/user/setPinCode", map[string]any{"pin": "1234", "pinConfirm": "1234"}},
		{"/user/startOverApply", map[string]any{}},
	} {
		res, env := st.post(step.path, step.body, &attackerCreds)
		wantFailure(t, res, env, web.CodeEmailUnproven)
	}
	// Keep-alive cannot stretch it past the proof window: it ends an hour after registration at most.
	if res, env := st.post("/user/keepAlive", map[string]any{}, &attackerCreds); env.ErrorCode != 0 {
		t.Fatalf("keep-alive: HTTP %d %+v", res.StatusCode, env)
	}
	if left := time.Until(expiryOf(t, st, attackerCreds)); left > time.Hour {
		t.Fatalf("the registration's session lives %s more, want at most an hour", left)
	}

	// 2. The owner tries to register and is told to log in (the 'already a user' popup).
	ownerCheck, ownerCookie := st.softCheck(softCheckBody(victim))
	res, env := st.register(registration(ownerCheck, victim), ownerCookie)
	wantFailure(t, res, env, web.CodeAlreadyRegistered)

	// 3. The owner signs in with a code mailed to the address, which proves it: the unproven registration
	// is discarded, not shown, and the owner is told to start again.
	res, env = st.codeSignIn(victim)
	if res.StatusCode != http.StatusOK || env.ErrorCode != int(web.CodeRegistrationDiscarded) || env.Status != 409 ||
		!strings.Contains(env.ErrorMessage, "kept none of its answers") || strings.Contains(string(env.ResultData), "Mallory") {
		t.Fatalf("the owner's sign-in: HTTP %d %+v", res.StatusCode, env)
	}
	if _, err := st.lending().Customer(ctx, attacker.UUID); err == nil {
		t.Fatal("the attacker's customer still exists")
	}

	// 4. The attacker's session ended with it.
	res, env = st.get("/onePage/application/getOnePageApplicationInfo", &attackerCreds)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	// The owner starts again with a check of their own, proves the address, and enters their answers.
	owner, ownerCreds := st.registered(victim)
	if owner.UUID == attacker.UUID || owner.FirstName != "Sam" {
		t.Fatalf("the owner registered as %+v", owner)
	}
	st.proved(victim, &ownerCreds)
	info := st.step("/onePage/user/updateRentInformation", map[string]any{"housingStatus": "renting_private",
		"monthlyCostPence": 812_00, "payMethod": "standing_order"}, &ownerCreds)
	if info.Housing == nil || info.Housing.MonthlyCostPence != 812_00 {
		t.Fatalf("the owner's rent: %+v", info.Housing)
	}
	res, env = st.get("/onePage/application/getOnePageApplicationInfo", &ownerCreds)
	if res.StatusCode != http.StatusOK || strings.Contains(string(env.ResultData), "Mallory") {
		t.Fatalf("the owner's application shows the attacker's answers: %s", env.ResultData)
	}
	// The attacker's old token answers nothing of the owner's.
	res, env = st.get("/onePage/application/getOnePageApplicationInfo", &attackerCreds)
	wantFailure(t, res, env, web.CodeUnauthenticated)
}

// TestProvingTheAddressInTheRegisteringSessionKeepsTheRegistration: the applicant's own path. Opening the
// link in the session that registered replaces that session with a proven one and ends any other
// unproven session of the customer.
func TestProvingTheAddressInTheRegisteringSessionKeepsTheRegistration(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	const email = "sam.taylor@example.com"
	checkID, cookie := st.softCheck(softCheckBody(email))
	r, creds := st.signedIn(st.register(registration(checkID, email), cookie))
	// A double submit from the same browser answers the same registration and a second session.
	again, twin := st.signedIn(st.register(registration(checkID, email), cookie))
	if again.UUID != r.UUID || again.ApplyID != r.ApplyID {
		t.Fatalf("the repeat registered %+v, the first %+v", again, r)
	}
	before := creds
	st.proved(email, &creds)
	if creds.token == before.token {
		t.Fatal("proving the address did not replace the session")
	}
	res, env := st.get("/onePage/application/getOnePageApplicationInfo", &before)
	wantFailure(t, res, env, web.CodeUnauthenticated)
	res, env = st.get("/onePage/application/getOnePageApplicationInfo", &twin)
	wantFailure(t, res, env, web.CodeUnauthenticated)
	if cu, err := st.lending().Customer(context.Background(), r.UUID); err != nil || cu.Provisional {
		t.Fatalf("after the proof the customer is %+v %v", cu, err)
	}
	st.step("/onePage/user/updateLoanPurpose", map[string]any{"purpose": "car"}, &creds)

	// Signing in by e-mail now is an ordinary sign-in to the applicant's own application.
	res, env = st.codeSignIn(email)
	if signedIn, _ := st.signedIn(res, env); signedIn.ApplyID != r.ApplyID {
		t.Fatalf("signed in to %+v", signedIn)
	}
}

// TestD2AFailedRegistrationLeavesNoCustomer reproduces D2: every refused registration leaves no customer
// behind, and the person can then register.
func TestD2AFailedRegistrationLeavesNoCustomer(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	const email = "stranded@example.com"
	checkID, cookie := st.softCheck(softCheckBody(email))

	for _, tt := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"an unknown check", registration("elig_0000000000000000", email), "could not find your eligibility check in this browser"},
		{"another person's name", func() map[string]any { b := registration(checkID, email); b["lastName"] = "Jones"; return b }(),
			"must be the ones you gave when you checked your eligibility"},
		{"another date of birth", func() map[string]any { b := registration(checkID, email); b["dateOfBirth"] = "1980-01-01"; return b }(),
			"must be the ones you gave when you checked your eligibility"},
		{"a brand that does not exist", func() map[string]any { b := registration(checkID, email); b["clientName"] = "nobody"; return b }(),
			"could not open an application"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, env := st.register(tt.body, cookie)
			wantFailure(t, res, env, web.CodeBadRequest)
			if !strings.Contains(env.ErrorMessage, tt.want) {
				t.Fatalf("message %q, want %q", env.ErrorMessage, tt.want)
			}
			if _, err := st.lending().CustomerByEmail(ctx, email); err == nil {
				t.Fatal("a refused registration left a customer")
			}
		})
	}
	// The lending core failing: nothing is made, and the retry succeeds. (A failure after the lending core
	// made the registration ends the same way: the retry carries the same key and is answered the same
	// registration, as TestProvingTheAddressInTheRegisteringSessionKeepsTheRegistration's repeat shows.)
	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"lending","status":503}`)
	res, env := st.register(registration(checkID, email), cookie)
	if res.StatusCode != http.StatusServiceUnavailable || env.ErrorCode != int(web.CodeDependencyDown) {
		t.Fatalf("with the lending core down: HTTP %d %+v", res.StatusCode, env)
	}
	st.clearFaults()
	if _, err := st.lending().CustomerByEmail(ctx, email); err == nil {
		t.Fatal("a registration the lending core failed left a customer")
	}
	r, _ := st.signedIn(st.register(registration(checkID, email), cookie))
	if r.Email != email {
		t.Fatalf("the retry registered %+v", r)
	}
}

// TestD3AnEligibilityCheckBelongsToItsPersonAndBrowser reproduces D3: a check made for one person cannot
// register another, nor be used from another browser, nor twice.
func TestD3AnEligibilityCheckBelongsToItsPersonAndBrowser(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	rich := softCheckBody("rich@example.com")
	rich["annualIncomePence"] = 91_000_00
	checkID, cookie := st.softCheck(rich)

	// Another person, from the same browser: a different name, date of birth and address.
	other := registration(checkID, "other.person@example.com")
	other["firstName"], other["lastName"], other["dateOfBirth"] = "Alex", "Other", "1975-02-03"
	res, env := st.register(other, cookie)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "must be the ones you gave") {
		t.Fatalf("another person: %q", env.ErrorMessage)
	}
	// The same person, from another browser (no cookie, or another browser's).
	res, env = st.register(registration(checkID, "rich@example.com"), nil)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "in this browser") {
		t.Fatalf("no browser cookie: %q", env.ErrorMessage)
	}
	_, otherBrowser := st.softCheck(softCheckBody("someone@example.com"))
	res, env = st.register(registration(checkID, "rich@example.com"), otherBrowser)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "in this browser") {
		t.Fatalf("another browser: %q", env.ErrorMessage)
	}
	for _, email := range []string{"other.person@example.com", "rich@example.com"} {
		if _, err := st.lending().CustomerByEmail(ctx, email); err == nil {
			t.Fatalf("a refused registration made %s a customer", email)
		}
	}

	// The person, from their browser: once. Even after that registration is gone (the owner of the
	// address signed in, which discards a registration nobody confirmed), the check opens nothing more.
	st.signedIn(st.register(registration(checkID, "rich@example.com"), cookie))
	if res, env := st.codeSignIn("rich@example.com"); env.ErrorCode != int(web.CodeRegistrationDiscarded) {
		t.Fatalf("signing in to the unconfirmed registration: HTTP %d %+v", res.StatusCode, env)
	}
	res, env = st.register(registration(checkID, "rich@example.com"), cookie)
	wantFailure(t, res, env, web.CodeBadRequest)
	if !strings.Contains(env.ErrorMessage, "used to apply already") {
		t.Fatalf("a second use: %q", env.ErrorMessage)
	}
	if _, err := st.lending().CustomerByEmail(ctx, "rich@example.com"); err == nil {
		t.Fatal("the second use made a customer")
	}
}

// clearFaults ends every fault injected into the sandbox.
func (st *stack) clearFaults() {
	st.t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, st.upstream.URL+"/_sandbox/faults", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		st.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		st.t.Fatalf("clearing the faults: HTTP %d", res.StatusCode)
	}
}

// A phone number given at registration signs nobody in until the e-mail address is proved: anyone can
// type anyone's number. The number's owner is answered as for any unknown number (no SMS).
func TestAnUnprovenRegistrationsPhoneSignsNobodyIn(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	const email, phone = "phone.owner@example.com", "+447700900321"
	checkID, cookie := st.softCheck(softCheckBody(email))
	reg := registration(checkID, email)
	reg["phone"] = phone
	_, creds := st.signedIn(st.register(reg, cookie))

	if res, env := st.post("/account/sendEmailVerify", map[string]string{"param": phone, "type": "PHONE"}, nil); env.ErrorCode != 0 {
		t.Fatalf("sending a code to the number: HTTP %d %+v", res.StatusCode, env)
	}
	if n := len(st.messages(phone, notify.KindSMS)); n != 0 {
		t.Fatalf("%d SMS went to a number only an unproven registration gave", n)
	}
	if _, env := st.post("/account/adminLogin", map[string]string{"param": phone, "type": "PHONE", "code": "000000"}, nil); env.ErrorCode == 0 {
		t.Fatalf("a phone sign-in answered %+v", env)
	}

	// Once the address is proved, the number is the customer's.
	st.proved(email, &creds)
	if res, env := st.post("/account/sendEmailVerify", map[string]string{"param": phone, "type": "PHONE"}, nil); env.ErrorCode != 0 {
		t.Fatalf("sending a code to the number: HTTP %d %+v", res.StatusCode, env)
	}
	res, env := st.post("/account/adminLogin", map[string]string{"param": phone, "type": "PHONE", "code": st.code(phone, notify.KindSMS)}, nil)
	if r, _ := st.signedIn(res, env); r.Email != email {
		t.Fatalf("the phone sign-in signed in %+v", r)
	}
}

// With the production cookie name, every cookie the BFF sets (the session's, the eligibility check's)
// carries the __Host- prefix with what the prefix demands of browsers: Secure, Path=/ and no Domain.
func TestCookiesCarryTheHostPrefixWhenConfigured(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_SESSION_COOKIE_NAME": "__Host-lender_session"})
	checkID, check := st.softCheck(softCheckBody("host.prefix@example.com"))
	res, env := st.register(registration(checkID, "host.prefix@example.com"), check)
	if env.ErrorCode != 0 || check == nil {
		t.Fatalf("registration: HTTP %d %+v (check cookie %v)", res.StatusCode, env, check)
	}
	cookies := append([]*http.Cookie{check}, res.Cookies()...)
	if len(cookies) != 2 {
		t.Fatalf("cookies set: %v", cookies)
	}
	for _, c := range cookies {
		if !strings.HasPrefix(c.Name, "__Host-lender_session_") || !c.Secure || c.Path != "/" || c.Domain != "" || !c.HttpOnly {
			t.Errorf("cookie %s: secure %v path %q domain %q httpOnly %v", c.Name, c.Secure, c.Path, c.Domain, c.HttpOnly)
		}
	}
}
