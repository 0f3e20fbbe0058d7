package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/sandbox/lending/credit"
	"lender/sandbox/personas"
)

// The borrower's profile and settings (issue 16 §3): every call as a caller observes it, against the
// sandbox's seeded borrowers, with the lending core's and the mailbox's own records as the truth.

const (
	upToDateID    = "cus_up_to_date"
	upToDatePhone = "+447700900101"
)

// customerByID is the lending core's record of the customer.
func (st *stack) customerByID(id string) lending.Customer {
	st.t.Helper()
	cu, err := st.lending().Customer(context.Background(), id)
	if err != nil {
		st.t.Fatal(err)
	}
	return cu
}

// emailChangeLink is the newest e-mail-change mail to address, and its token.
func (st *stack) emailChangeLink(address string) (notify.Message, string) {
	st.t.Helper()
	m, _, token := st.linkIn(address, "/#/emailVerify?token=")
	return m, token
}

func TestPersonalDetailsAreTheSignedInBorrowersWithTheNumberMasked(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")

	res, env := st.get("/profile/personalDetails", nil)
	wantFailure(t, res, env, web.CodeUnauthenticated)

	_, env = st.get("/profile/personalDetails", &creds)
	got := decode[apigen.PersonalDetails](t, env)
	cu := st.customerByID(upToDateID)
	if got.FirstName != cu.FirstName || got.LastName != cu.LastName || got.Email != cu.Email || got.DateOfBirth == nil ||
		got.DateOfBirth.String() != cu.DateOfBirth || !got.PinSet || got.PhoneMasked != "077****0101" {
		t.Fatalf("details %+v, the lending core's %+v", got, cu)
	}
	if a := got.Address; a == nil || a.Street != cu.Address.Street || a.Postcode != cu.Address.Postcode || a.Town != cu.Address.Town ||
		!strings.Contains(a.Label, cu.Address.Street) || !strings.HasSuffix(a.Label, cu.Address.Postcode) {
		t.Fatalf("address %+v, the lending core's %+v", got.Address, cu.Address)
	}
	raw, _ := json.Marshal(env)
	for _, whole := range []string{upToDatePhone, "07700900101", "7700900101"} {
		if strings.Contains(string(raw), whole) {
			t.Fatalf("the answer holds the whole number: %s", raw)
		}
	}

	// Another borrower sees their own details: nothing in a request names anyone.
	other := st.borrowerOf("arrears")
	_, env = st.get("/profile/personalDetails", &other)
	if d := decode[apigen.PersonalDetails](t, env); d.Email != "arrears@"+personas.Domain || d.PhoneMasked != "077****0102" {
		t.Fatalf("the other borrower's details %+v", d)
	}
}

// TestStaffActingReadTheProfileButChangeNothing: every call that changes the e-mail address, phone,
// address or PIN is refused to staff acting for a borrower (100617), and nothing changes upstream; the
// reads work.
func TestStaffActingReadTheProfileButChangeNothing(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.staffActing(upToDateID, "staff_ops")
	before := st.customerByID(upToDateID)

	for _, read := range []string{"/profile/personalDetails", "/profile/notifications", "/profile/settings"} {
		if _, env := st.get(read, &creds); env.Status != 200 {
			t.Errorf("%s in staff mode: %+v", read, env)
		}
	}
	changes := []struct {
		path string
		body any
	}{
		{"/profile/changeEmail", map[string]string{"email": "staff-typed@example.com"}},
		{"/profile/confirmEmailChange", map[string]string{"token": strings.Repeat("a", 43)}},
		{"/profile/sendPhoneCode", map[string]string{"phoneNumber": "07700 900999"}},
		{"/profile/changePhone", map[string]string{"phoneNumber": "07700 900999", "code": "123456"}},
		{"/profile/changeAddress", map[string]string{"gazetteerId": "gz_LM11AA_02"}},
		{"/payment/updateBillAddress", map[string]string{}},
		{"/profile/changePin", map[string]string{"currentPin": personas.PIN, "pin": "2468", "pinConfirm": "2468"}},
	}
	for _, c := range changes {
		res, env := st.post(c.path, c.body, &creds)
		wantFailure(t, res, env, web.CodeStaffForbidden)
	}
	after := st.customerByID(upToDateID)
	if after.Email != before.Email || after.Phone != before.Phone || *after.Address != *before.Address || after.PIN != before.PIN {
		t.Fatalf("staff changed the customer: %+v → %+v", before, after)
	}
	if m := st.messages("staff-typed@example.com", notify.KindEmail); len(m) != 0 {
		t.Fatalf("a link went out for staff: %d mails", len(m))
	}
	if m := st.messages("+447700900999", notify.KindSMS); len(m) != 0 {
		t.Fatalf("a code went out for staff: %d texts", len(m))
	}
}

// TestEmailChangeIsConfirmedByALinkToTheNewAddress: the new address gets a one-use link in the
// borrower's brand; the address in use stays until it is opened; opening it changes the address at the
// lending core and tells the old one; the link works once, for its borrower only, and not after it
// expires.
func TestEmailChangeIsConfirmedByALinkToTheNewAddress(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	oldAddress := "up-to-date@" + personas.Domain
	const newAddress = "alex.morgan@example.com"
	brand := st.brandOf(&creds).DisplayName

	for _, c := range []struct{ email, message string }{
		{"", "Enter your new email address"},
		{"not an address", "Enter an email address in the correct format, like name@example.com"},
		{oldAddress, "This is the email address we already have. Enter a different email address."},
		{"arrears@" + personas.Domain, "This email address belongs to another account. Enter a different email address."},
	} {
		res, env := st.post("/profile/changeEmail", map[string]string{"email": c.email}, &creds)
		wantFieldRefusal(t, res, env, c.message, "email")
	}

	_, env := st.post("/profile/changeEmail", map[string]string{"email": newAddress}, &creds)
	if sent := decode[apigen.CodeSent](t, env); sent.ExpiresInSeconds != 24*60*60 {
		t.Fatalf("the link works for %d s", sent.ExpiresInSeconds)
	}
	mail, token := st.emailChangeLink(newAddress)
	if !strings.Contains(mail.Subject, brand) || !strings.Contains(mail.Text, "Until you do, we keep using the address you have now.") {
		t.Fatalf("the link mail: %q\n%s", mail.Subject, mail.Text)
	}
	if cu := st.customerByID(upToDateID); cu.Email != oldAddress {
		t.Fatalf("the address changed before the link was opened: %s", cu.Email)
	}
	st.assertRedisHoldsNo(token)

	// Another borrower cannot use it, and trying does not use it up.
	other := st.borrowerOf("arrears")
	res, env := st.post("/profile/confirmEmailChange", map[string]string{"token": token}, &other)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	res, env = st.post("/profile/confirmEmailChange", map[string]string{"token": strings.Repeat("x", 43)}, &creds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)

	_, env = st.post("/profile/confirmEmailChange", map[string]string{"token": token}, &creds)
	if u := decode[loginResult](t, env); u.Email != newAddress {
		t.Fatalf("the signed-in user after the change: %+v", u)
	}
	if cu := st.customerByID(upToDateID); cu.Email != newAddress {
		t.Fatalf("the lending core has %s", cu.Email)
	}
	told := st.latest(oldAddress, notify.KindEmail)
	if told.Template != "email-changed" || !strings.Contains(told.Subject, brand) || !strings.Contains(told.Text, "Not you? Contact us") ||
		strings.Contains(told.Text, newAddress) || len(told.Links) != 0 {
		t.Fatalf("the old address was told: %q\n%s %v", told.Subject, told.Text, told.Links)
	}
	res, env = st.post("/profile/confirmEmailChange", map[string]string{"token": token}, &creds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)

	// The new address signs in; the old one no longer does.
	if _, env := st.post("/user/checkPinCode", map[string]string{"email": newAddress, "pin": personas.PIN}, nil); env.Status != 200 {
		t.Fatalf("signing in with the new address: %+v", env)
	}

	// A link lives 24 hours in Redis, and an expired one is refused.
	_, env = st.post("/profile/changeEmail", map[string]string{"email": "alex.third@example.com"}, &creds)
	decode[apigen.CodeSent](t, env)
	_, expiring := st.emailChangeLink("alex.third@example.com")
	keys, err := st.rdb().Keys(context.Background(), "apptest:emailchange:"+upToDateID+":*").Result()
	if err != nil || len(keys) != 1 {
		t.Fatalf("change links in Redis: %v, %v", keys, err)
	}
	if ttl := st.rdb().PTTL(context.Background(), keys[0]).Val(); ttl <= 23*time.Hour || ttl > 24*time.Hour {
		t.Fatalf("the link's TTL is %v", ttl)
	}
	st.rdb().Del(context.Background(), keys[0]) // what its expiry does
	res, env = st.post("/profile/confirmEmailChange", map[string]string{"token": expiring}, &creds)
	wantFailure(t, res, env, web.CodeEmailVerificationFailed)
	if cu := st.customerByID(upToDateID); cu.Email != newAddress {
		t.Fatalf("an expired link changed the address to %s", cu.Email)
	}
}

func TestEmailChangeLinksAreRateLimitedPerBorrower(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	for i := range 5 {
		_, env := st.post("/profile/changeEmail", map[string]string{"email": fmt.Sprintf("alex%d@example.com", i)}, &creds)
		decode[apigen.CodeSent](t, env)
	}
	res, env := st.post("/profile/changeEmail", map[string]string{"email": "alex5@example.com"}, &creds)
	wantFailure(t, res, env, web.CodeRateLimited)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	if m := st.messages("alex5@example.com", notify.KindEmail); len(m) != 0 {
		t.Fatal("a link was sent over the limit")
	}
}

// TestPhoneChangeIsProvedByAnSMSCode: the code goes to the new number; wrong codes count down and kill
// it; the right one changes the number at the lending core; another customer's number is refused.
func TestPhoneChangeIsProvedByAnSMSCode(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	const newNumber, newE164 = "07700 900321", "+447700900321"

	res, env := st.post("/profile/sendPhoneCode", map[string]string{"phoneNumber": "07700 900102"}, &creds) // arrears' number
	wantFieldRefusal(t, res, env, "We cannot use this number. Enter a different UK mobile number.", "phoneNumber")
	if m := st.messages("+447700900102", notify.KindSMS); len(m) != 0 {
		t.Fatal("a code went to another customer's number")
	}

	_, env = st.post("/profile/sendPhoneCode", map[string]string{"phoneNumber": newNumber}, &creds)
	decode[apigen.CodeSent](t, env)
	code := st.phoneCode(newE164)
	wrongCode := fmt.Sprintf("%06d", (atoi(code)+1)%1_000_000)
	res, env = st.post("/profile/changePhone", map[string]string{"phoneNumber": newNumber, "code": wrongCode}, &creds)
	wantFailure(t, res, env, web.CodeWrongCode)
	if env.ErrorMessage != "That code is not right. You have 4 tries left." {
		t.Fatalf("a wrong code: %q", env.ErrorMessage)
	}
	_, env = st.post("/profile/changePhone", map[string]string{"phoneNumber": newNumber, "code": code}, &creds)
	if d := decode[apigen.PersonalDetails](t, env); d.PhoneMasked != "077****0321" {
		t.Fatalf("details after the change: %+v", d)
	}
	if cu := st.customerByID(upToDateID); cu.Phone != newE164 {
		t.Fatalf("the lending core has %s", cu.Phone)
	}
	res, env = st.post("/profile/changePhone", map[string]string{"phoneNumber": newNumber, "code": code}, &creds)
	wantFailure(t, res, env, web.CodeWrongCode) // used

	// Five wrong codes kill a code: the right one no longer works.
	_, env = st.post("/profile/sendPhoneCode", map[string]string{"phoneNumber": "07700 900322"}, &creds)
	decode[apigen.CodeSent](t, env)
	code = st.phoneCode("+447700900322")
	wrongCode = fmt.Sprintf("%06d", (atoi(code)+1)%1_000_000)
	for range 5 {
		st.post("/profile/changePhone", map[string]string{"phoneNumber": "07700 900322", "code": wrongCode}, &creds)
	}
	res, env = st.post("/profile/changePhone", map[string]string{"phoneNumber": "07700 900322", "code": code}, &creds)
	wantFailure(t, res, env, web.CodeWrongCode)
	if env.ErrorMessage != "That code has expired or has already been used. Please ask for a new code." {
		t.Fatalf("the right code after five wrong ones: %q", env.ErrorMessage)
	}
	if cu := st.customerByID(upToDateID); cu.Phone != newE164 {
		t.Fatalf("a dead code changed the number to %s", cu.Phone)
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// TestAddressChangeAndTheCardsBillingAddress: an address found by postcode or typed becomes the
// borrower's; payment/updateBillAddress then moves the stored card's billing address to it.
func TestAddressChangeAndTheCardsBillingAddress(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	ctx := context.Background()

	found, err := st.lending().Addresses(ctx, "LM2 4QT")
	if err != nil || len(found.Addresses) < 3 {
		t.Fatalf("gazetteer: %+v, %v", found, err)
	}
	g := found.Addresses[2]
	_, env := st.post("/profile/changeAddress", map[string]string{"gazetteerId": g.ID}, &creds)
	if d := decode[apigen.PersonalDetails](t, env); d.Address == nil || d.Address.Label != g.Label {
		t.Fatalf("details after the change: %+v, want %s", d.Address, g.Label)
	}
	if cu := st.customerByID(upToDateID); *cu.Address != g.Address {
		t.Fatalf("the lending core has %+v", cu.Address)
	}

	typed := map[string]any{"address": map[string]string{"houseName": "Rose Court", "street": "Mill Lane", "town": "Lowmere", "postcode": "lm2 4qt"}}
	_, env = st.post("/profile/changeAddress", typed, &creds)
	if d := decode[apigen.PersonalDetails](t, env); d.Address == nil || d.Address.Label != "Rose Court, Mill Lane, Lowmere, LM2 4QT" {
		t.Fatalf("a typed address: %+v", d.Address)
	}

	res, env := st.post("/profile/changeAddress", map[string]any{}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "Choose an address from the list or enter it by hand, not both" {
		t.Fatalf("neither: %q", env.ErrorMessage)
	}
	res, env = st.post("/profile/changeAddress", map[string]any{"address": map[string]string{"street": "Mill Lane", "town": "Lowmere", "postcode": "lm2 4qt"}}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)
	if env.ErrorMessage != "Check your address: we could not find it, or it needs a house name or number, a street and a town" {
		t.Fatalf("no house: %q", env.ErrorMessage)
	}
	res, env = st.post("/profile/changeAddress", map[string]any{"address": map[string]string{"houseNumber": "1", "street": "", "town": "Lowmere", "postcode": "LM2 4QT"}}, &creds)
	wantFieldRefusal(t, res, env, "Enter the street", "address.street")

	_, env = st.post("/payment/updateBillAddress", map[string]string{}, &creds)
	cards := decode[apigen.BillingCards](t, env)
	if len(cards.Cards) != 1 {
		t.Fatalf("cards %+v", cards)
	}
	want := apigen.BillingAddress{Line1: "Rose Court, Mill Lane", City: "Lowmere", Postcode: "LM2 4QT"}
	if c := cards.Cards[0]; c.BillingAddress.Line1 != want.Line1 || c.BillingAddress.City != want.City || c.BillingAddress.Postcode != want.Postcode ||
		c.Last4 == "" || !c.Primary {
		t.Fatalf("the card after the change: %+v", c)
	}
	stored, err := st.paymentsClient().Cards(ctx, upToDateID)
	if err != nil || len(stored) != 1 || stored[0].BillingAddress == nil || stored[0].BillingAddress.Line1 != want.Line1 {
		t.Fatalf("the gateway's card: %+v, %v", stored, err)
	}
	// Another borrower's card is untouched.
	if others, err := st.paymentsClient().Cards(ctx, "cus_arrears"); err != nil || len(others) != 1 || others[0].BillingAddress != nil {
		t.Fatalf("another borrower's card: %+v, %v", others, err)
	}
}

// TestPINChangeChecksTheOldPINAtTheLendingCore: a wrong old PIN counts down and locks as sign-in does;
// the new PIN follows setPinCode's rules; the new PIN signs in.
func TestPINChangeChecksTheOldPINAtTheLendingCore(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	email := "up-to-date@" + personas.Domain
	change := func(current, pin, confirm string) (*http.Response, envelope) {
		return st.post("/profile/changePin", map[string]string{"currentPin": current, "pin": pin, "pinConfirm": confirm}, &creds)
	}

	res, env := change(personas.PIN, "2468", "2469")
	wantFailure(t, res, env, web.CodePINMismatch)
	res, env = change(personas.PIN, "1234", "1234")
	wantFieldRefusal(t, res, env, "Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111", "pin")
	res, env = change(personas.PIN, "140385", "140385") // 14 March 1985
	wantFieldRefusal(t, res, env, "Your PIN cannot be your date of birth", "pin")
	res, env = change(personas.PIN, personas.PIN, personas.PIN)
	wantFieldRefusal(t, res, env, "Your new PIN cannot be the same as your last PIN", "pin")
	res, env = change("9999", "2468", "2468")
	wantFailure(t, res, env, web.CodeWrongPIN)
	if env.ErrorMessage != "That PIN is not right. You have 4 tries left." {
		t.Fatalf("a wrong old PIN: %q", env.ErrorMessage)
	}

	_, env = change(personas.PIN, "2468", "2468")
	decode[loginResult](t, env)
	if _, env := st.post("/user/checkPinCode", map[string]string{"email": email, "pin": personas.PIN}, nil); env.ErrorCode != int(web.CodeWrongPIN) {
		t.Fatalf("the old PIN after the change: %+v", env)
	}
	st.pinSignIn(email, "2468")

	// Wrong old PINs lock it as sign-in does: the fifth locks it (and mails the borrower), and then even
	// the right one is refused, saying when it unlocks.
	for i := range 4 {
		if _, env := change("9999", "3579", "3579"); env.ErrorCode != int(web.CodeWrongPIN) {
			t.Fatalf("wrong PIN %d: %+v", i+1, env)
		}
	}
	res, env = change("9999", "3579", "3579")
	wantFailure(t, res, env, web.CodeAccountLocked)
	if !strings.Contains(env.ErrorMessage, "It unlocks at ") {
		t.Fatalf("the lock: %q", env.ErrorMessage)
	}
	if m := st.latest(email, notify.KindEmail); m.Template != "pin-locked" {
		t.Fatalf("the lock mail: %s", m.Template)
	}
	res, env = change("2468", "3579", "3579")
	wantFailure(t, res, env, web.CodeAccountLocked)
	if cu := st.customerByID(upToDateID); !cu.PIN.Locked {
		t.Fatalf("the lending core's PIN: %+v", cu.PIN)
	}
}

// TestNotificationsListWhatWasSentWithoutLinksOrCodes: the inbox lists the mails and texts sent to the
// borrower, newest first, with the BFF's words only; marking one read is kept by the provider, and
// another borrower's message is not found.
func TestNotificationsListWhatWasSentWithoutLinksOrCodes(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	email := "up-to-date@" + personas.Domain

	// A sign-in link, an e-mail code and an SMS code to the borrower; a code to someone else.
	st.post("/account/sendEmailVerify", map[string]string{"param": email, "type": "EMAIL"}, nil)
	st.post("/account/sendEmailVerify", map[string]string{"param": "07700 900101", "type": "PHONE"}, nil)
	st.post("/account/sendEmailVerify", map[string]string{"param": "arrears@" + personas.Domain, "type": "EMAIL"}, nil)
	emailCode, smsCode := st.code(email, notify.KindEmail), st.code(upToDatePhone, notify.KindSMS)
	st.post("/user/magicLink", map[string]string{"email": email}, nil)
	_, link := st.linkToken(email)

	_, env := st.get("/profile/notifications", &creds)
	list := decode[apigen.NotificationList](t, env)
	sent := append(st.messages(email, notify.KindEmail), st.messages(upToDatePhone, notify.KindSMS)...)
	if len(list.Notifications) != len(sent) || list.Unread != len(sent) || len(sent) < 3 {
		t.Fatalf("%d notifications (%d unread), %d sent", len(list.Notifications), list.Unread, len(sent))
	}
	titles := map[string]bool{}
	for i, n := range list.Notifications {
		titles[n.Title] = true
		if i > 0 && n.SentAt.After(list.Notifications[i-1].SentAt) {
			t.Fatalf("not newest first: %+v", list.Notifications)
		}
	}
	for _, want := range []string{"Sign-in link", "Sign-in code"} {
		if !titles[want] {
			t.Errorf("no %q in %v", want, titles)
		}
	}
	raw, _ := json.Marshal(env)
	digits := regexp.MustCompile(`[0-9]{6}`)
	for _, secret := range []string{emailCode, smsCode, link, "http", "#/login"} {
		if strings.Contains(string(raw), secret) {
			t.Fatalf("the inbox shows %q: %s", secret, raw)
		}
	}
	for _, n := range list.Notifications {
		if digits.MatchString(n.Title + n.Summary) {
			t.Fatalf("a notification shows digits: %+v", n)
		}
	}

	first := list.Notifications[0]
	_, env = st.post("/profile/markNotificationRead", map[string]string{"id": first.Id}, &creds)
	if n := decode[apigen.Notification](t, env); !n.Read || n.Id != first.Id {
		t.Fatalf("marked: %+v", n)
	}
	if m, err := st.notify().Message(context.Background(), first.Id); err != nil || !m.Read {
		t.Fatalf("the provider's message: %+v, %v", m, err)
	}
	_, env = st.get("/profile/notifications", &creds)
	if again := decode[apigen.NotificationList](t, env); again.Unread != len(sent)-1 || !again.Notifications[0].Read {
		t.Fatalf("after marking one read: %d unread", again.Unread)
	}

	// Another borrower's message and one that does not exist answer alike; neither is marked.
	theirs := st.latest("arrears@"+personas.Domain, notify.KindEmail)
	res, mine := st.post("/profile/markNotificationRead", map[string]string{"id": theirs.ID}, &creds)
	wantFailure(t, res, mine, web.CodeNotFound)
	res, none := st.post("/profile/markNotificationRead", map[string]string{"id": "msg_nothing"}, &creds)
	wantFailure(t, res, none, web.CodeNotFound)
	if mine.ErrorMessage != none.ErrorMessage {
		t.Fatalf("another's %q, none %q", mine.ErrorMessage, none.ErrorMessage)
	}
	if m, _ := st.notify().Message(context.Background(), theirs.ID); m.Read {
		t.Fatal("another borrower's message was marked read")
	}
}

// TestRemindersFollowTheSettings: the preferences are kept by the lending core, and the sandbox's
// reminder run, as its clock moves, sends an e-mail and an SMS before the next instalment as they say,
// once each.
func TestRemindersFollowTheSettings(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.borrowerOf("up-to-date")
	email := "up-to-date@" + personas.Domain
	brand := st.brandOf(&creds).DisplayName

	_, env := st.get("/profile/settings", &creds)
	if s := decode[apigen.CommunicationSettings](t, env); !s.EmailReminders || !s.SmsReminders || s.ReminderDaysBefore != 3 {
		t.Fatalf("the defaults: %+v", s)
	}
	_, env = st.post("/profile/updateSettings", map[string]bool{"emailReminders": true, "smsReminders": false}, &creds)
	if s := decode[apigen.CommunicationSettings](t, env); !s.EmailReminders || s.SmsReminders {
		t.Fatalf("after turning SMS off: %+v", s)
	}
	if cu := st.customerByID(upToDateID); !cu.Preferences.EmailReminders || cu.Preferences.SMSReminders {
		t.Fatalf("the lending core keeps %+v", cu.Preferences)
	}
	res, env := st.post("/profile/updateSettings", map[string]any{"emailReminders": true}, &creds)
	wantFailure(t, res, env, web.CodeBadRequest)

	// The first instalment at least five days ahead, so the run can be watched from four days before.
	ctx := context.Background()
	loans, err := st.lending().CustomerLoans(ctx, upToDateID)
	if err != nil || len(loans) != 1 {
		t.Fatalf("loans: %+v, %v", loans, err)
	}
	schedule, err := st.lending().LoanSchedule(ctx, loans[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var due time.Time
	var amountPence int64
	for _, r := range schedule.Instalments {
		d, _ := time.Parse(time.DateOnly, r.DueDate)
		if d.After(st.sandbox.Clock().Now().Add(5 * 24 * time.Hour)) {
			due, amountPence = d, r.PaymentPence-r.PaidPence
			break
		}
	}
	if due.IsZero() {
		t.Fatalf("no instalment ahead: %+v", schedule.Instalments)
	}
	date, amount := due.Format("2 January 2006"), credit.FormatPounds(amountPence)
	reminders := func(to, kind string) []notify.Message {
		var out []notify.Message
		for _, m := range st.messages(to, kind) {
			if m.Template == "instalment-reminder" && strings.Contains(m.Text, date) {
				out = append(out, m)
			}
		}
		return out
	}

	// Four days before: too early.
	st.advanceTo(due.Add(-4*24*time.Hour + 12*time.Hour))
	if n := len(reminders(email, notify.KindEmail)); n != 0 {
		t.Fatalf("%d reminders four days before", n)
	}
	// Two days before: the e-mail, with the amount and the date, in the loan's brand; no SMS.
	st.advanceTo(due.Add(-2*24*time.Hour + 12*time.Hour))
	mails := reminders(email, notify.KindEmail)
	if len(mails) != 1 || !strings.Contains(mails[0].Text, amount) || !strings.Contains(mails[0].Text, date) ||
		!strings.Contains(mails[0].Subject, brand) {
		t.Fatalf("reminder mails: %+v", mails)
	}
	if n := len(reminders(upToDatePhone, notify.KindSMS)); n != 0 {
		t.Fatalf("%d SMS reminders with SMS off", n)
	}
	// SMS on again, and the next run a day later: the SMS, and no second e-mail.
	st.post("/profile/updateSettings", map[string]bool{"emailReminders": true, "smsReminders": true}, &creds)
	st.advanceTo(due.Add(-1*24*time.Hour + 12*time.Hour))
	if n := len(reminders(email, notify.KindEmail)); n != 1 {
		t.Fatalf("%d reminder mails after a second run", n)
	}
	texts := reminders(upToDatePhone, notify.KindSMS)
	if len(texts) != 1 || !strings.Contains(texts[0].Text, amount) || !strings.HasPrefix(texts[0].Text, brand+":") {
		t.Fatalf("SMS reminders: %+v", texts)
	}
}

// advanceTo moves the sandbox clock forward to t through its control API, as a test or a demo does.
func (st *stack) advanceTo(t time.Time) {
	st.t.Helper()
	d := t.Sub(st.sandbox.Clock().Now())
	if d < 0 {
		st.t.Fatalf("the clock is already past %v", t)
	}
	res, err := http.Post(st.upstream.URL+"/_sandbox/clock", "application/json", strings.NewReader(fmt.Sprintf(`{"advance":%q}`, d.String())))
	if err != nil || res.StatusCode != http.StatusOK {
		st.t.Fatalf("moving the clock: %v %v", res, err)
	}
	res.Body.Close()
}
