package payments_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

func fixedClock() time.Time { return fixedNow }

func TestWebhookRetriedUntilAcknowledged(t *testing.T) {
	rc := newReceiver(t, testSecret, fixedClock, http.StatusInternalServerError, http.StatusInternalServerError)
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 1500, MerchantReference: "REP-W", CustomerReference: "cust-w"})
	pay(t, l, sp.TestCardSucceeds, "")

	ds := g.waitDeliveries(t, 1)
	d := ds[0]
	if d.Status != payments.DeliveryDelivered || d.URL != rc.ts.URL || d.MaxAttempts != 3 || d.NextAttemptAt != nil {
		t.Fatalf("delivery = %+v", d)
	}
	if len(d.Attempts) != 3 {
		t.Fatalf("attempts = %+v, want 3", d.Attempts)
	}
	for i, want := range []int{500, 500, 200} {
		a := d.Attempts[i]
		if a.Number != i+1 || a.StatusCode != want || a.Error != "" || !a.At.Equal(fixedNow) {
			t.Errorf("attempt %d = %+v, want status %d", i+1, a, want)
		}
	}
	ev := d.Event
	if ev.Type != payments.EventStatusUpdate || ev.PaymentLink == nil || ev.PaymentLink.Status != payments.StatusSucceeded ||
		ev.PaymentLink.TransactionID != l.TransactionID || ev.PaymentLink.MerchantReference != "REP-W" || !ev.CreatedAt.Equal(fixedNow) ||
		!strings.HasPrefix(ev.ID, "evt_") {
		t.Fatalf("event = %+v", ev)
	}

	got := rc.all()
	if len(got) != 3 {
		t.Fatalf("receiver got %d requests", len(got))
	}
	for i, r := range got {
		if r.verifyErr != nil {
			t.Errorf("request %d: VerifyWebhook = %v", i+1, r.verifyErr)
		}
		if !bytes.Equal(r.body, got[0].body) || r.attempt != []string{"1", "2", "3"}[i] {
			t.Errorf("request %d: attempt %s, body %s", i+1, r.attempt, r.body)
		}
		if !strings.HasPrefix(r.signature, "t=1772447400,v1=") { // fixedNow in Unix seconds
			t.Errorf("request %d: signature %s", i+1, r.signature)
		}
	}
	var sent payments.WebhookEvent
	if err := json.Unmarshal(got[0].body, &sent); err != nil || sent.ID != ev.ID {
		t.Fatalf("body = %s (%v)", got[0].body, err)
	}
	// A forged body does not verify.
	if err := payments.VerifyWebhook(testSecret, got[0].signature, append([]byte(" "), got[0].body...), fixedNow, time.Minute); err == nil {
		t.Fatal("a changed body verified")
	}
}

func TestWebhookGivesUpAfterTheLastAttempt(t *testing.T) {
	rc := newReceiver(t, testSecret, fixedClock, 503, 503, 503, 503)
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL})
	pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"}),
		sp.TestCardInsufficientFunds, "")
	d := g.waitDeliveries(t, 1)[0]
	if d.Status != payments.DeliveryFailed || len(d.Attempts) != 3 || d.Attempts[2].StatusCode != 503 || d.NextAttemptAt != nil {
		t.Fatalf("delivery = %+v", d)
	}
	if d.Event.PaymentLink.Status != payments.StatusDeclined {
		t.Fatalf("event = %+v", d.Event.PaymentLink)
	}
	if n := len(rc.all()); n != 3 {
		t.Fatalf("receiver got %d requests, want 3", n)
	}
}

func TestWebhookToAnUnreachableURL(t *testing.T) {
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	g := newGateway(t, sp.Config{WebhookURL: gone.URL})
	pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"}),
		sp.TestCardSucceeds, "")
	d := g.waitDeliveries(t, 1)[0]
	if d.Status != payments.DeliveryFailed || len(d.Attempts) != 3 {
		t.Fatalf("delivery = %+v", d)
	}
	for _, a := range d.Attempts {
		if a.StatusCode != 0 || a.Error == "" || strings.Contains(a.Error, gone.URL) {
			t.Errorf("attempt = %+v", a)
		}
	}
}

func TestWebhookEventsOfEachFlow(t *testing.T) {
	configured := newReceiver(t, testSecret, fixedClock)
	perLink := newReceiver(t, testSecret, fixedClock)
	g := newGateway(t, sp.Config{WebhookURL: configured.ts.URL})

	// A 3-D Secure card stored with a payment, webhooks to the link's own notificationUrl.
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 800, StoreCard: true, MerchantReference: "REP-E",
		CustomerReference: "cust-e", NotificationURL: perLink.ts.URL})
	pay(t, l, sp.TestCard3DS, "pass")
	tok := g.link(t, l.ID).CardToken
	// A recurring charge of it, webhooks to the configured URL.
	var rp payments.RecurringPayment
	g.call(t, http.MethodPost, "/recurring-payments", recurringBody(tok, "cust-e", 800, "INST-E"), &rp, "Idempotency-Key", "e1")

	ds := g.waitDeliveries(t, 4)
	var kinds []string
	for _, d := range ds {
		k := d.Event.Type
		switch {
		case d.Event.PaymentLink != nil:
			k += ":" + d.Event.PaymentLink.Status
		case d.Event.Card != nil:
			k += ":" + d.Event.Card.Token
		case d.Event.RecurringPayment != nil:
			k += ":" + d.Event.RecurringPayment.ID
		}
		if d.Status != payments.DeliveryDelivered {
			t.Errorf("%s not delivered: %+v", k, d)
		}
		kinds = append(kinds, k+"@"+map[bool]string{true: "link", false: "configured"}[d.URL == perLink.ts.URL])
	}
	want := []string{
		"status_update:authentication_required@link", "status_update:succeeded@link", "card_stored:" + tok + "@link",
		"recurring_payment:" + rp.ID + "@configured",
	}
	if strings.Join(kinds, " ") != strings.Join(want, " ") {
		t.Fatalf("deliveries = %v\nwant %v", kinds, want)
	}
	if len(perLink.all()) != 3 || len(configured.all()) != 1 {
		t.Fatalf("per-link receiver got %d, configured %d", len(perLink.all()), len(configured.all()))
	}
	if c := ds[2].Event.Card; c.CustomerReference != "cust-e" || c.Last4 != "3220" || !c.Primary {
		t.Fatalf("card_stored card = %+v", c)
	}
}

func TestNoWebhookURLSendsNothing(t *testing.T) {
	g := newGateway(t, sp.Config{})
	pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"}),
		sp.TestCardSucceeds, "")
	if ds := g.deliveries(t); len(ds) != 0 {
		t.Fatalf("deliveries = %+v", ds)
	}
}

func TestWebhookTimestampFollowsTheSandboxClock(t *testing.T) {
	rc := newReceiver(t, testSecret, func() time.Time { return fixedNow.Add(72 * time.Hour) })
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL})
	if _, err := g.clock.Advance(72 * time.Hour); err != nil {
		t.Fatal(err)
	}
	pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"}),
		sp.TestCardSucceeds, "")
	g.waitDeliveries(t, 1)
	r := rc.all()[0]
	if r.verifyErr != nil {
		t.Fatalf("verify at sandbox time: %v", r.verifyErr)
	}
	if err := payments.VerifyWebhook(testSecret, r.signature, r.body, fixedNow, time.Minute); err == nil {
		t.Fatal("a signature 72 h in the future verified against real time")
	}
}

// TestCloseStopsTheWorker: Close abandons a delivery waiting for its retry and returns.
func TestCloseStopsTheWorker(t *testing.T) {
	rc := newReceiver(t, testSecret, fixedClock, 500, 500)
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL, RetryDelays: []time.Duration{time.Hour}})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"})
	pay(t, l, sp.TestCardSucceeds, "")
	waitFor(t, "the first attempt", func() bool {
		ds := g.deliveries(t)
		return len(ds) == 1 && len(ds[0].Attempts) == 1 && ds[0].NextAttemptAt != nil
	})
	if err := g.p.Close(); err != nil { // returns without waiting the hour
		t.Fatal(err)
	}
	ds := g.deliveries(t)
	if ds[0].Status != payments.DeliveryPending || len(ds[0].Attempts) != 1 {
		t.Fatalf("delivery after Close = %+v", ds[0])
	}
	// Events after Close are recorded but not sent.
	pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R2", CustomerReference: "c"}),
		sp.TestCardSucceeds, "")
	ds = g.deliveries(t)
	if len(ds) != 2 || len(ds[1].Attempts) != 0 || len(rc.all()) != 1 {
		t.Fatalf("after Close: deliveries %+v, receiver got %d", ds, len(rc.all()))
	}
}

// TestResetForgetsEverything: Reset (what /_sandbox/reset calls) drops links, cards, payments,
// idempotency keys and deliveries, and abandons deliveries being retried.
func TestResetForgetsEverything(t *testing.T) {
	rc := newReceiver(t, testSecret, fixedClock, 500)
	g := newGateway(t, sp.Config{WebhookURL: rc.ts.URL, RetryDelays: []time.Duration{time.Hour}})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 0, StoreCard: true, MerchantReference: "S", CustomerReference: "cust-s"})
	pay(t, l, sp.TestCardSucceeds, "")
	var cards payments.CardList
	g.call(t, http.MethodGet, "/customers/cust-s/cards", "", &cards)
	var rp payments.RecurringPayment
	g.call(t, http.MethodPost, "/recurring-payments", recurringBody(cards.Cards[0].Token, "cust-s", 100, "I"), &rp, "Idempotency-Key", "k")
	waitFor(t, "first attempts", func() bool {
		n := 0
		for _, d := range g.deliveries(t) {
			n += len(d.Attempts)
		}
		return n == 3
	})

	g.p.Reset()
	var e errorBody
	if st, _ := g.call(t, http.MethodGet, "/payment-links/"+l.ID, "", &e); st != http.StatusNotFound {
		t.Fatalf("link after reset = %d", st)
	}
	if p := get(t, l.URL); p.status != http.StatusNotFound {
		t.Fatalf("checkout after reset = %d", p.status)
	}
	g.call(t, http.MethodGet, "/customers/cust-s/cards", "", &cards)
	if len(cards.Cards) != 0 || len(g.deliveries(t)) != 0 {
		t.Fatalf("after reset: cards %+v, deliveries %+v", cards.Cards, g.deliveries(t))
	}
	if st, _ := g.call(t, http.MethodGet, "/recurring-payments/"+rp.ID, "", &e); st != http.StatusNotFound {
		t.Fatalf("recurring payment after reset = %d", st)
	}
	// The key is free again: another request with it is no conflict.
	if st, _ := g.call(t, http.MethodPost, "/recurring-payments", recurringBody("card_x", "cust-s", 5, "I"), &e, "Idempotency-Key", "k"); st != http.StatusNotFound {
		t.Fatalf("reused key after reset = %d %+v", st, e)
	}
}
