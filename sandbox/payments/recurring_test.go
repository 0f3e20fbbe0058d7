package payments_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

func TestRecurringPayments(t *testing.T) {
	g := newGateway(t, sp.Config{})
	good := g.storeCard(t, "cust-r", sp.TestCardSucceeds)
	threeDS := g.storeCard(t, "cust-r", sp.TestCard3DS)
	poor := g.storeCard(t, "cust-r", sp.TestCardInsufficientFunds)
	tests := []struct {
		name, token, customer string
		status                int
		payment, reason, code string
		last4                 string
	}{
		{"good card", good, "cust-r", http.StatusCreated, payments.StatusSucceeded, "", "", "4242"},
		{"3-D Secure card: merchant-initiated, no challenge", threeDS, "cust-r", http.StatusCreated, payments.StatusSucceeded, "", "", "3220"},
		{"insufficient funds", poor, "cust-r", http.StatusCreated, payments.StatusDeclined, payments.DeclineInsufficientFunds, "", "9995"},
		{"unknown card", "card_nope", "cust-r", http.StatusNotFound, "", "", payments.CodeCardNotFound, ""},
		{"another customer's card", good, "cust-other", http.StatusNotFound, "", "", payments.CodeCardNotFound, ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rp payments.RecurringPayment
			var e errorBody
			out := any(&rp)
			if tt.code != "" {
				out = &e
			}
			st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tt.token, tt.customer, 4321, "INST-1"), out,
				"Idempotency-Key", fmt.Sprintf("key-%d", i))
			if st != tt.status || e.Code != tt.code {
				t.Fatalf("= %d %+v %+v", st, rp, e)
			}
			if tt.code != "" {
				return
			}
			if rp.Status != tt.payment || rp.DeclineReason != tt.reason || rp.AmountPence != 4321 || rp.Currency != "GBP" ||
				rp.CardToken != tt.token || rp.Card.Last4 != tt.last4 || rp.MerchantReference != "INST-1" ||
				rp.CustomerReference != "cust-r" || !rp.CreatedAt.Equal(fixedNow) || rp.ID == "" {
				t.Fatalf("recurring payment = %+v", rp)
			}
			var got payments.RecurringPayment
			if st, _ := g.call(t, http.MethodGet, "/recurring-payments/"+rp.ID, "", &got); st != http.StatusOK || got != rp {
				t.Fatalf("GET = %d %+v, want %+v", st, got, rp)
			}
		})
	}
	var e errorBody
	if st, _ := g.call(t, http.MethodGet, "/recurring-payments/txn_nope", "", &e); st != http.StatusNotFound || e.Code != payments.CodeRecurringPaymentNotFound {
		t.Fatalf("GET unknown = %d %+v", st, e)
	}
}

func TestRecurringPaymentOfAnExpiredCardDeclines(t *testing.T) {
	g := newGateway(t, sp.Config{})
	tok := g.storeCard(t, "cust-x", sp.TestCardSucceeds) // expires 12/30
	g.clock.Set(time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC))
	var rp payments.RecurringPayment
	g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tok, "cust-x", 100, "INST"), &rp, "Idempotency-Key", "k1")
	if rp.Status != payments.StatusDeclined || rp.DeclineReason != payments.DeclineExpiredCard {
		t.Fatalf("charge of an expired card = %+v", rp)
	}
}

func TestRecurringPaymentValidation(t *testing.T) {
	g := newGateway(t, sp.Config{})
	tok := g.storeCard(t, "cust-v", sp.TestCardSucceeds)
	tests := []struct {
		name, body string
		headers    []string
		status     int
		code       string
	}{
		{"no idempotency key", recurringBody(tok, "cust-v", 100, "R"), nil, http.StatusBadRequest, payments.CodeIdempotencyKeyRequired},
		{"malformed idempotency key", recurringBody(tok, "cust-v", 100, "R"), []string{"Idempotency-Key", "has space"}, http.StatusBadRequest, payments.CodeInvalidIdempotencyKey},
		{"zero amount", recurringBody(tok, "cust-v", 0, "R"), []string{"Idempotency-Key", "k"}, http.StatusBadRequest, payments.CodeInvalidRequest},
		{"no card", recurringBody("", "cust-v", 100, "R"), []string{"Idempotency-Key", "k"}, http.StatusBadRequest, payments.CodeInvalidRequest},
		{"no reference", recurringBody(tok, "cust-v", 100, ""), []string{"Idempotency-Key", "k"}, http.StatusBadRequest, payments.CodeInvalidRequest},
		{"not JSON", "amount=1", []string{"Idempotency-Key", "k"}, http.StatusBadRequest, payments.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e errorBody
			if st, _ := g.call(t, http.MethodPost, "/recurring-payments", tt.body, &e, tt.headers...); st != tt.status || e.Code != tt.code {
				t.Fatalf("= %d %+v, want %d %s", st, e, tt.status, tt.code)
			}
		})
	}
}

func TestIdempotency(t *testing.T) {
	g := newGateway(t, sp.Config{})
	tok := g.storeCard(t, "cust-i", sp.TestCardSucceeds)
	body := recurringBody(tok, "cust-i", 2500, "INST-9")

	var first, second payments.RecurringPayment
	st1, h1 := g.call(t, http.MethodPost, "/recurring-payments", body, &first, "Idempotency-Key", "same")
	// Same key, same request (spacing differs): the first answer, marked as a replay.
	st2, h2 := g.call(t, http.MethodPost, "/recurring-payments", " "+body+"\n", &second, "Idempotency-Key", "same")
	if st1 != http.StatusCreated || st2 != http.StatusCreated || first != second {
		t.Fatalf("repeat = %d %+v / %d %+v", st1, first, st2, second)
	}
	if h1.Get("Idempotent-Replayed") != "" || h2.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("Idempotent-Replayed = %q, %q", h1.Get("Idempotent-Replayed"), h2.Get("Idempotent-Replayed"))
	}
	// Same key, another request: a conflict, and no charge.
	var e errorBody
	if st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tok, "cust-i", 2501, "INST-9"), &e,
		"Idempotency-Key", "same"); st != http.StatusConflict || e.Code != payments.CodeIdempotencyConflict {
		t.Fatalf("conflict = %d %+v", st, e)
	}
	// Another key: another charge.
	var third payments.RecurringPayment
	g.call(t, http.MethodPost, "/recurring-payments", body, &third, "Idempotency-Key", "other")
	if third.ID == first.ID {
		t.Fatal("a new key replayed another key's answer")
	}
	// A refused request does not use up its key: corrected, it goes through.
	if st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody("card_nope", "cust-i", 10, "X"), &e,
		"Idempotency-Key", "fresh"); st != http.StatusNotFound {
		t.Fatalf("unknown card = %d", st)
	}
	var fixed payments.RecurringPayment
	if st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tok, "cust-i", 10, "X"), &fixed,
		"Idempotency-Key", "fresh"); st != http.StatusCreated || fixed.Status != payments.StatusSucceeded {
		t.Fatalf("corrected request = %d %+v", st, fixed)
	}

	// Payment links take a key too.
	lb := linkBody(100, "L-1", "cust-i", false)
	var l1, l2 payments.PaymentLink
	g.call(t, http.MethodPost, "/payment-links", lb, &l1, "Idempotency-Key", "link-key")
	g.call(t, http.MethodPost, "/payment-links", lb, &l2, "Idempotency-Key", "link-key")
	if l1.ID == "" || l1.ID != l2.ID || l1.URL != l2.URL {
		t.Fatalf("repeated link = %+v / %+v", l1, l2)
	}
	if st, _ := g.call(t, http.MethodPost, "/payment-links", linkBody(200, "L-1", "cust-i", false), &e,
		"Idempotency-Key", "link-key"); st != http.StatusConflict || e.Code != payments.CodeIdempotencyConflict {
		t.Fatalf("link conflict = %d %+v", st, e)
	}
}

// TestConcurrentDuplicatesChargeOnce: many requests with one key at once make exactly one charge.
func TestConcurrentDuplicatesChargeOnce(t *testing.T) {
	rc := newReceiver(t, testSecret, func() time.Time { return fixedNow })
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL})
	tok := g.storeCard(t, "cust-c", sp.TestCardSucceeds)
	g.waitDeliveries(t, 2) // the store-card link's status_update and card_stored

	const n = 16
	body := recurringBody(tok, "cust-c", 999, "INST-C")
	ids := make([]string, n)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var rp payments.RecurringPayment
			statuses[i], _ = g.call(t, http.MethodPost, "/recurring-payments", body, &rp, "Idempotency-Key", "concurrent")
			ids[i] = rp.ID
		})
	}
	wg.Wait()
	for i := range n {
		if statuses[i] != http.StatusCreated || ids[i] == "" || ids[i] != ids[0] {
			t.Fatalf("request %d = %d %s, want 201 %s", i, statuses[i], ids[i], ids[0])
		}
	}
	// Exactly one recurring_payment event: one effect.
	var charges int
	for _, d := range g.waitDeliveries(t, 3) {
		if d.Event.Type == payments.EventRecurringPayment {
			charges++
			if d.Event.RecurringPayment.ID != ids[0] {
				t.Errorf("event for %s", d.Event.RecurringPayment.ID)
			}
		}
	}
	if charges != 1 {
		t.Fatalf("%d recurring_payment events, want 1", charges)
	}
}
