package payments_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

// TestWebhookRedeliverAfterFailure: a receiver that fails until told otherwise makes the delivery
// fail; a redelivery starts a new series that the now healthy receiver acknowledges.
func TestWebhookRedeliverAfterFailure(t *testing.T) {
	var healthy atomic.Bool
	var mu sync.Mutex
	var attempts []string
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		attempts = append(attempts, r.Header.Get("X-Delivery-Attempt"))
		mu.Unlock()
		if !healthy.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(rc.Close)
	g := newGateway(t, sp.Config{WebhookURL: rc.URL})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 1500, MerchantReference: "REP-R", CustomerReference: "cust-r"})
	pay(t, l, sp.TestCardSucceeds, "")

	d := g.waitDeliveries(t, 1)[0]
	if d.Status != payments.DeliveryFailed || len(d.Attempts) != 3 || d.MaxAttempts != 3 {
		t.Fatalf("before redelivery: %+v", d)
	}

	// Unknown deliveries and failed ones.
	if code, _ := g.call(t, http.MethodPost, "/webhook-deliveries/whd_nope/redeliver", "", nil); code != http.StatusNotFound {
		t.Fatalf("unknown delivery: status %d", code)
	}
	healthy.Store(true)
	var again payments.WebhookDelivery
	if code, _ := g.call(t, http.MethodPost, "/webhook-deliveries/"+d.ID+"/redeliver", "", &again); code != http.StatusOK {
		t.Fatalf("redeliver: status %d", code)
	}
	if again.ID != d.ID || again.MaxAttempts != 6 || len(again.Attempts) < 3 {
		t.Fatalf("redeliver answered %+v", again)
	}

	d = g.waitDeliveries(t, 1)[0]
	if d.Status != payments.DeliveryDelivered || len(d.Attempts) != 4 || d.MaxAttempts != 6 || d.NextAttemptAt != nil {
		t.Fatalf("after redelivery: %+v", d)
	}
	for i, a := range d.Attempts {
		want := http.StatusServiceUnavailable
		if i == 3 {
			want = http.StatusOK
		}
		if a.Number != i+1 || a.StatusCode != want {
			t.Errorf("attempt %d = %+v, want status %d", i+1, a, want)
		}
	}
	mu.Lock()
	if got := len(attempts); got != 4 || attempts[3] != "4" {
		t.Errorf("receiver saw attempts %v", attempts)
	}
	mu.Unlock()

	// A delivered delivery cannot be redelivered.
	var e struct{ Code string }
	if code, _ := g.call(t, http.MethodPost, "/webhook-deliveries/"+d.ID+"/redeliver", "", &e); code != http.StatusConflict || e.Code != payments.CodeDeliveryNotFailed {
		t.Fatalf("redeliver a delivered one: %d %+v", code, e)
	}
}

// TestWebhookRedeliverPendingConflict: a delivery still being retried is not redelivered.
func TestWebhookRedeliverPendingConflict(t *testing.T) {
	block := make(chan struct{})
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-block
	}))
	t.Cleanup(rc.Close)
	t.Cleanup(func() { close(block) })
	g := newGateway(t, sp.Config{WebhookURL: rc.URL})
	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 1500, MerchantReference: "REP-P", CustomerReference: "cust-p"})
	pay(t, l, sp.TestCardSucceeds, "")
	var ds []payments.WebhookDelivery
	waitFor(t, "a delivery", func() bool { ds = g.deliveries(t); return len(ds) == 1 })
	if ds[0].Status != payments.DeliveryPending {
		t.Fatalf("delivery = %+v", ds[0])
	}
	var e struct{ Code string }
	if code, _ := g.call(t, http.MethodPost, "/webhook-deliveries/"+ds[0].ID+"/redeliver", "", &e); code != http.StatusConflict || e.Code != payments.CodeDeliveryNotFailed {
		t.Fatalf("redeliver a pending one: %d %+v", code, e)
	}
}
