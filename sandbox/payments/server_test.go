package payments_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	sp "lender/sandbox/payments"
	"lender/sandbox/server"
)

// TestThroughTheSandboxServer: the gateway as the sandbox serves it — configured by server.Config,
// reset by POST /_sandbox/reset, its worker stopped by Close.
func TestThroughTheSandboxServer(t *testing.T) {
	rc := newReceiver(t, testSecret, fixedClock, 500)
	s := server.New(server.Config{AppURL: appURL, PublicURL: "http://sandbox.example:8090", Now: fixedClock,
		Payments: sp.Config{Secret: testSecret, WebhookURL: rc.ts.URL, RetryDelays: []time.Duration{time.Hour}}})
	ts := httptest.NewServer(s)
	defer ts.Close()
	g := &gateway{ts: ts, clock: s.Clock()}

	l := g.createLink(t, payments.CreatePaymentLinkRequest{AmountPence: 300, MerchantReference: "S", CustomerReference: "cust-s"})
	want := "http://sandbox.example:8090/payments/v1/checkout/"
	if len(l.URL) <= len(want) || l.URL[:len(want)] != want {
		t.Fatalf("URL = %s, want under the public URL", l.URL)
	}
	// The browser reaches the page through the test server here.
	u, _ := url.Parse(l.URL)
	l.URL = ts.URL + u.Path
	res := pay(t, l, sp.TestCardSucceeds, "")
	loc, _ := url.Parse(res.location)
	if err := payments.VerifyRedirect(testSecret, loc.Query()); err != nil || loc.Host != "app.example:8080" {
		t.Fatalf("redirect %s: %v", res.location, err)
	}
	waitFor(t, "the first attempt", func() bool {
		ds := g.deliveries(t)
		return len(ds) == 1 && len(ds[0].Attempts) == 1
	})

	resp, err := http.Post(ts.URL+"/_sandbox/reset", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var e errorBody
	if st, _ := g.call(t, http.MethodGet, "/payment-links/"+l.ID, "", &e); st != http.StatusNotFound || len(g.deliveries(t)) != 0 {
		t.Fatalf("after reset: link %d, deliveries %+v", st, g.deliveries(t))
	}
	s.Close() // returns though a retry was due in an hour
}
