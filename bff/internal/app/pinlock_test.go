package app

import (
	"context"
	"net/http"
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
	if !strings.Contains(env.ErrorMessage, "It unlocks at "+when+".") || !strings.Contains(env.ErrorMessage, "sign in with a code") {
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

// Signing in with a code mailed to the address is the way back from a locked PIN: it lifts the lock at
// once, and the PIN works again.
func TestSigningInByEmailCodeLiftsALockedPIN(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	res, env := st.lockWithWrongPINs(withPIN, nil)
	wantFailure(t, res, env, web.CodeAccountLocked)
	if !strings.Contains(env.ErrorMessage, "sign in with a code sent to your e-mail now, which unlocks it") {
		t.Fatalf("the locking answer says %q", env.ErrorMessage)
	}
	if r, _ := st.signedIn(st.codeSignIn(withPIN)); r.UUID != "cus_up_to_date" {
		t.Fatalf("the code sign-in signed in %+v", r)
	}
	if cu, err := st.lending().CustomerByEmail(context.Background(), withPIN); err != nil || cu.PIN.Locked || cu.PIN.FailedAttempts != 0 {
		t.Fatalf("after signing in by code the PIN is %+v, %v", cu.PIN, err)
	}
	if r, _ := st.pinSignIn(withPIN, personas.PIN); r.UUID != "cus_up_to_date" {
		t.Fatalf("the PIN after the code sign-in signed in %+v", r)
	}
}
