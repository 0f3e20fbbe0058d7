package payments_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
)

// TestWebhookDeliveryStateTable: every transition of a webhook delivery (pending → delivered,
// pending → pending with a retry scheduled, pending → failed after the last attempt), driven by a test
// receiver's answers and the gateway's short retry delays, each state read from GET
// /webhook-deliveries.
func TestWebhookDeliveryStateTable(t *testing.T) {
	const ms = time.Millisecond
	tests := []struct {
		name        string
		script      []int           // the receiver's answers in turn (then 200); nil with unreachable
		unreachable bool            // the webhook URL refuses connections
		delays      []time.Duration // the gateway's retry delays
		// wantStatus is the delivery's state once it has attempts attempts; a pending one has its next
		// attempt scheduled, a final one none.
		wantStatus   string
		wantAttempts int
		wantCodes    []int // each attempt's status code (0: no answer)
	}{
		{name: "pending, acknowledged first time: delivered", delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryDelivered, wantAttempts: 1, wantCodes: []int{200}},
		{name: "pending, refused with a retry to come: still pending", script: []int{500}, delays: []time.Duration{time.Hour},
			wantStatus: payments.DeliveryPending, wantAttempts: 1, wantCodes: []int{500}},
		{name: "pending, refused then acknowledged: delivered", script: []int{500}, delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryDelivered, wantAttempts: 2, wantCodes: []int{500, 200}},
		{name: "pending, acknowledged on the last attempt: delivered", script: []int{503, 500}, delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryDelivered, wantAttempts: 3, wantCodes: []int{503, 500, 200}},
		{name: "pending, refused on every attempt: failed after the last", script: []int{503, 503, 503}, delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryFailed, wantAttempts: 3, wantCodes: []int{503, 503, 503}},
		{name: "pending, a redirect is not an acknowledgement: failed", script: []int{302, 302, 302}, delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryFailed, wantAttempts: 3, wantCodes: []int{302, 302, 302}},
		{name: "pending, no retries configured, refused: failed at once", script: []int{500}, delays: []time.Duration{},
			wantStatus: payments.DeliveryFailed, wantAttempts: 1, wantCodes: []int{500}},
		{name: "pending, no answer on every attempt: failed", unreachable: true, delays: []time.Duration{5 * ms, 5 * ms},
			wantStatus: payments.DeliveryFailed, wantAttempts: 3, wantCodes: []int{0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var target string
			var rc *receiver
			if tt.unreachable {
				gone := httptest.NewServer(http.NotFoundHandler())
				gone.Close()
				target = gone.URL
			} else {
				rc = newReceiver(t, testSecret, fixedClock, tt.script...)
				target = rc.ts.URL
			}
			g := newGateway(t, sp.Config{WebhookURL: target, RetryDelays: tt.delays})
			pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 100, MerchantReference: "R", CustomerReference: "c"}),
				sp.TestCardSucceeds, "")

			var d payments.WebhookDelivery
			waitFor(t, "the delivery to reach "+tt.wantStatus, func() bool {
				ds := g.deliveries(t)
				if len(ds) != 1 {
					return false
				}
				d = ds[0]
				return d.Status == tt.wantStatus && len(d.Attempts) == tt.wantAttempts
			})
			if d.MaxAttempts != len(tt.delays)+1 {
				t.Errorf("maxAttempts = %d, want %d", d.MaxAttempts, len(tt.delays)+1)
			}
			if pending := d.Status == payments.DeliveryPending; pending != (d.NextAttemptAt != nil) {
				t.Errorf("status %s with nextAttemptAt %v", d.Status, d.NextAttemptAt)
			}
			for i, a := range d.Attempts {
				if a.Number != i+1 || a.StatusCode != tt.wantCodes[i] || (a.StatusCode == 0) != (a.Error != "") {
					t.Errorf("attempt %d = %+v, want status %d", i+1, a, tt.wantCodes[i])
				}
			}
			if rc != nil && d.Status != payments.DeliveryPending {
				if n := len(rc.all()); n != tt.wantAttempts {
					t.Errorf("receiver got %d requests, want %d", n, tt.wantAttempts)
				}
			}
			if d.Status == payments.DeliveryPending {
				return
			}
			// A final state is final: another event's delivery runs to its end and leaves this one as it was.
			pay(t, g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 200, MerchantReference: "R2", CustomerReference: "c"}),
				sp.TestCardSucceeds, "")
			ds := g.waitDeliveries(t, 2)
			if ds[0].Status != tt.wantStatus || len(ds[0].Attempts) != tt.wantAttempts || ds[0].NextAttemptAt != nil {
				t.Errorf("after a later delivery, the first = %+v", ds[0])
			}
		})
	}
}
