package server_test

import (
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"lender/bff/upstream/identity"
	"lender/bff/upstream/notify"
	ob "lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/providertest"
	"lender/sandbox/personas"
	"lender/sandbox/server"
)

// snapSandbox is a sandbox keeping its state in path, as `make run` does with SANDBOX_SNAPSHOT_FILE.
func snapSandbox(t *testing.T, path string) (*server.Server, *httptest.Server) {
	t.Helper()
	s := server.New(server.Config{PublicURL: "http://localhost:8090", AppURL: "http://localhost:8080",
		SnapshotFile: path, SnapshotDebounce: 10 * time.Millisecond})
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// send is call with a JSON body (none when nil) and request headers ("Name: value"), answering the
// status and the response headers.
func send(t *testing.T, ts *httptest.Server, method, path string, body any, out any, headers ...string) (int, http.Header) {
	t.Helper()
	text := ""
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		text = string(b)
	}
	return providertest.Send(t, ts, method, path, text, out, append([]string{"Content-Type: application/json"}, headers...)...)
}

// TestSnapshotKeepsEveryProvider: state built over HTTP in every provider is written at shutdown and
// read back by a fresh sandbox, which answers the same: the mailbox, cards on file (still charging),
// payment links, recurring charges and their idempotency keys, consents, identity checks and the
// clock. A reset deletes the file.
func TestSnapshotKeepsEveryProvider(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s1, ts1 := snapSandbox(t, path)
	var up personas.Borrower
	for _, b := range personas.Borrowers() {
		if b.Key == "up-to-date" {
			up = b
		}
	}

	// The clock, two hours on (before the rest: payment links last 30 minutes of it).
	send(t, ts1, http.MethodPost, "/_sandbox/clock", server.ClockChange{Advance: "2h"}, nil)
	// Notify: two messages.
	var m1, m2 notify.Message
	send(t, ts1, http.MethodPost, "/notify/v1/emails", notify.Email{To: "snap@example.com", Subject: "Sign in",
		Text: "Sign in: http://localhost:8080/#/login/emailMagicLink?token=abc"}, &m1, transport.IdempotencyKeyHeader+": mail-1")
	send(t, ts1, http.MethodPost, "/notify/v1/sms", notify.SMS{To: "+447700900999", Text: "Your code is 123456"}, &m2)
	// Payments: a billing address on a seeded card, a keyed recurring charge, a payment link.
	addr := payments.BillingAddress{Line1: "1 Acacia Avenue", City: "Lowmere", Postcode: "LM1 1AA"}
	if st, _ := send(t, ts1, http.MethodPut, "/payments/v1/customers/"+up.CustomerID+"/cards/"+up.CPACardToken+"/billing-address", addr, nil); st != http.StatusOK {
		t.Fatalf("billing address: %d", st)
	}
	charge := payments.RecurringPaymentRequest{CardToken: up.CPACardToken, CustomerReference: up.CustomerID, AmountPence: 123_45,
		Currency: payments.CurrencyGBP, MerchantReference: "snap-charge"}
	var rp payments.RecurringPayment
	if st, _ := send(t, ts1, http.MethodPost, "/payments/v1/recurring-payments", charge, &rp, transport.IdempotencyKeyHeader+": charge-1"); st != http.StatusCreated || rp.Status != payments.StatusSucceeded {
		t.Fatalf("charge: %d %+v", st, rp)
	}
	var pl payments.PaymentLink
	send(t, ts1, http.MethodPost, "/payments/v1/payment-links", payments.CreatePaymentLinkRequest{AmountPence: 50_00, Currency: payments.CurrencyGBP,
		MerchantReference: "snap-link", CustomerReference: up.CustomerID, Description: "A repayment", MerchantDisplayName: "Meadow Loans", ReturnURL: "http://localhost:8080/pay"}, &pl)
	// Open banking: a new consent awaiting the bank; the seeded one renewed.
	var cns ob.Consent
	send(t, ts1, http.MethodPost, "/openbanking/v1/consents", ob.CreateConsent{CustomerReference: "cus_snap", RedirectURL: "http://localhost:8080/bank",
		ClientDisplayName: "Meadow Loans"}, &cns)
	seededConsent := "cons_seed_regstage_incomeverification"
	if st, _ := send(t, ts1, http.MethodPost, "/openbanking/v1/consents/"+seededConsent+"/renew", nil, nil); st != http.StatusOK {
		t.Fatalf("renew: %d", st)
	}
	// Identity: a pending check.
	var chk identity.Check
	send(t, ts1, http.MethodPost, "/identity/v1/checks", identity.CreateCheck{Reference: "cus_snap", ReturnURL: "http://localhost:8080/idv"}, &chk)

	type view struct {
		Mailbox    notify.MessageList
		Cards      payments.CardList
		Link       payments.PaymentLink
		Recurring  payments.RecurringPayment
		Consent    ob.Consent
		Renewed    ob.Consent
		Check      identity.Check
		Deliveries payments.WebhookDeliveryList
	}
	look := func(ts *httptest.Server) view {
		var v view
		send(t, ts, http.MethodGet, "/notify/v1/messages", nil, &v.Mailbox)
		send(t, ts, http.MethodGet, "/payments/v1/customers/"+up.CustomerID+"/cards", nil, &v.Cards)
		send(t, ts, http.MethodGet, "/payments/v1/payment-links/"+pl.ID, nil, &v.Link)
		send(t, ts, http.MethodGet, "/payments/v1/recurring-payments/"+rp.ID, nil, &v.Recurring)
		send(t, ts, http.MethodGet, "/openbanking/v1/consents/"+cns.ID, nil, &v.Consent)
		send(t, ts, http.MethodGet, "/openbanking/v1/consents/"+seededConsent, nil, &v.Renewed)
		send(t, ts, http.MethodGet, "/identity/v1/checks/"+chk.ID, nil, &v.Check)
		send(t, ts, http.MethodGet, "/payments/v1/webhook-deliveries", nil, &v.Deliveries)
		return v
	}
	before := look(ts1)
	if pl.URL == "" || cns.AuthURL == "" || chk.HostedURL == "" {
		t.Fatalf("link %+v, consent %+v, check %+v", pl, cns, chk)
	}
	if len(before.Mailbox.Messages) != 2 || before.Renewed.RenewedAt == nil || before.Cards.Cards[0].BillingAddress == nil {
		t.Fatalf("before: %+v", before)
	}
	ts1.Close()
	s1.Close() // shutdown: the last write
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no snapshot after shutdown: %v", err)
	}

	s2, ts2 := snapSandbox(t, path)
	after := look(ts2)
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if string(b1) != string(b2) {
		t.Fatalf("after the restart:\n%s\nbefore:\n%s", b2, b1)
	}
	var clk server.ClockState
	send(t, ts2, http.MethodGet, "/_sandbox/clock", nil, &clk)
	if now, _ := time.Parse(time.RFC3339, clk.Now); time.Until(now) < 119*time.Minute {
		t.Fatalf("clock after the restart: %s", clk.Now)
	}
	// The repeated charge is replayed, not charged again; the card still charges.
	var again payments.RecurringPayment
	if st, h := send(t, ts2, http.MethodPost, "/payments/v1/recurring-payments", charge, &again, transport.IdempotencyKeyHeader+": charge-1"); st != http.StatusCreated ||
		h.Get(httpjson.ReplayedHeader) != "true" || again.ID != rp.ID {
		t.Fatalf("replay after the restart: %d %+v", st, again)
	}
	charge.MerchantReference = "snap-charge-2"
	var next payments.RecurringPayment
	if st, _ := send(t, ts2, http.MethodPost, "/payments/v1/recurring-payments", charge, &next, transport.IdempotencyKeyHeader+": charge-2"); st != http.StatusCreated ||
		next.Status != payments.StatusSucceeded || next.ID == rp.ID {
		t.Fatalf("a new charge after the restart: %d %+v", st, next)
	}
	// The hosted pages still open: checkout, consent, identity.
	for _, u := range []string{pl.URL, cns.AuthURL, chk.HostedURL} {
		pu, err := url.Parse(u)
		if err != nil || pu.Path == "" {
			t.Fatalf("hosted URL %q", u)
		}
		path := pu.Path
		if st, _ := send(t, ts2, http.MethodGet, path, nil, nil); st != http.StatusOK {
			t.Errorf("GET %s after the restart: %d", path, st)
		}
	}
	// The same e-mail sent again with its key is not captured twice.
	send(t, ts2, http.MethodPost, "/notify/v1/emails", notify.Email{To: "snap@example.com", Subject: "Sign in",
		Text: "Sign in: http://localhost:8080/#/login/emailMagicLink?token=abc"}, nil, transport.IdempotencyKeyHeader+": mail-1")
	var box notify.MessageList
	send(t, ts2, http.MethodGet, "/notify/v1/messages?to=snap@example.com", nil, &box)
	if len(box.Messages) != 1 || box.Messages[0].ID != m1.ID {
		t.Fatalf("mailbox after a repeated send: %+v", box.Messages)
	}

	// A reset restores the seed everywhere and deletes the file.
	send(t, ts2, http.MethodPost, "/_sandbox/reset", nil, nil)
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the snapshot survived the reset: %v", err)
	}
	if st, _ := send(t, ts2, http.MethodGet, "/identity/v1/checks/"+chk.ID, nil, nil); st != http.StatusNotFound {
		t.Fatalf("check after the reset: %d", st)
	}
	ts2.Close()
	s2.Close()
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a snapshot was written after the reset: %v", err)
	}
}

// TestSnapshotLoadsALendingOnlyFile: a version 1 file (the lending core alone) still loads: its
// customers come back, and the other providers keep their seed.
func TestSnapshotLoadsALendingOnlyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.json")
	s1, ts1 := snapSandbox(t, path)
	var cus struct {
		ID string `json:"id"`
	}
	if st, _ := send(t, ts1, http.MethodPost, "/lending/v1/customers", map[string]string{"email": "v1@example.com", "firstName": "Vee",
		"lastName": "One"}, &cus); st != http.StatusCreated {
		t.Fatalf("create customer: %d", st)
	}
	ts1.Close()
	s1.Close()
	// Rewrite the file as version 1 wrote it: the lending section as "parts".
	var f struct {
		SavedAt   time.Time                  `json:"savedAt"`
		Offset    int64                      `json:"clockOffsetNs"`
		Providers map[string]json.RawMessage `json:"providers"`
	}
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &f); err != nil || f.Providers["lending"] == nil || f.Providers["notify"] == nil {
		t.Fatalf("the file is not one section per provider: %.200s", b)
	}
	v1, _ := json.Marshal(map[string]any{"version": 1, "savedAt": f.SavedAt, "clockOffsetNs": f.Offset, "parts": f.Providers["lending"]})
	if err := os.WriteFile(path, v1, 0o600); err != nil {
		t.Fatal(err)
	}
	_, ts2 := snapSandbox(t, path)
	var found struct {
		ID string `json:"id"`
	}
	if st, _ := send(t, ts2, http.MethodGet, "/lending/v1/customers/"+cus.ID, nil, &found); st != http.StatusOK || found.ID != cus.ID {
		t.Fatalf("customer from a version 1 file: %d %+v", st, found)
	}
	var card payments.CardList
	send(t, ts2, http.MethodGet, "/payments/v1/customers/cus_up_to_date/cards", nil, &card)
	if len(card.Cards) != 1 {
		t.Fatalf("seeded cards: %+v", card)
	}
}
