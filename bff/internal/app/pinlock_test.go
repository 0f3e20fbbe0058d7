package app

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/sandbox/personas"
)

const (
	checkPIN = "/user/checkPinCode"
	wrongPIN = "8642" // never a seeded PIN
)

// ukUnlockTime is how a lock's end reads in the BFF's answers and mails.
func ukUnlockTime(t *testing.T, until time.Time) string {
	t.Helper()
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		t.Fatal(err)
	}
	u := until.In(london)
	return u.Format("15:04") + " UK time on " + u.Format("2 January 2006")
}

// lockMails are the PIN lock notices in the sandbox mailbox for address.
func (st *stack) lockMails(address string) []notify.Message {
	st.t.Helper()
	all, err := st.notify().Messages(context.Background(), notify.MessageQuery{To: address, Kind: notify.KindEmail, Limit: 200})
	if err != nil {
		st.t.Fatal(err)
	}
	var out []notify.Message
	for _, m := range all {
		if m.Template == "pin-locked" {
			out = append(out, m)
		}
	}
	return out
}

// lockWithWrongPINs sends wrong PINs until the one that should lock, and answers that one's envelope.
// creds nil signs in by e-mail address; otherwise each try is a step-up in that session.
func (st *stack) lockWithWrongPINs(email string, creds *credentials) (*http.Response, envelope) {
	st.t.Helper()
	body := map[string]string{"email": email, "pin": wrongPIN}
	for i := range lending.MaxPINAttempts - 1 {
		if _, env := st.post(checkPIN, body, creds); env.ErrorCode != int(web.CodeWrongPIN) {
			st.t.Fatalf("wrong PIN %d = %+v", i+1, env)
		}
	}
	return st.post(checkPIN, body, creds)
}

// lockedUntil is when the lending core says the customer's PIN unlocks.
func (st *stack) lockedUntil(email string) time.Time {
	st.t.Helper()
	cu, err := st.lending().CustomerByEmail(context.Background(), email)
	if err != nil || !cu.PIN.Locked || cu.PIN.LockedUntil.IsZero() {
		st.t.Fatalf("the PIN of %s = %+v, %v; want locked", email, cu.PIN, err)
	}
	return cu.PIN.LockedUntil
}

func TestTheFifthWrongPINLocksMailsItsOwnerOnceAndLiftsAfterThePeriod(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)

	res, env := st.lockWithWrongPINs(withPIN, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)
	until := st.lockedUntil(withPIN)
	when := ukUnlockTime(t, until)
	if !strings.Contains(env.ErrorMessage, "It unlocks at "+when+".") || !strings.Contains(env.ErrorMessage, "use a code sent to your e-mail, then set a new PIN") {
		t.Fatalf("the locking answer says %q, want when it unlocks (%s) and how to sign in meanwhile", env.ErrorMessage, when)
	}
	// Trying again, even with the right PIN, is refused with the same time, and sends nothing more.
	res, again := st.post(checkPIN, map[string]string{"email": withPIN, "pin": personas.PIN}, nil)
	wantFailure(t, res, again, web.CodeAccountLocked)
	if again.ErrorMessage != env.ErrorMessage {
		t.Fatalf("a try while locked says %q, the locking one %q", again.ErrorMessage, env.ErrorMessage)
	}

	mails := st.lockMails(withPIN)
	if len(mails) != 1 {
		t.Fatalf("%d lock notices, want exactly 1", len(mails))
	}
	m := mails[0]
	for _, want := range []string{"Hello Alex,", "locked after too many wrong tries", "It unlocks at " + when + ".",
		"sign in with a code sent to this e-mail address", "If this was not you", "set a new PIN"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("the notice lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text+m.HTML, wrongPIN) || strings.Contains(m.Text+m.HTML, personas.PIN) || len(m.Links) != 0 {
		t.Errorf("the notice holds a PIN or a link:\n%s\n%v", m.Text, m.Links)
	}

	// The lock lifts at its end on the lending core's clock: the right PIN signs in.
	st.advanceClock(lending.PINLockPeriod.String())
	if r, creds := st.pinSignIn(withPIN, personas.PIN); r.UUID != "cus_up_to_date" || st.authorised(creds) != http.StatusOK {
		t.Fatalf("after the lock period signed in as %+v", r)
	}
	if n := len(st.lockMails(withPIN)); n != 1 {
		t.Fatalf("%d lock notices after signing in, want still 1", n)
	}
}

func TestAStepUpThatLocksThePINMailsItsOwner(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	_, creds := st.pinSignIn(withPIN, personas.PIN)

	// In a session the e-mail address sent is ignored: the notice goes to the session's customer.
	res, env := st.lockWithWrongPINs("arrears@"+personas.Domain, &creds)
	wantFailure(t, res, env, web.CodeAccountLocked)
	if when := ukUnlockTime(t, st.lockedUntil(withPIN)); !strings.Contains(env.ErrorMessage, "It unlocks at "+when+".") {
		t.Fatalf("the locking step-up says %q, want %s", env.ErrorMessage, when)
	}
	if n, other := len(st.lockMails(withPIN)), len(st.lockMails("arrears@"+personas.Domain)); n != 1 || other != 0 {
		t.Fatalf("lock notices: %d to the owner, %d to the address sent; want 1 and 0", n, other)
	}
}

func TestALockIsAnsweredWhenItsNoticeCannotBeSent(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"notify","status":503}`)

	res, env := st.lockWithWrongPINs(withPIN, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)
	if when := ukUnlockTime(t, st.lockedUntil(withPIN)); !strings.Contains(env.ErrorMessage, "It unlocks at "+when+".") {
		t.Fatalf("with the mail down the locking answer says %q, want %s", env.ErrorMessage, when)
	}
	logs := st.logs.String()
	if !strings.Contains(logs, "PIN lock notice not sent") {
		t.Fatalf("no warning that the notice was not sent:\n%s", logs)
	}
	if strings.Contains(logs, withPIN) {
		t.Fatalf("the logs hold the address:\n%s", logs)
	}
}

// TestTheDefaultLockMessageNamesTheLockPeriod: the catalogue's 100603 message, answered when the end of
// a lock cannot be read, says how long a lock lasts.
func TestTheDefaultLockMessageNamesTheLockPeriod(t *testing.T) {
	t.Parallel()
	want := strconv.Itoa(int(lending.PINLockPeriod/time.Minute)) + " minutes"
	if msg := web.Catalogue[web.CodeAccountLocked].Message; !strings.Contains(msg, want) {
		t.Fatalf("100603 says %q, want the lock period (%s)", msg, want)
	}
}

// The way back from a locked PIN: a warning with one try left, the lock, a sign-in by a code mailed to
// the address that answers pinLocked (the lending core still has the lock: sign-in lifts nothing), a
// new PIN that is refused while it is a run, the date of birth or the last PIN, and then taken, which
// unlocks the PIN in the lending core; the new PIN signs in, the old one does not.
func TestALockedPINIsRecoveredByACodeSignInAndANewPIN(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	body := map[string]string{"email": withPIN, "pin": wrongPIN}
	for left := lending.MaxPINAttempts - 1; left > 1; left-- {
		res, env := st.post(checkPIN, body, nil)
		wantFailure(t, res, env, web.CodeWrongPIN)
		if want := "The e-mail address or PIN is not right. You have " + strconv.Itoa(left) + " tries left."; env.ErrorMessage != want {
			t.Fatalf("wrong PIN with %d left says %q, want %q", left, env.ErrorMessage, want)
		}
	}
	res, env := st.post(checkPIN, body, nil)
	wantFailure(t, res, env, web.CodeWrongPIN)
	if want := "The e-mail address or PIN is not right. You have 1 try left. If it is not right, your PIN will be locked for 30 minutes."; env.ErrorMessage != want {
		t.Fatalf("the last try's warning says %q, want %q", env.ErrorMessage, want)
	}
	if cu := st.customer(withPIN); cu.PIN.FailedAttempts != lending.MaxPINAttempts-1 || cu.PIN.Locked {
		t.Fatalf("the lending core counts %+v", cu.PIN)
	}
	res, env = st.post(checkPIN, body, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)

	r, creds := st.signedIn(st.codeSignIn(withPIN))
	if r.UUID != "cus_up_to_date" || !r.PinLocked || !r.PinSet {
		t.Fatalf("the code sign-in answered %+v, want pinLocked", r)
	}
	if cu := st.customer(withPIN); !cu.PIN.Locked || cu.PIN.FailedAttempts != lending.MaxPINAttempts {
		t.Fatalf("signing in by code changed the lock: %+v", cu.PIN)
	}

	// Alex Morgan was born on 14 March 1985; the PIN being replaced is personas.PIN.
	for pin, want := range map[string]string{
		"1234":       "Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111",
		"654321":     "Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111",
		"111111":     "Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111",
		"140385":     "Your PIN cannot be your date of birth",
		"1403":       "Your PIN cannot be your date of birth",
		"1985":       "Your PIN cannot be your date of birth",
		personas.PIN: "Your new PIN cannot be the same as your last PIN",
	} {
		res, env := st.post("/user/setPinCode", map[string]string{"pin": pin, "pinConfirm": pin}, &creds)
		wantFailure(t, res, env, web.CodeBadRequest)
		if env.ErrorMessage != want || fieldOf(t, env) != "pin" {
			t.Fatalf("PIN %s: %q on %q, want %q on pin", pin, env.ErrorMessage, fieldOf(t, env), want)
		}
	}
	if cu := st.customer(withPIN); !cu.PIN.Locked {
		t.Fatalf("a refused PIN lifted the lock: %+v", cu.PIN)
	}

	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2580", "pinConfirm": "2580"}, &creds)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 || !strings.Contains(string(env.ResultData), `"pinLocked":false`) {
		t.Fatalf("setting the new PIN = HTTP %d %+v", res.StatusCode, env)
	}
	if cu := st.customer(withPIN); cu.PIN != (lending.PINStatus{Set: true}) {
		t.Fatalf("after the new PIN the lending core has %+v, want unlocked with no failures", cu.PIN)
	}
	res, env = st.post(checkPIN, map[string]string{"email": withPIN, "pin": personas.PIN}, nil)
	wantFailure(t, res, env, web.CodeWrongPIN)
	if r, fresh := st.pinSignIn(withPIN, "2580"); r.UUID != "cus_up_to_date" || r.PinLocked || st.authorised(fresh) != http.StatusOK {
		t.Fatalf("the new PIN signed in %+v", r)
	}
}

// A PIN session whose PIN gets locked (by step-ups) cannot replace it: only a code or link proves the
// person again. A phone code does, as an e-mail code or link does.
func TestOnlyACodeOrLinkSessionSetsALockedPIN(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	_, pinSession := st.pinSignIn(withPIN, personas.PIN)
	res, env := st.lockWithWrongPINs(withPIN, &pinSession)
	wantFailure(t, res, env, web.CodeAccountLocked)

	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2580", "pinConfirm": "2580"}, &pinSession)
	wantFailure(t, res, env, web.CodeAccountLocked)
	if !strings.Contains(env.ErrorMessage, "sign in with a code sent to your e-mail") {
		t.Fatalf("the refusal says %q", env.ErrorMessage)
	}
	if cu := st.customer(withPIN); !cu.PIN.Locked {
		t.Fatalf("the PIN session lifted the lock: %+v", cu.PIN)
	}

	// Staff acting for the borrower never may.
	staff := st.staffActing("cus_up_to_date", "stf_demo")
	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2580", "pinConfirm": "2580"}, &staff)
	wantFailure(t, res, env, web.CodeStaffForbidden)

	p := persona(t)
	st.send("/account/sendEmailVerify", map[string]string{"type": "PHONE", "param": p.Phone}, nil, nil)
	r, phoneSession := st.send("/account/adminLogin", map[string]string{"type": "PHONE", "param": p.Phone,
		"code": st.code(p.Phone, notify.KindSMS)}, nil, nil).signedIn(t)
	if !r.PinLocked {
		t.Fatalf("the phone sign-in answered %+v, want pinLocked", r)
	}
	res, env = st.post("/user/setPinCode", map[string]string{"pin": "2580", "pinConfirm": "2580"}, &phoneSession)
	if res.StatusCode != http.StatusOK || env.ErrorCode != 0 {
		t.Fatalf("the phone-code session's new PIN = HTTP %d %+v", res.StatusCode, env)
	}
	if cu := st.customer(withPIN); cu.PIN.Locked {
		t.Fatalf("the new PIN left the lock: %+v", cu.PIN)
	}
}

// An address with no customer answers PIN tries exactly as a customer's wrong PINs are answered: the
// same count down, then a lock said the same way, so a PIN sign-in does not tell who is a customer.
func TestAnUnknownAddressCountsDownAndLocksAsACustomerDoes(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	for i := range lending.MaxPINAttempts {
		_, known := st.post(checkPIN, map[string]string{"email": withPIN, "pin": wrongPIN}, nil)
		_, unknown := st.post(checkPIN, map[string]string{"email": "nobody@example.com", "pin": wrongPIN}, nil)
		if known.ErrorCode != unknown.ErrorCode || known.ErrorMessage != unknown.ErrorMessage {
			t.Fatalf("try %d: a customer's wrong PIN answers %d %q, an unknown address %d %q", i+1,
				known.ErrorCode, known.ErrorMessage, unknown.ErrorCode, unknown.ErrorMessage)
		}
	}
	_, known := st.post(checkPIN, map[string]string{"email": withPIN, "pin": personas.PIN}, nil)
	_, unknown := st.post(checkPIN, map[string]string{"email": "nobody@example.com", "pin": personas.PIN}, nil)
	// Both locks end half an hour after their fifth try: the same minute, unless the two fell either
	// side of a minute's turn.
	sameWay := func(m string) string { return unlockAt.ReplaceAllString(m, "at <time>.") }
	if known.ErrorCode != int(web.CodeAccountLocked) || unknown.ErrorCode != known.ErrorCode ||
		sameWay(known.ErrorMessage) != sameWay(unknown.ErrorMessage) || !unlockAt.MatchString(unknown.ErrorMessage) {
		t.Fatalf("while locked a customer hears %d %q, an unknown address %d %q", known.ErrorCode, known.ErrorMessage,
			unknown.ErrorCode, unknown.ErrorMessage)
	}
}

// unlockAt is when a lock ends, as the answers say it.
var unlockAt = regexp.MustCompile(`at [0-9]{2}:[0-9]{2} UK time on [0-9]{1,2} [A-Z][a-z]+ [0-9]{4}\.`)

// customer is the lending core's record of the customer with that address.
func (st *stack) customer(email string) lending.Customer {
	st.t.Helper()
	cu, err := st.lending().CustomerByEmail(context.Background(), email)
	if err != nil {
		st.t.Fatal(err)
	}
	return cu
}
