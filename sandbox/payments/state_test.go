package payments

import (
	"net/url"
	"testing"
	"time"

	"lender/bff/upstream/payments"
)

func TestTransition(t *testing.T) {
	const (
		created  = payments.StatusCreated
		authReq  = payments.StatusAuthenticationRequired
		ok       = payments.StatusSucceeded
		declined = payments.StatusDeclined
		failed   = payments.StatusFailed
		cancel   = payments.StatusCancelled
	)
	tests := []struct {
		name       string
		from       string
		storeOnly  bool
		step       step
		card       behaviour
		to, reason string
		allowed    bool
	}{
		{"good card succeeds", created, false, stepCard, behaveSucceed, ok, "", true},
		{"insufficient funds declines", created, false, stepCard, behaveInsufficient, declined, payments.DeclineInsufficientFunds, true},
		{"insufficient funds still verifies a card to store", created, true, stepCard, behaveInsufficient, ok, "", true},
		{"3DS card needs authentication", created, false, stepCard, behaveChallenge, authReq, "", true},
		{"3DS card needs authentication to store", created, true, stepCard, behaveChallenge, authReq, "", true},
		{"other card not supported", created, false, stepCard, behaveNotSupported, declined, payments.DeclineCardNotSupported, true},
		{"authentication passed", authReq, false, stepAuthPass, behaveSucceed, ok, "", true},
		{"authentication failed", authReq, false, stepAuthFail, behaveSucceed, failed, payments.DeclineAuthenticationFailed, true},
		{"cancel an open link", created, false, stepCancel, behaveSucceed, cancel, "", true},
		{"cancel during authentication", authReq, false, stepCancel, behaveSucceed, cancel, "", true},
		{"no second card while authenticating", authReq, false, stepCard, behaveSucceed, authReq, "", false},
		{"no authentication without a challenge", created, false, stepAuthPass, behaveSucceed, created, "", false},
		{"succeeded is final", ok, false, stepCard, behaveSucceed, ok, "", false},
		{"succeeded cannot be cancelled", ok, false, stepCancel, behaveSucceed, ok, "", false},
		{"declined is final", declined, false, stepCard, behaveSucceed, declined, "", false},
		{"failed is final", failed, false, stepAuthPass, behaveSucceed, failed, "", false},
		{"cancelled is final", cancel, false, stepCard, behaveSucceed, cancel, "", false},
		{"expired is final", payments.StatusExpired, false, stepCard, behaveSucceed, payments.StatusExpired, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			to, reason, allowed := transition(tt.from, tt.storeOnly, tt.step, tt.card)
			if to != tt.to || reason != tt.reason || allowed != tt.allowed {
				t.Fatalf("transition(%s) = %s %q %v, want %s %q %v", tt.from, to, reason, allowed, tt.to, tt.reason, tt.allowed)
			}
		})
	}
}

func TestLinkExpiresWhenOpen(t *testing.T) {
	created := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	expires := created.Add(30 * time.Minute)
	tests := []struct {
		status string
		now    time.Time
		want   string
	}{
		{payments.StatusCreated, expires.Add(-time.Second), payments.StatusCreated},
		{payments.StatusCreated, expires, payments.StatusExpired},
		{payments.StatusAuthenticationRequired, expires.Add(time.Hour), payments.StatusExpired},
		{payments.StatusSucceeded, expires.Add(time.Hour), payments.StatusSucceeded},
		{payments.StatusDeclined, expires.Add(time.Hour), payments.StatusDeclined},
		{payments.StatusCancelled, expires.Add(time.Hour), payments.StatusCancelled},
	}
	for _, tt := range tests {
		l := &link{PaymentLink: payments.PaymentLink{Status: tt.status, CreatedAt: created, UpdatedAt: created, ExpiresAt: expires},
			pending: &cardInput{number: TestCard3DS}}
		l.refresh(tt.now)
		if l.Status != tt.want {
			t.Errorf("%s at %s = %s, want %s", tt.status, tt.now.Format(time.TimeOnly), l.Status, tt.want)
		}
		if tt.want == payments.StatusExpired && (l.UpdatedAt != expires || l.pending != nil) {
			t.Errorf("expired link: updatedAt %s pending %v", l.UpdatedAt, l.pending)
		}
	}
}

func TestRecurringOutcome(t *testing.T) {
	tests := []struct {
		card           behaviour
		expired        bool
		status, reason string
	}{
		{behaveSucceed, false, payments.StatusSucceeded, ""},
		{behaveChallenge, false, payments.StatusSucceeded, ""}, // merchant-initiated: no 3-D Secure
		{behaveInsufficient, false, payments.StatusDeclined, payments.DeclineInsufficientFunds},
		{behaveNotSupported, false, payments.StatusDeclined, payments.DeclineCardNotSupported},
		{behaveSucceed, true, payments.StatusDeclined, payments.DeclineExpiredCard},
	}
	for _, tt := range tests {
		if s, r := recurringOutcome(tt.card, tt.expired); s != tt.status || r != tt.reason {
			t.Errorf("recurringOutcome(%d, %v) = %s %s, want %s %s", tt.card, tt.expired, s, r, tt.status, tt.reason)
		}
	}
}

func TestTestCards(t *testing.T) {
	tests := []struct {
		number string
		brand  string
		b      behaviour
	}{
		{TestCardSucceeds, "visa", behaveSucceed},
		{TestCardSucceedsMastercard, "mastercard", behaveSucceed},
		{TestCardInsufficientFunds, "visa", behaveInsufficient},
		{TestCard3DS, "visa", behaveChallenge},
		{"4111111111111111", "visa", behaveNotSupported},
		{"2223003122003222", "mastercard", behaveNotSupported},
		{"378282246310005", "amex", behaveNotSupported},
		{"6011111111111117", "unknown", behaveNotSupported},
	}
	for _, tt := range tests {
		if !luhn(tt.number) {
			t.Errorf("%s fails the Luhn check", tt.number)
		}
		if got := brandOf(tt.number); got != tt.brand {
			t.Errorf("brandOf(%s) = %s, want %s", tt.number, got, tt.brand)
		}
		if got := behaviourOf(tt.number); got != tt.b {
			t.Errorf("behaviourOf(%s) = %d, want %d", tt.number, got, tt.b)
		}
	}
	for _, bad := range []string{"4242424242424241", "1234567812345678", "0", "", "42424242a4242424"} {
		if luhn(bad) {
			t.Errorf("luhn(%q) = true", bad)
		}
	}
}

func TestParseCard(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)
	valid := url.Values{FieldCardNumber: {"4242 4242 4242 4242"}, FieldExpiry: {"12/30"}, FieldName: {"  Ada   Lovelace "}, FieldCVC: {"123"}}
	in, errs := parseCard(valid, now)
	if len(errs) != 0 || in.number != TestCardSucceeds || in.expMonth != 12 || in.expYear != 2030 || in.name != "Ada Lovelace" {
		t.Fatalf("parseCard(valid) = %+v %v", in, errs)
	}
	tests := []struct {
		field, value, want string
	}{
		{FieldCardNumber, "", "Enter your card number"},
		{FieldCardNumber, "4242-4242-4242-4241", "Enter a valid card number"},
		{FieldCardNumber, "4242 4242 4242 424x", "Card number must only include numbers 0 to 9"},
		{FieldCardNumber, "42424242424", "Card number must be between 12 and 19 digits"},
		{FieldExpiry, "", "Enter the expiry date"},
		{FieldExpiry, "13/30", "Expiry date must be a real date in the format MM/YY"},
		{FieldExpiry, "December 2030", "Expiry date must be a real date in the format MM/YY"},
		{FieldExpiry, "02/26", "Expiry date must be in the future"},
		{FieldName, " ", "Enter the name on your card"},
		{FieldCVC, "", "Enter the card security code"},
		{FieldCVC, "12", "Card security code must be 3 or 4 numbers"},
		{FieldCVC, "12a", "Card security code must be 3 or 4 numbers"},
	}
	for _, tt := range tests {
		form := url.Values{}
		for k, v := range valid {
			form[k] = v
		}
		form.Set(tt.field, tt.value)
		_, errs := parseCard(form, now)
		if len(errs) != 1 || errs[tt.field] != tt.want {
			t.Errorf("%s=%q: errors %v, want %q", tt.field, tt.value, errs, tt.want)
		}
	}
}

func TestParseExpiry(t *testing.T) {
	now := time.Date(2026, 3, 31, 23, 0, 0, 0, time.UTC)
	tests := []struct {
		in          string
		month, year int
		ok          bool
	}{
		{"03/26", 3, 2026, true}, // valid through the end of its month
		{"0326", 3, 2026, true},
		{"3/2026", 3, 2026, true},
		{"03 / 29", 3, 2029, true},
		{"03-2029", 3, 2029, true},
		{"032029", 3, 2029, true},
		{"02/26", 2, 2026, false},
		{"00/29", 0, 0, false},
		{"3/9", 0, 0, false},
		{"329", 0, 0, false},
	}
	for _, tt := range tests {
		m, y, msg := parseExpiry(tt.in, now)
		if (msg == "") != tt.ok || (tt.ok && (m != tt.month || y != tt.year)) {
			t.Errorf("parseExpiry(%q) = %d %d %q", tt.in, m, y, msg)
		}
	}
	if _, _, msg := parseExpiry("03/26", now.Add(2*time.Hour)); msg == "" {
		t.Error("03/26 accepted on 1 April 2026")
	}
}

func TestFormatPence(t *testing.T) {
	for in, want := range map[int64]string{0: "£0.00", 5: "£0.05", 1234: "£12.34", 123456: "£1,234.56", 10_000_000: "£100,000.00"} {
		if got := formatPence(in); got != want {
			t.Errorf("formatPence(%d) = %s, want %s", in, got, want)
		}
	}
}

func TestNormaliseAddress(t *testing.T) {
	a, msg := normaliseAddress(payments.BillingAddress{Line1: " 1 High Street ", City: "Leeds", Postcode: "ls11aa"})
	if msg != "" || a.Postcode != "LS1 1AA" || a.Country != "GB" || a.Line1 != "1 High Street" {
		t.Fatalf("normaliseAddress = %+v %q", a, msg)
	}
	bad := []payments.BillingAddress{
		{City: "Leeds", Postcode: "LS1 1AA"},
		{Line1: "1 High Street", Postcode: "LS1 1AA"},
		{Line1: "1 High Street", City: "Leeds", Postcode: "NOT A CODE"},
		{Line1: "1 High Street", City: "Leeds", Postcode: "LS1 1AA", Country: "GBR"},
		{Line1: "1 High\nStreet", City: "Leeds", Postcode: "LS1 1AA"},
	}
	for _, b := range bad {
		if _, msg := normaliseAddress(b); msg == "" {
			t.Errorf("normaliseAddress(%+v) accepted", b)
		}
	}
	if a, msg := normaliseAddress(payments.BillingAddress{Line1: "1 Rue", City: "Paris", Postcode: "75001", Country: "fr"}); msg != "" || a.Country != "FR" {
		t.Errorf("French address = %+v %q", a, msg)
	}
}
