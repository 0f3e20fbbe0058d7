package app

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/sandbox/personas"
)

const updateEmail = "/user/updateApplicationEmail"

// registerMistyped registers an applicant under email, as the /amount steps do, and signs them in.
func (st *stack) registerMistyped(email string) (loginResult, credentials) {
	st.t.Helper()
	return st.registered(email)
}

// wantMessage checks a 100400 answer and its message.
func wantMessage(t *testing.T, res *http.Response, env envelope, message string) {
	t.Helper()
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != message {
		t.Fatalf("message %q, want %q", env.ErrorMessage, message)
	}
}

func TestUpdateApplicationEmailCorrectsTheAddressAndSendsTheLinkThere(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	const mistyped, right = "sam.taylor@exmaple.com", "sam.taylor@example.com"
	r, creds := st.registerMistyped(mistyped)
	oldToken := st.confirmationToken(mistyped)

	res, env := st.post(updateEmail, map[string]string{"email": right}, nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	// Bad input is answered with a message for the field, and changes nothing.
	res, env = st.post(updateEmail, map[string]string{"email": "  "}, &creds)
	wantMessage(t, res, env, "Enter your new email address")
	res, env = st.post(updateEmail, map[string]string{"email": "sam.taylor at example.com"}, &creds)
	wantMessage(t, res, env, "Enter an email address in the correct format, like name@example.com")
	res, env = st.post(updateEmail, map[string]string{"email": " SAM.Taylor@Exmaple.com "}, &creds)
	wantMessage(t, res, env, "This is the email address we already have. Enter a different email address, or go back and ask us to send the link again.")
	res, env = st.post(updateEmail, map[string]string{"email": "up-to-date@" + personas.Domain}, &creds)
	wantMessage(t, res, env, "This email address belongs to another account. Enter a different email address, or sign in to that account instead.")
	if cu, err := st.lending().Customer(ctx, r.UUID); err != nil || cu.Email != mistyped {
		t.Fatalf("after refused changes the customer is %+v, %v", cu, err)
	}
	if msgs, _ := st.notify().Messages(ctx, notify.MessageQuery{To: "up-to-date@" + personas.Domain}); len(msgs) != 0 {
		t.Fatalf("a refused change mailed the other account's address: %d messages", len(msgs))
	}

	res, env = st.post(updateEmail, map[string]string{"email": " Sam.Taylor@Example.com "}, &creds)
	var u loginResult
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 || json.Unmarshal(env.ResultData, &u) != nil ||
		u.UUID != r.UUID || u.ApplyID != r.ApplyID || u.Email != right {
		t.Fatalf("updateApplicationEmail = HTTP %d %+v", res.StatusCode, env)
	}
	if cu, err := st.lending().Customer(ctx, r.UUID); err != nil || cu.Email != right {
		t.Fatalf("the lending core has %+v, %v", cu, err)
	}
	newToken := st.confirmationToken(right)

	// The link mailed to the mistyped address confirms nothing now; the new one confirms the address.
	res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": oldToken}, &creds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	if app := st.application(r.ApplyID); app.EmailVerification != lending.StagePending {
		t.Fatalf("the old link confirmed the application: %+v", app.RegStage)
	}
	if res, env = st.post("/user/emailSoftConfirmation", map[string]string{"token": newToken}, &creds); env.ErrorCode != 0 {
		t.Fatalf("the new link = HTTP %d %+v", res.StatusCode, env)
	}
	if app := st.application(r.ApplyID); app.EmailVerification != lending.StageDone {
		t.Fatalf("the new link did not confirm the application: %+v", app.RegStage)
	}

	// Once confirmed, the address stays.
	res, env = st.post(updateEmail, map[string]string{"email": "someone.else@example.com"}, &creds)
	wantMessage(t, res, env, "Your email address is already confirmed, so it cannot be changed here. Go back to continue your application.")

	// The addresses never reach the log.
	for _, address := range []string{mistyped, right, "someone.else@example.com", "exmaple"} {
		if strings.Contains(strings.ToLower(st.logs.String()), address) {
			t.Fatalf("the log holds %q", address)
		}
	}
}

func TestUpdateApplicationEmailIsRefusedToStaffAndWithoutAnApplication(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	r, creds := st.registerMistyped("staff.case@exmaple.com")
	// Staff cannot act for a registration that has not proved its address at all.
	sl, staffCookie := staffSignIn(t, st)
	st.send("/account/adminLogin", map[string]string{"type": "EMAIL", "param": "staff.case@exmaple.com"}, []*http.Cookie{staffCookie},
		map[string]string{"staffToken": sl.StaffToken}).expectFailure(t, 200, 100614, "has not confirmed their e-mail address")
	st.proved("staff.case@exmaple.com", &creds)

	staff := st.staffActing(r.UUID, "stf_demo")
	res, env := st.post(updateEmail, map[string]string{"email": "staff.case@example.com"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)
	if cu, _ := st.lending().Customer(ctx, r.UUID); cu.Email != "staff.case@exmaple.com" {
		t.Fatalf("staff changed the address to %q", cu.Email)
	}

	cu, err := st.lending().CreateCustomer(ctx, lending.CreateCustomerRequest{Email: "no.app@example.com", FirstName: "No", LastName: "App"}, "")
	if err != nil {
		t.Fatal(err)
	}
	none := st.signIn(cu.ID)
	res, env = st.post(updateEmail, map[string]string{"email": "no.app.2@example.com"}, &none)
	wantFailure(t, res, env, web.CodeNotFound)
}

func TestUpdateApplicationEmailWhenTheMailCannotBeSent(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	ctx := context.Background()
	r, creds := st.registerMistyped("outage@exmaple.com")

	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"notify","status":503}`)
	res, env := st.post(updateEmail, map[string]string{"email": "outage@example.com"}, &creds)
	if env.ErrorCode != int(web.CodeDependencyDown) || res.StatusCode != http.StatusServiceUnavailable ||
		env.ErrorMessage != "We changed your email address, but could not send the link just now. Go back and ask us to send the link again." {
		t.Fatalf("with the mail down = HTTP %d %+v", res.StatusCode, env)
	}
	if cu, _ := st.lending().Customer(ctx, r.UUID); cu.Email != "outage@example.com" {
		t.Fatalf("the address is %q", cu.Email)
	}

	// Sending the link again reaches the new address once mail works.
	req, _ := http.NewRequest(http.MethodDelete, st.upstream.URL+"/_sandbox/faults", nil)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("clearing the fault: %v", err)
	} else {
		res.Body.Close()
	}
	if res, env := st.post("/onePage/user/sendVerificationEmail", struct{}{}, &creds); env.ErrorCode != 0 {
		t.Fatalf("sendVerificationEmail = HTTP %d %+v", res.StatusCode, env)
	}
	token := st.confirmationToken("outage@example.com")
	if res, env := st.post("/user/emailSoftConfirmation", map[string]string{"token": token}, &creds); env.ErrorCode != 0 {
		t.Fatalf("the link sent again = HTTP %d %+v", res.StatusCode, env)
	}
}

func TestUpdateApplicationEmailIsRateLimitedLikeEverySend(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_AUTH_SENDS_PER_IP": "4"})
	// The soft check and registration are sends too: two of the four.
	_, creds := st.registerMistyped("limited@exmaple.com")
	for _, address := range []string{"limited.1@example.com", "limited.2@example.com"} {
		if res, env := st.post(updateEmail, map[string]string{"email": address}, &creds); env.ErrorCode != 0 {
			t.Fatalf("change to %s = HTTP %d %+v", address, res.StatusCode, env)
		}
	}
	res, env := st.post(updateEmail, map[string]string{"email": "limited.3@example.com"}, &creds)
	wantFailure(t, res, env, web.CodeRateLimited)
}
