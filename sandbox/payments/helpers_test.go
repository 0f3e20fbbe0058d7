package payments_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	sp "lender/sandbox/payments"
)

// fixedNow is the real time under the sandbox clock in these tests.
var fixedNow = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

const (
	appURL    = "http://app.example:8080"
	returnURL = appURL + "/payments/return"
	// testMerchant is the merchant the tests' links are made for.
	testMerchant = "Meadow Loans"
	testSecret   = "test-secret"
	futureExp    = "12/30"
)

// gateway is a payment gateway on a test server.
type gateway struct {
	p     *sp.Provider
	ts    *httptest.Server
	clock *clock.Clock
}

// newGateway runs the provider alone on a test server; cfg.AppURL and cfg.Secret default to the test
// constants, retry delays to a few milliseconds.
func newGateway(t *testing.T, cfg sp.Config) *gateway {
	t.Helper()
	if cfg.AppURL == "" {
		cfg.AppURL = appURL
	}
	if cfg.Secret == "" {
		cfg.Secret = testSecret
	}
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = []time.Duration{5 * time.Millisecond, 5 * time.Millisecond}
	}
	clk := clock.New(func() time.Time { return fixedNow })
	p := sp.New(clk, cfg)
	mux := http.NewServeMux()
	p.Register(mux, "/payments/v1")
	ts := httptest.NewServer(mux)
	t.Cleanup(func() {
		ts.Close()
		_ = p.Close()
	})
	return &gateway{p: p, ts: ts, clock: clk}
}

// call sends a JSON API request (headers alternate name, value) and decodes a JSON answer into out.
func (g *gateway) call(t *testing.T, method, path, body string, out any, headers ...string) (int, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, g.ts.URL+"/payments/v1"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := g.ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %d %q is not JSON: %v", method, path, resp.StatusCode, b, err)
		}
	}
	return resp.StatusCode, resp.Header
}

type errorBody struct{ Code, Message string }

func linkBody(amount int64, ref, customer string, storeCard bool) string {
	b, _ := json.Marshal(payments.CreatePaymentLinkRequest{
		AmountPence: amount, Currency: "GBP", MerchantReference: ref, CustomerReference: customer,
		Description: "Loan repayment", MerchantDisplayName: testMerchant, ReturnURL: returnURL, StoreCard: storeCard,
	})
	return string(b)
}

// createLink makes a payment link and fails the test unless it is created.
func (g *gateway) createLink(t *testing.T, req payments.CreatePaymentLinkRequest) payments.PaymentLink {
	t.Helper()
	if req.Currency == "" {
		req.Currency = "GBP"
	}
	if req.Description == "" {
		req.Description = "Loan repayment"
	}
	if req.ReturnURL == "" {
		req.ReturnURL = returnURL
	}
	if req.MerchantDisplayName == "" {
		req.MerchantDisplayName = testMerchant
	}
	b, _ := json.Marshal(req)
	var l payments.PaymentLink
	if st, _ := g.call(t, http.MethodPost, "/payment-links", string(b), &l); st != http.StatusCreated {
		t.Fatalf("create link = %d %+v", st, l)
	}
	return l
}

func (g *gateway) link(t *testing.T, id string) payments.PaymentLink {
	t.Helper()
	var l payments.PaymentLink
	if st, _ := g.call(t, http.MethodGet, "/payment-links/"+id, "", &l); st != http.StatusOK {
		t.Fatalf("GET link = %d", st)
	}
	return l
}

// browser is a client that does not follow redirects, as tests check each Location.
func browser() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// page is an answer a browser got.
type page struct {
	status   int
	header   http.Header
	body     string
	location string
}

func get(t *testing.T, u string) page {
	t.Helper()
	resp, err := browser().Get(u)
	if err != nil {
		t.Fatal(err)
	}
	return readPage(t, resp)
}

func postForm(t *testing.T, u string, form url.Values) page {
	t.Helper()
	resp, err := browser().PostForm(u, form)
	if err != nil {
		t.Fatal(err)
	}
	return readPage(t, resp)
}

func readPage(t *testing.T, resp *http.Response) page {
	t.Helper()
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	p := page{status: resp.StatusCode, header: resp.Header, body: string(b), location: resp.Header.Get("Location")}
	// Every hosted page keeps the shared rules (lang, one h1, labels, no script …).
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") && (resp.StatusCode < 300 || resp.StatusCode >= 400) {
		for _, problem := range hosted.Lint(p.body) {
			t.Errorf("%s %s: %s", resp.Request.Method, resp.Request.URL.Path, problem)
		}
	}
	return p
}

var formTokenRe = regexp.MustCompile(`name="formToken" value="([^"]+)"`)

// formToken is the form token of a rendered page.
func formToken(t *testing.T, p page) string {
	t.Helper()
	m := formTokenRe.FindStringSubmatch(p.body)
	if m == nil {
		t.Fatalf("no form token in page %d:\n%s", p.status, p.body)
	}
	return m[1]
}

// resolve is ref (a Location or form action) against base.
func resolve(t *testing.T, base, ref string) string {
	t.Helper()
	b, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	r, err := b.Parse(ref)
	if err != nil {
		t.Fatal(err)
	}
	return r.String()
}

// cardForm is the checkout form for number with a future expiry.
func cardForm(token, number string) url.Values {
	return url.Values{"formToken": {token}, "cardNumber": {number}, "expiry": {futureExp},
		"cardholderName": {"Ada Lovelace"}, "cvc": {"123"}}
}

// pay completes a link's checkout with number, answering 3-D Secure with result ("pass" or "fail")
// when asked, and returns the final redirect.
func pay(t *testing.T, l payments.PaymentLink, number, result string) page {
	t.Helper()
	form := get(t, l.URL)
	if form.status != http.StatusOK {
		t.Fatalf("GET checkout = %d", form.status)
	}
	tok := formToken(t, form)
	res := postForm(t, l.URL, cardForm(tok, number))
	if res.status != http.StatusSeeOther {
		t.Fatalf("POST card = %d:\n%s", res.status, res.body)
	}
	if strings.HasPrefix(res.location, "/") {
		challengeURL := resolve(t, l.URL, res.location)
		ch := get(t, challengeURL)
		if ch.status != http.StatusOK || !strings.Contains(ch.body, "Pass authentication") {
			t.Fatalf("GET 3-D Secure = %d:\n%s", ch.status, ch.body)
		}
		res = postForm(t, challengeURL, url.Values{"formToken": {formToken(t, ch)}, "result": {result}})
		if res.status != http.StatusSeeOther {
			t.Fatalf("POST 3-D Secure = %d:\n%s", res.status, res.body)
		}
	}
	return res
}

// receiver is a webhook endpoint that answers the statuses in script in turn (then 200), verifies
// every request's signature, and keeps what it received.
type receiver struct {
	ts *httptest.Server

	mu       sync.Mutex
	script   []int
	received []received
}

type received struct {
	body      []byte
	signature string
	verifyErr error
	attempt   string
}

func newReceiver(t *testing.T, secret string, now func() time.Time, script ...int) *receiver {
	t.Helper()
	rc := &receiver{script: script}
	rc.ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig := r.Header.Get(payments.SignatureHeader)
		rc.mu.Lock()
		rc.received = append(rc.received, received{body: body, signature: sig, attempt: r.Header.Get("X-Delivery-Attempt"),
			verifyErr: payments.VerifyWebhook(secret, sig, body, now(), time.Minute)})
		status := http.StatusOK
		if len(rc.script) > 0 {
			status, rc.script = rc.script[0], rc.script[1:]
		}
		rc.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.ts.Close)
	return rc
}

func (rc *receiver) all() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received{}, rc.received...)
}

// waitFor polls cond until it holds, failing the test after 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// deliveries lists the webhook deliveries.
func (g *gateway) deliveries(t *testing.T) []payments.WebhookDelivery {
	t.Helper()
	var l payments.WebhookDeliveryList
	if st, _ := g.call(t, http.MethodGet, "/webhook-deliveries", "", &l); st != http.StatusOK {
		t.Fatalf("GET deliveries = %d", st)
	}
	return l.Deliveries
}

// waitDeliveries polls the deliveries endpoint until n deliveries are no longer pending.
func (g *gateway) waitDeliveries(t *testing.T, n int) []payments.WebhookDelivery {
	t.Helper()
	var ds []payments.WebhookDelivery
	waitFor(t, "webhook deliveries to finish", func() bool {
		ds = g.deliveries(t)
		done := 0
		for _, d := range ds {
			if d.Status != payments.DeliveryPending {
				done++
			}
		}
		return len(ds) == n && done == n
	})
	return ds
}

func jsonString(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

func recurringBody(token, customer string, amount int64, ref string) string {
	s, _ := jsonString(payments.RecurringPaymentRequest{CardToken: token, CustomerReference: customer, AmountPence: amount,
		Currency: "GBP", MerchantReference: ref, Description: "Monthly instalment"})
	return s
}

// storeCard stores number for customer through a store-card-only checkout and answers its token.
func (g *gateway) storeCard(t *testing.T, customer, number string) string {
	t.Helper()
	l := g.createLink(t, payments.CreatePaymentLinkRequest{StoreCard: true, MerchantReference: "store-" + customer,
		CustomerReference: customer})
	pay(t, l, number, "pass")
	got := g.link(t, l.ID)
	if got.Status != payments.StatusSucceeded || got.CardToken == "" {
		t.Fatalf("store card link = %+v", got)
	}
	return got.CardToken
}
