package openbanking_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/server"
)

var fixedNow = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

// sandbox is the whole sandbox as the BFF and a browser meet it, over HTTP.
type sandbox struct {
	t  *testing.T
	ts *httptest.Server
	hc *http.Client // a browser that does not follow redirects
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	ts := httptest.NewServer(server.New(server.Config{AppURL: "http://localhost:8080", Now: func() time.Time { return fixedNow }}))
	t.Cleanup(ts.Close)
	return &sandbox{t: t, ts: ts, hc: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// call sends a request to a path or absolute URL and decodes a JSON answer into out (when not nil).
func (s *sandbox) call(method, target, contentType, body string, out any) *http.Response {
	s.t.Helper()
	if strings.HasPrefix(target, "/") {
		target = s.ts.URL + target
	}
	req, err := http.NewRequest(method, target, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			s.t.Fatalf("%s %s: %d %q is not JSON", method, target, resp.StatusCode, b)
		}
	}
	return resp
}

var token = regexp.MustCompile(`name="token" value="([^"]+)"`)

// authorised runs a consent through the hosted page, as a browser, and the exchange, as the BFF.
func (s *sandbox) authorised(reference string) ob.Consent {
	s.t.Helper()
	var c ob.Consent
	s.call(http.MethodPost, "/openbanking/v1/consents", "application/json",
		`{"customerReference":"`+reference+`","redirectUrl":"http://localhost:8080/loan/connect-bank","clientDisplayName":"Meadow Loans"}`, &c)
	resp, err := s.hc.Get(c.AuthURL)
	if err != nil {
		s.t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := token.FindSubmatch(page)
	if m == nil {
		s.t.Fatalf("consent page = %d without a token", resp.StatusCode)
	}
	resp = s.call(http.MethodPost, c.AuthURL, "application/x-www-form-urlencoded",
		url.Values{"token": {string(m[1])}, "action": {"allow"}, "bank": {"bramble"}}.Encode(), nil)
	loc, err := resp.Location()
	if resp.StatusCode != http.StatusSeeOther || err != nil || !strings.HasPrefix(loc.String(), "http://localhost:8080/loan/connect-bank?") {
		s.t.Fatalf("hosted post = %d %v", resp.StatusCode, loc)
	}
	var out ob.Consent
	if resp := s.call(http.MethodPost, "/openbanking/v1/consents/"+c.ID+"/exchange", "application/json",
		`{"code":"`+loc.Query().Get("code")+`"}`, &out); resp.StatusCode != http.StatusOK {
		s.t.Fatalf("exchange = %d", resp.StatusCode)
	}
	return out
}

// TestConsentExpiresOnTheSandboxClock moves time with POST /_sandbox/clock, as e2e tests do.
func TestConsentExpiresOnTheSandboxClock(t *testing.T) {
	s := newSandbox(t)
	c := s.authorised("clock@example.com")
	if !strings.HasPrefix(c.ExpiresAt.Format(time.RFC3339), "2026-05-31T10:30:00") {
		t.Fatalf("expiresAt = %v, want 90 days after %v", c.ExpiresAt, fixedNow)
	}
	steps := []struct {
		clock      string // the body of POST /_sandbox/clock, "" for none
		status     string
		dataStatus int
	}{
		{"", ob.StatusAuthorised, http.StatusOK},
		{`{"advance":"2159h"}`, ob.StatusAuthorised, http.StatusOK},
		{`{"advance":"1h"}`, ob.StatusExpired, http.StatusForbidden},
		{`{"set":"2026-04-01T00:00:00Z"}`, ob.StatusExpired, http.StatusForbidden}, // expiry is final
	}
	for i, st := range steps {
		if st.clock != "" {
			if resp := s.call(http.MethodPost, "/_sandbox/clock", "application/json", st.clock, nil); resp.StatusCode != http.StatusOK {
				t.Fatalf("step %d: clock = %d", i, resp.StatusCode)
			}
		}
		var got ob.Consent
		s.call(http.MethodGet, "/openbanking/v1/consents/"+c.ID, "", "", &got)
		var e struct{ Code string }
		resp := s.call(http.MethodGet, "/openbanking/v1/consents/"+c.ID+"/accounts", "", "", &e)
		if got.Status != st.status || resp.StatusCode != st.dataStatus {
			t.Fatalf("step %d: status %s, data %d %q; want %s, %d", i, got.Status, resp.StatusCode, e.Code, st.status, st.dataStatus)
		}
	}
	var e struct{ Code string }
	if resp := s.call(http.MethodPost, "/openbanking/v1/consents/"+c.ID+"/renew", "", "", &e); resp.StatusCode != http.StatusConflict || e.Code != ob.CodeConsentExpired {
		t.Fatalf("renew expired = %d %q", resp.StatusCode, e.Code)
	}
}

// TestTransactionsSurviveAReset: /_sandbox/reset forgets consents, not the customer's bank data.
func TestTransactionsSurviveAReset(t *testing.T) {
	s := newSandbox(t)
	list := func(c ob.Consent) ob.TransactionList {
		var accs ob.AccountList
		s.call(http.MethodGet, "/openbanking/v1/consents/"+c.ID+"/accounts", "", "", &accs)
		var l ob.TransactionList
		s.call(http.MethodGet, "/openbanking/v1/consents/"+c.ID+"/accounts/"+accs.Accounts[0].ID+"/transactions", "", "", &l)
		return l
	}
	c := s.authorised("reset+lowincome@example.com")
	before := list(c)
	s.call(http.MethodPost, "/_sandbox/reset", "", "", nil)
	if resp := s.call(http.MethodGet, "/openbanking/v1/consents/"+c.ID, "", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("consent after reset = %d, want 404", resp.StatusCode)
	}
	after := list(s.authorised("reset+lowincome@example.com"))
	b1, _ := json.Marshal(before)
	b2, _ := json.Marshal(after)
	if len(before.Transactions) < 150 || string(b1) != string(b2) {
		t.Fatalf("transactions changed across a reset (%d, %d)", len(before.Transactions), len(after.Transactions))
	}
}
