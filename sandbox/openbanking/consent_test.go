package openbanking

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/internal/providertest"
)

var base = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

const redirectURL = "http://localhost:8080/loan/connect-bank"

// testClient is who the tests' consents are made for.
const testClient = "Harbour Credit"

type harness struct {
	*providertest.Harness[*Provider]
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return &harness{providertest.NewHarness(base, "/openbanking/v1", func(clk *clock.Clock) *Provider {
		return New(clk, hosted.Site{PublicURL: "http://sandbox.test:8090", AppURL: "http://localhost:8080"})
	})}
}

type apiError struct{ Code, Message string }

func (h *harness) create(t *testing.T, reference, state string) ob.Consent {
	t.Helper()
	var c ob.Consent
	body, _ := json.Marshal(ob.CreateConsent{CustomerReference: reference, RedirectURL: redirectURL + "?step=ob", State: state,
		ClientDisplayName: testClient})
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "", string(body), &c); rec.Code != http.StatusCreated {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	return c
}

func (h *harness) consent(t *testing.T, id string) ob.Consent {
	t.Helper()
	var c ob.Consent
	if rec := h.JSONTyped(t, http.MethodGet, "/openbanking/v1/consents/"+id, "", "", &c); rec.Code != http.StatusOK {
		t.Fatalf("GET consent = %d %s", rec.Code, rec.Body)
	}
	return c
}

var tokenRE = regexp.MustCompile(`name="token" value="([^"]+)"`)

// page GETs a hosted page path (with query) and returns it with its form token.
func (h *harness) page(t *testing.T, path string) (*httptest.ResponseRecorder, string) {
	t.Helper()
	rec := h.Serve(httptest.NewRequest(http.MethodGet, path, nil))
	if m := tokenRE.FindStringSubmatch(rec.Body.String()); m != nil {
		return rec, m[1]
	}
	return rec, ""
}

func (h *harness) submit(id string, form url.Values) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/openbanking/v1/hosted/consents/"+id, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return h.Serve(r)
}

// returned is the redirect's query, after checking it goes to the consent's redirect URL.
func returned(t *testing.T, rec *httptest.ResponseRecorder) url.Values {
	t.Helper()
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("hosted post = %d, want 303: %s", rec.Code, rec.Body)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil || loc.Scheme+"://"+loc.Host+loc.Path != redirectURL || loc.Query().Get("step") != "ob" {
		t.Fatalf("redirected to %q", rec.Header().Get("Location"))
	}
	return loc.Query()
}

// flow drives one consent through the hosted page and the API.
type flow struct {
	t       *testing.T
	h       *harness
	c       ob.Consent
	token   string
	code    string // the last code the hosted page returned
	oldCode string // the code before it
}

func newFlow(t *testing.T, h *harness) *flow {
	c := h.create(t, "jo@example.com", "st-1")
	_, token := h.page(t, "/openbanking/v1/hosted/consents/"+c.ID)
	if token == "" {
		t.Fatal("the consent page has no form token")
	}
	return &flow{t: t, h: h, c: c, token: token}
}

// do runs one step and returns the HTTP status and the error code ("" on success).
func (f *flow) do(step string) (int, string) {
	t, h := f.t, f.h
	verb, arg, _ := strings.Cut(step, ":")
	var e apiError
	var rec *httptest.ResponseRecorder
	switch verb {
	case "allow":
		rec = h.submit(f.c.ID, url.Values{"token": {f.token}, "action": {"allow"}, "bank": {arg}})
		if rec.Code == http.StatusSeeOther {
			q := returned(t, rec)
			if q.Get(ob.ReturnParamFrom) != ob.ReturnFromRender || q.Get(ob.ReturnParamConsentID) != f.c.ID ||
				q.Get(ob.ReturnParamState) != "st-1" || q.Get(ob.ReturnParamCode) == "" || q.Has(ob.ReturnParamError) {
				t.Fatalf("allow returned %v", q)
			}
			f.oldCode, f.code = f.code, q.Get(ob.ReturnParamCode)
		}
		return rec.Code, ""
	case "cancel":
		rec = h.submit(f.c.ID, url.Values{"token": {f.token}, "action": {"cancel"}})
		if rec.Code == http.StatusSeeOther {
			q := returned(t, rec)
			if q.Get(ob.ReturnParamFrom) != ob.ReturnFromRender || q.Get(ob.ReturnParamError) != ob.ReturnErrorAccessDenied ||
				q.Get(ob.ReturnParamConsentID) != f.c.ID || q.Has(ob.ReturnParamCode) {
				t.Fatalf("cancel returned %v", q)
			}
		}
		return rec.Code, ""
	case "forged":
		rec = h.submit(f.c.ID, url.Values{"token": {hosted.NewToken()}, "action": {"allow"}, "bank": {"albion"}})
		return rec.Code, ""
	case "exchange":
		code := f.code
		switch arg {
		case "old":
			code = f.oldCode
		case "wrong":
			code = hosted.NewToken()
		}
		rec = h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/"+f.c.ID+"/exchange", "", `{"code":"`+code+`"}`, &e)
	case "advance":
		d, err := time.ParseDuration(arg)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = h.Clock.Advance(d)
		return 0, ""
	case "renew", "revoke":
		rec = h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/"+f.c.ID+"/"+verb, "", "", &e)
	case "data":
		rec = h.JSONTyped(t, http.MethodGet, "/openbanking/v1/consents/"+f.c.ID+"/accounts", "", "", &e)
	default:
		t.Fatalf("unknown step %q", step)
	}
	return rec.Code, e.Code
}

// TestConsentLifecycle is the consent state machine, step by step.
func TestConsentLifecycle(t *testing.T) {
	type step struct {
		do     string
		status int
		code   string
	}
	ok := func(do string) step { return step{do, 200, ""} }
	allow := step{"allow:albion", 303, ""}
	tests := []struct {
		name  string
		steps []step
		want  string // the consent's status at the end
	}{
		{"created: awaiting", nil, ob.StatusAwaiting},
		{"allowed but not exchanged: still awaiting", []step{allow}, ob.StatusAwaiting},
		{"allow and exchange: authorised", []step{allow, ok("exchange"), ok("data")}, ob.StatusAuthorised},
		{"a code works once", []step{allow, ok("exchange"), {"exchange", 400, ob.CodeInvalidCode}}, ob.StatusAuthorised},
		{"a wrong code", []step{allow, {"exchange:wrong", 400, ob.CodeInvalidCode}, ok("exchange")}, ob.StatusAuthorised},
		{"no code issued yet", []step{{"exchange:wrong", 400, ob.CodeInvalidCode}}, ob.StatusAwaiting},
		{"a code lasts 10 minutes", []step{allow, {"advance:10m1s", 0, ""}, {"exchange", 400, ob.CodeInvalidCode}}, ob.StatusAwaiting},
		{"a code within 10 minutes", []step{allow, {"advance:9m59s", 0, ""}, ok("exchange")}, ob.StatusAuthorised},
		{"a second consent replaces the first code", []step{allow, {"allow:thistle", 303, ""}, {"exchange:old", 400, ob.CodeInvalidCode}, ok("exchange")}, ob.StatusAuthorised},
		{"no data before authorisation", []step{allow, {"data", 403, ob.CodeConsentNotAuthorised}}, ob.StatusAwaiting},
		{"cancel: rejected", []step{{"cancel", 303, ""}, {"data", 403, ob.CodeConsentNotAuthorised}}, ob.StatusRejected},
		{"cancel voids an issued code", []step{allow, {"cancel", 303, ""}, {"exchange", 400, ob.CodeInvalidCode}}, ob.StatusRejected},
		{"the page is single use", []step{{"cancel", 303, ""}, {"allow:albion", 409, ""}}, ob.StatusRejected},
		{"the page after authorisation", []step{allow, ok("exchange"), {"allow:albion", 409, ""}}, ob.StatusAuthorised},
		{"a forged form changes nothing", []step{{"forged", 403, ""}, {"exchange", 400, ob.CodeInvalidCode}}, ob.StatusAwaiting},
		{"allow without a bank re-asks", []step{{"allow:nobank", 400, ""}, {"exchange", 400, ob.CodeInvalidCode}}, ob.StatusAwaiting},
		{"authorised for 90 days", []step{allow, ok("exchange"), {"advance:2159h59m", 0, ""}, ok("data")}, ob.StatusAuthorised},
		{"expired after 90 days", []step{allow, ok("exchange"), {"advance:2160h", 0, ""}, {"data", 403, ob.CodeConsentExpired}}, ob.StatusExpired},
		{"renew before expiry: 90 more days from now", []step{allow, ok("exchange"), {"advance:2000h", 0, ""}, ok("renew"),
			{"advance:2000h", 0, ""}, ok("data")}, ob.StatusAuthorised},
		{"renew after expiry is refused", []step{allow, ok("exchange"), {"advance:2160h", 0, ""}, {"renew", 409, ob.CodeConsentExpired}}, ob.StatusExpired},
		{"renew while awaiting is refused", []step{{"renew", 409, ob.CodeConsentNotAuthorised}}, ob.StatusAwaiting},
		{"revoke: no more data", []step{allow, ok("exchange"), ok("revoke"), {"data", 403, ob.CodeConsentNotAuthorised}, {"renew", 409, ob.CodeConsentNotAuthorised}}, ob.StatusRevoked},
		{"revoke twice", []step{allow, ok("exchange"), ok("revoke"), ok("revoke")}, ob.StatusRevoked},
		{"revoke while awaiting voids the link", []step{allow, ok("revoke"), {"exchange", 400, ob.CodeInvalidCode}, {"allow:albion", 409, ""}}, ob.StatusRevoked},
		{"revoke an expired consent", []step{allow, ok("exchange"), {"advance:2160h", 0, ""}, ok("revoke")}, ob.StatusRevoked},
		{"a rejected consent cannot be revoked", []step{{"cancel", 303, ""}, {"revoke", 409, ob.CodeConsentNotAuthorised}}, ob.StatusRejected},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			f := newFlow(t, h)
			for i, st := range tt.steps {
				status, code := f.do(st.do)
				if status != st.status || code != st.code {
					t.Fatalf("step %d %s = %d %q, want %d %q", i, st.do, status, code, st.status, st.code)
				}
			}
			if got := h.consent(t, f.c.ID); got.Status != tt.want {
				t.Fatalf("status = %s, want %s", got.Status, tt.want)
			}
		})
	}
}

// TestConsentTimes: authorisation and renewal set the 90-day expiry on the sandbox clock.
func TestConsentTimes(t *testing.T) {
	h := newHarness(t)
	f := newFlow(t, h)
	if f.c.Status != ob.StatusAwaiting || f.c.AuthURL != "http://sandbox.test:8090/openbanking/v1/hosted/consents/"+f.c.ID ||
		f.c.RedirectURL != redirectURL+"?step=ob" || !f.c.CreatedAt.Equal(base) || f.c.ExpiresAt != nil || f.c.CustomerReference != "jo@example.com" {
		t.Fatalf("created = %+v", f.c)
	}
	f.do("advance:1m")
	f.do("allow:northgate")
	f.do("advance:1m")
	var c ob.Consent
	h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/"+f.c.ID+"/exchange", "", `{"code":"`+f.code+`"}`, &c)
	at := base.Add(2 * time.Minute)
	if c.Status != ob.StatusAuthorised || c.BankID != "northgate" || c.BankName != "Northgate Building Society" || c.AuthURL != "" ||
		!c.AuthorisedAt.Equal(at) || !c.ExpiresAt.Equal(at.Add(90*24*time.Hour)) || c.RenewedAt != nil {
		t.Fatalf("authorised = %+v", c)
	}
	f.do("advance:720h")
	h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/"+f.c.ID+"/renew", "", "", &c)
	renewed := at.Add(720 * time.Hour)
	if !c.RenewedAt.Equal(renewed) || !c.ExpiresAt.Equal(renewed.Add(90*24*time.Hour)) || !c.AuthorisedAt.Equal(at) {
		t.Fatalf("renewed = %+v", c)
	}
	f.do("revoke")
	if c = h.consent(t, f.c.ID); c.RevokedAt == nil || !c.RevokedAt.Equal(renewed) {
		t.Fatalf("revoked = %+v", c)
	}
}

func TestCreateConsentValidation(t *testing.T) {
	tests := []struct{ name, body, code string }{
		{"not JSON", `[`, ob.CodeBadRequest},
		{"unknown field", `{"customerReference":"c","redirectUrl":"http://localhost:8080/","scope":"all"}`, ob.CodeBadRequest},
		{"no reference", `{"redirectUrl":"http://localhost:8080/"}`, ob.CodeInvalidReference},
		{"reference too long", `{"customerReference":"` + strings.Repeat("c", 129) + `","redirectUrl":"http://localhost:8080/"}`, ob.CodeInvalidReference},
		{"state with a space", `{"customerReference":"c","redirectUrl":"http://localhost:8080/","state":"a b"}`, ob.CodeInvalidState},
		{"no redirect", `{"customerReference":"c"}`, ob.CodeInvalidRedirectURL},
		{"open redirect", `{"customerReference":"c","redirectUrl":"https://evil.example/cb"}`, ob.CodeInvalidRedirectURL},
		{"scheme-relative", `{"customerReference":"c","redirectUrl":"//evil.example/cb"}`, ob.CodeInvalidRedirectURL},
		{"credentials", `{"customerReference":"c","redirectUrl":"http://localhost:8080@evil.example/"}`, ob.CodeInvalidRedirectURL},
		{"fragment", `{"customerReference":"c","redirectUrl":"http://localhost:8080/#/x"}`, ob.CodeInvalidRedirectURL},
		{"no client display name", `{"customerReference":"c","redirectUrl":"http://localhost:8080/"}`, ob.CodeInvalidClientDisplay},
		{"client display name too long", `{"customerReference":"c","redirectUrl":"http://localhost:8080/","clientDisplayName":"` +
			strings.Repeat("é", 65) + `"}`, ob.CodeInvalidClientDisplay},
		{"client display name with a line break", `{"customerReference":"c","redirectUrl":"http://localhost:8080/","clientDisplayName":"Harbour\nCredit"}`,
			ob.CodeInvalidClientDisplay},
		{"client brand colour not #rrggbb", `{"customerReference":"c","redirectUrl":"http://localhost:8080/","clientDisplayName":"Harbour Credit",` +
			`"clientBrandColour":"red;}body{display:none"}`, ob.CodeInvalidClientDisplay},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var e apiError
			if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "", tt.body, &e); rec.Code != http.StatusBadRequest || e.Code != tt.code || e.Message == "" {
				t.Fatalf("= %d %+v, want 400 %s", rec.Code, e, tt.code)
			}
		})
	}
	h := newHarness(t)
	var e apiError
	for _, path := range []string{"/openbanking/v1/consents/cns_nope", "/openbanking/v1/consents/cns_nope/accounts"} {
		if rec := h.JSONTyped(t, http.MethodGet, path, "", "", &e); rec.Code != http.StatusNotFound || e.Code != ob.CodeConsentNotFound {
			t.Errorf("%s = %d %q", path, rec.Code, e.Code)
		}
	}
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/cns_nope/exchange", "", `{"code":"x"}`, &e); rec.Code != http.StatusNotFound {
		t.Errorf("exchange unknown = %d", rec.Code)
	}
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/cns_nope/exchange", "", `{}x`, &e); rec.Code != http.StatusBadRequest || e.Code != ob.CodeBadRequest {
		t.Errorf("exchange bad body = %d %q", rec.Code, e.Code)
	}
}

func TestCreateConsentIdempotency(t *testing.T) {
	h := newHarness(t)
	body := `{"customerReference":"c-1","redirectUrl":"http://localhost:8080/cb","clientDisplayName":"Harbour Credit"}`
	var a, b ob.Consent
	h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "k", body, &a)
	rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "k", body, &b)
	if rec.Code != http.StatusCreated || a.ID != b.ID || !reflect.DeepEqual(a, b) {
		t.Fatalf("replay = %d %+v vs %+v", rec.Code, b, a)
	}
	var e apiError
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "k", `{"customerReference":"c-2","redirectUrl":"http://localhost:8080/cb","clientDisplayName":"Harbour Credit"}`, &e); rec.Code != http.StatusConflict || e.Code != ob.CodeIdempotencyConflict {
		t.Fatalf("different body = %d %q", rec.Code, e.Code)
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			r := httptest.NewRequest(http.MethodPost, "/openbanking/v1/consents", strings.NewReader(body))
			r.Header.Set("Idempotency-Key", "burst")
			h.Serve(r)
		})
	}
	wg.Wait()
	h.P.mu.Lock()
	n := len(h.P.consents)
	h.P.mu.Unlock()
	if n != 2 {
		t.Fatalf("%d consents, want 2 (one per key)", n)
	}
}

func TestHostedConsentPages(t *testing.T) {
	h := newHarness(t)
	c := h.create(t, "jo+homeowner@example.com", "")
	path := "/openbanking/v1/hosted/consents/" + c.ID

	lint := func(rec *httptest.ResponseRecorder, status int, wants ...string) string {
		t.Helper()
		body := rec.Body.String()
		if rec.Code != status || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("= %d %s, want %d", rec.Code, rec.Header().Get("Content-Type"), status)
		}
		if probs := hosted.Lint(body); len(probs) != 0 {
			t.Fatalf("page problems: %v\n%s", probs, body)
		}
		for _, w := range wants {
			if !strings.Contains(body, w) {
				t.Errorf("page lacks %q", w)
			}
		}
		return body
	}

	rec, token := h.page(t, path)
	body := lint(rec, 200, "<h1>Connect your bank account</h1>", "<legend>Choose your bank</legend>", `name="step" value="bank"`,
		">Continue</button>", ">Cancel and go back</button>", "Homeowner with savings", `method="get"`,
		"<p>"+testClient+" is asking to see your account details", "<header><p>"+testClient+" · Open banking (sandbox)</p></header>",
		"– "+testClient+" – Open banking (sandbox)</title>")
	for _, b := range banks {
		if !strings.Contains(body, `id="bank-`+b.ID+`"`) || !strings.Contains(body, html.EscapeString(b.Name)) {
			t.Errorf("chooser lacks %s", b.Name)
		}
	}
	if token == "" || strings.Contains(body, "jo+homeowner") {
		t.Fatal("the chooser has no token, or shows the customer reference")
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' http://localhost:8080;") {
		t.Errorf("CSP %q", csp)
	}

	rec, _ = h.page(t, path+"?step=bank")
	lint(rec, 400, "There is a problem", `href="#bank-albion"`, `aria-describedby="bank-error"`, "<title>Error: ")
	rec, _ = h.page(t, path+"?step=bank&bank=atlantis")
	lint(rec, 400, "There is a problem")

	rec, token2 := h.page(t, path+"?step=bank&bank=kestrel")
	lint(rec, 200, "<h1>Allow access to your Kestrel Mutual accounts?</h1>", ">Allow access</button>", ">Cancel</button>",
		`name="bank" value="kestrel"`, `href="`+path+`"`, "Kestrel Mutual (sandbox)", "Kestrel Mutual will share with "+testClient+", for 90 days")
	if token2 != token {
		t.Fatal("the bank page's token differs from the consent's")
	}

	// A link that is no consent's acts for nobody: it names no client.
	rec = h.Serve(httptest.NewRequest(http.MethodGet, "/openbanking/v1/hosted/consents/cns_nope", nil))
	if body := lint(rec, 404, "This bank connection link is not valid", "<header><p>Open banking (sandbox)</p></header>"); strings.Contains(body, testClient) {
		t.Error("the page of an unknown consent names a client")
	}

	returned(t, h.submit(c.ID, url.Values{"token": {token}, "action": {"cancel"}}))
	rec, _ = h.page(t, path)
	lint(rec, 200, "This bank connection link has been used", "<header><p>"+testClient+" · Open banking (sandbox)</p></header>")
}

// TestConsentPagesShowTheClientAsGiven: the client's name is escaped, and its colour bands the header
// under the page's CSP, which admits the style block with the band by its hash.
func TestConsentPagesShowTheClientAsGiven(t *testing.T) {
	h := newHarness(t)
	var c ob.Consent
	body := `{"customerReference":"c","redirectUrl":"http://localhost:8080/cb","clientDisplayName":"<b>Fen</b> & Co","clientBrandColour":"#5a2d82"}`
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents", "", body, &c); rec.Code != http.StatusCreated ||
		c.ClientDisplayName != "<b>Fen</b> & Co" || c.ClientBrandColour != "#5a2d82" {
		t.Fatalf("create = %d %+v", rec.Code, c)
	}
	rec, _ := h.page(t, "/openbanking/v1/hosted/consents/"+c.ID)
	page := rec.Body.String()
	if !strings.Contains(page, "&lt;b&gt;Fen&lt;/b&gt; &amp; Co is asking") || strings.Contains(page, "<b>Fen") {
		t.Errorf("the client's name is not escaped:\n%s", page)
	}
	_, style, _ := strings.Cut(page, "<style>")
	style, _, _ = strings.Cut(style, "</style>")
	sum := sha256.Sum256([]byte(style))
	if !strings.HasSuffix(style, "header{border-bottom:.5rem solid #5a2d82}") ||
		!strings.Contains(rec.Header().Get("Content-Security-Policy"), "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("style %q under CSP %q", style, rec.Header().Get("Content-Security-Policy"))
	}
	if probs := hosted.Lint(page); len(probs) != 0 {
		t.Errorf("page problems: %v", probs)
	}
}

// TestConsentWithoutState: no state is given, so none comes back.
func TestConsentWithoutState(t *testing.T) {
	h := newHarness(t)
	c := h.create(t, "c", "")
	_, token := h.page(t, "/openbanking/v1/hosted/consents/"+c.ID)
	q := returned(t, h.submit(c.ID, url.Values{"token": {token}, "action": {"allow"}, "bank": {"bramble"}}))
	if q.Has(ob.ReturnParamState) || q.Get(ob.ReturnParamCode) == "" {
		t.Fatalf("returned %v", q)
	}
}

// authorise runs a consent through the hosted page and the exchange.
func (h *harness) authorise(t *testing.T, reference, bankID string) ob.Consent {
	t.Helper()
	c := h.create(t, reference, "")
	_, token := h.page(t, "/openbanking/v1/hosted/consents/"+c.ID)
	q := returned(t, h.submit(c.ID, url.Values{"token": {token}, "action": {"allow"}, "bank": {bankID}}))
	var out ob.Consent
	if rec := h.JSONTyped(t, http.MethodPost, "/openbanking/v1/consents/"+c.ID+"/exchange", "", `{"code":"`+q.Get(ob.ReturnParamCode)+`"}`, &out); rec.Code != http.StatusOK {
		t.Fatalf("exchange = %d %s", rec.Code, rec.Body)
	}
	return out
}

func TestAccountData(t *testing.T) {
	h := newHarness(t)
	c := h.authorise(t, "sam+homeowner@example.com", "albion")
	prefix := "/openbanking/v1/consents/" + c.ID

	var accs ob.AccountList
	h.JSONTyped(t, http.MethodGet, prefix+"/accounts", "", "", &accs)
	if len(accs.Accounts) != 2 || accs.Accounts[0].Type != ob.AccountCurrent || accs.Accounts[1].Type != ob.AccountSavings {
		t.Fatalf("accounts = %+v", accs)
	}
	cur := accs.Accounts[0]
	if !strings.HasPrefix(cur.SortCode, "99-10-") || len(cur.AccountNumber) != 8 || cur.Currency != ob.CurrencyGBP || cur.Name == "" {
		t.Fatalf("account = %+v", cur)
	}

	var all ob.TransactionList
	h.JSONTyped(t, http.MethodGet, prefix+"/accounts/"+cur.ID+"/transactions", "", "", &all)
	if all.AccountID != cur.ID || all.From != "2025-03-02" || all.To != "2026-03-02" || len(all.Transactions) < 200 {
		t.Fatalf("transactions = %s..%s, %d", all.From, all.To, len(all.Transactions))
	}
	for i := 1; i < len(all.Transactions); i++ {
		if all.Transactions[i].BookingDate > all.Transactions[i-1].BookingDate {
			t.Fatal("transactions are not newest first")
		}
	}

	var bal ob.BalanceList
	h.JSONTyped(t, http.MethodGet, prefix+"/accounts/"+cur.ID+"/balances", "", "", &bal)
	if bal.AccountID != cur.ID || len(bal.Balances) != 2 || bal.Balances[0].AmountPence != all.Transactions[0].RunningBalancePence ||
		bal.Balances[1].AmountPence <= bal.Balances[0].AmountPence || !bal.Balances[0].AsOf.Equal(base) {
		t.Fatalf("balances = %+v, newest running balance %d", bal, all.Transactions[0].RunningBalancePence)
	}

	// A period: inclusive, clipped to the history, newest first.
	periods := []struct {
		query, from, to string
		status          int
		code            string
	}{
		{"?from=2026-01-01&to=2026-01-31", "2026-01-01", "2026-01-31", 200, ""},
		{"?from=2026-02-01", "2026-02-01", "2026-03-02", 200, ""},
		{"?to=2025-03-31", "2025-03-02", "2025-03-31", 200, ""},
		{"?from=2020-01-01&to=2030-01-01", "2025-03-02", "2026-03-02", 200, ""},
		{"?from=2030-01-01&to=2030-01-31", "2030-01-01", "2030-01-31", 200, ""}, // after today: nothing
		{"?from=2030-01-01", "", "", 400, ob.CodeInvalidPeriod},                 // after today, the default to
		{"?from=2026-02-01&to=2026-01-01", "", "", 400, ob.CodeInvalidPeriod},
		{"?from=01/02/2026", "", "", 400, ob.CodeInvalidPeriod},
		{"?to=2026-02-30", "", "", 400, ob.CodeInvalidPeriod},
	}
	for _, p := range periods {
		var l struct {
			ob.TransactionList
			Code string
		}
		rec := h.JSONTyped(t, http.MethodGet, prefix+"/accounts/"+cur.ID+"/transactions"+p.query, "", "", &l)
		if rec.Code != p.status || l.Code != p.code {
			t.Errorf("%s = %d %q, want %d %q", p.query, rec.Code, l.Code, p.status, p.code)
			continue
		}
		if p.status != 200 {
			continue
		}
		if l.From != p.from || l.To != p.to {
			t.Errorf("%s period = %s..%s, want %s..%s", p.query, l.From, l.To, p.from, p.to)
		}
		var want []ob.Transaction
		for _, tx := range all.Transactions {
			if tx.BookingDate >= p.from && tx.BookingDate <= p.to {
				want = append(want, tx)
			}
		}
		if len(want) == 0 {
			want = []ob.Transaction{}
		}
		if !reflect.DeepEqual(l.Transactions, want) {
			t.Errorf("%s: %d transactions, want %d", p.query, len(l.Transactions), len(want))
		}
	}

	var e apiError
	for _, path := range []string{prefix + "/accounts/acc_nope/balances", prefix + "/accounts/acc_nope/transactions"} {
		if rec := h.JSONTyped(t, http.MethodGet, path, "", "", &e); rec.Code != http.StatusNotFound || e.Code != ob.CodeAccountNotFound {
			t.Errorf("%s = %d %q", path, rec.Code, e.Code)
		}
	}
	// Another customer's consent does not cover this customer's accounts.
	other := h.authorise(t, "someone-else@example.com", "albion")
	if rec := h.JSONTyped(t, http.MethodGet, "/openbanking/v1/consents/"+other.ID+"/accounts/"+cur.ID+"/balances", "", "", &e); rec.Code != http.StatusNotFound {
		t.Errorf("another consent's account = %d", rec.Code)
	}

	// Stable across calls, consents, and resets.
	h.P.Reset()
	c2 := h.authorise(t, "sam+homeowner@example.com", "albion")
	var again ob.TransactionList
	h.JSONTyped(t, http.MethodGet, "/openbanking/v1/consents/"+c2.ID+"/accounts/"+cur.ID+"/transactions", "", "", &again)
	if !reflect.DeepEqual(again, all) {
		t.Fatal("the same customer's transactions changed after a reset")
	}
}
