package identity

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/upstream/identity"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/internal/providertest"
)

var base = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

const returnURL = "http://localhost:8080/idv/return?step=1"

type harness struct {
	*providertest.Harness[*Provider]
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	return &harness{providertest.NewHarness(base, "/identity/v1", func(clk *clock.Clock) *Provider {
		return New(clk, hosted.Site{PublicURL: "http://sandbox.test:8090", AppURL: "http://localhost:8080"})
	})}
}

func (h *harness) create(t *testing.T) identity.Check {
	t.Helper()
	var c identity.Check
	if rec := h.JSON(t, http.MethodPost, "/identity/v1/checks", "", `{"reference":"app-42","returnUrl":"`+returnURL+`"}`, &c); rec.Code != http.StatusCreated {
		t.Fatalf("create = %d %s", rec.Code, rec.Body)
	}
	return c
}

// page fetches the hosted page and its form token.
func (h *harness) page(t *testing.T, c identity.Check) (*httptest.ResponseRecorder, string) {
	t.Helper()
	rec := h.Serve(httptest.NewRequest(http.MethodGet, pathOf(t, c.HostedURL), nil))
	m := regexp.MustCompile(`name="token" value="([^"]+)"`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		return rec, ""
	}
	return rec, m[1]
}

func (h *harness) post(c identity.Check, form url.Values) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/identity/v1/hosted/checks/"+c.ID, strings.NewReader(form.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return h.Serve(r)
}

func (h *harness) get(t *testing.T, id string) identity.Check {
	t.Helper()
	var c identity.Check
	if rec := h.JSON(t, http.MethodGet, "/identity/v1/checks/"+id, "", "", &c); rec.Code != http.StatusOK {
		t.Fatalf("GET check = %d %s", rec.Code, rec.Body)
	}
	return c
}

func pathOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Path
}

func TestCreateCheck(t *testing.T) {
	h := newHarness(t)
	c := h.create(t)
	if !strings.HasPrefix(c.ID, "chk_") || c.Reference != "app-42" || c.Status != identity.StatusPending ||
		c.HostedURL != "http://sandbox.test:8090/identity/v1/hosted/checks/"+c.ID || c.ReturnURL != returnURL ||
		!c.CreatedAt.Equal(base) || c.CompletedAt != nil || len(c.Reasons) != 0 {
		t.Fatalf("check = %+v", c)
	}
	if got := h.get(t, c.ID); got.ID != c.ID || got.Status != identity.StatusPending {
		t.Fatalf("GET = %+v", got)
	}
	var e struct{ Code string }
	if rec := h.JSON(t, http.MethodGet, "/identity/v1/checks/chk_unknown", "", "", &e); rec.Code != http.StatusNotFound || e.Code != identity.CodeCheckNotFound {
		t.Fatalf("unknown check = %d %q", rec.Code, e.Code)
	}
}

func TestCreateCheckValidation(t *testing.T) {
	tests := []struct{ name, body, code string }{
		{"not JSON", `{`, identity.CodeBadRequest},
		{"no reference", `{"returnUrl":"http://localhost:8080/"}`, identity.CodeInvalidReference},
		{"reference with a space", `{"reference":"a b","returnUrl":"http://localhost:8080/"}`, identity.CodeInvalidReference},
		{"no return URL", `{"reference":"r"}`, identity.CodeInvalidReturnURL},
		{"open redirect", `{"reference":"r","returnUrl":"https://evil.example/"}`, identity.CodeInvalidReturnURL},
		{"another port", `{"reference":"r","returnUrl":"http://localhost:9999/"}`, identity.CodeInvalidReturnURL},
		{"user info trick", `{"reference":"r","returnUrl":"http://localhost:8080@evil.example/"}`, identity.CodeInvalidReturnURL},
		{"relative", `{"reference":"r","returnUrl":"/idv"}`, identity.CodeInvalidReturnURL},
		{"fragment", `{"reference":"r","returnUrl":"http://localhost:8080/#/idv"}`, identity.CodeInvalidReturnURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var e struct{ Code, Message string }
			if rec := h.JSON(t, http.MethodPost, "/identity/v1/checks", "", tt.body, &e); rec.Code != http.StatusBadRequest || e.Code != tt.code || e.Message == "" {
				t.Fatalf("= %d %+v, want 400 %s", rec.Code, e, tt.code)
			}
			if len(h.P.checks) != 0 {
				t.Fatal("a refused request created a check")
			}
		})
	}
}

// TestCheckStateMachine walks the hosted check through each transition.
func TestCheckStateMachine(t *testing.T) {
	type post struct {
		form     url.Values // "token" is filled in unless badToken
		badToken bool
		status   int    // the answer
		redirect string // the status parameter of the 303, when 303
	}
	tests := []struct {
		name    string
		posts   []post
		final   string
		reasons []string
	}{
		{"pending until a choice", nil, identity.StatusPending, nil},
		{"pass", []post{{form: url.Values{"outcome": {"pass"}}, status: 303, redirect: "passed"}}, identity.StatusPassed, nil},
		{"fail with a reason", []post{{form: url.Values{"outcome": {"fail"}, "reason": {identity.ReasonFaceMismatch}}, status: 303, redirect: "failed"}},
			identity.StatusFailed, []string{identity.ReasonFaceMismatch}},
		{"fail without a valid reason re-asks", []post{
			{form: url.Values{"outcome": {"fail"}, "reason": {"bored"}}, status: 400},
			{form: url.Values{"outcome": {"fail"}, "reason": {identity.ReasonDocumentExpired}}, status: 303, redirect: "failed"},
		}, identity.StatusFailed, []string{identity.ReasonDocumentExpired}},
		{"wrong token changes nothing", []post{{form: url.Values{"outcome": {"pass"}}, badToken: true, status: 403}}, identity.StatusPending, nil},
		{"no outcome changes nothing", []post{{form: url.Values{}, status: 400}}, identity.StatusPending, nil},
		{"passed is final", []post{
			{form: url.Values{"outcome": {"pass"}}, status: 303, redirect: "passed"},
			{form: url.Values{"outcome": {"fail"}, "reason": {identity.ReasonFaceMismatch}}, status: 409},
		}, identity.StatusPassed, nil},
		{"failed is final", []post{
			{form: url.Values{"outcome": {"fail"}, "reason": {identity.ReasonDocumentUnreadable}}, status: 303, redirect: "failed"},
			{form: url.Values{"outcome": {"pass"}}, status: 409},
		}, identity.StatusFailed, []string{identity.ReasonDocumentUnreadable}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			c := h.create(t)
			_, token := h.page(t, c)
			if token == "" {
				t.Fatal("the hosted page has no form token")
			}
			for i, p := range tt.posts {
				_, _ = h.Clock.Advance(time.Minute)
				form := url.Values{}
				for k, v := range p.form {
					form[k] = v
				}
				form.Set("token", token)
				if p.badToken {
					form.Set("token", hosted.NewToken())
				}
				rec := h.post(c, form)
				if rec.Code != p.status {
					t.Fatalf("post %d = %d, want %d: %s", i, rec.Code, p.status, rec.Body)
				}
				if rec.Code != http.StatusSeeOther {
					if ct := rec.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
						t.Fatalf("post %d answered %q, want a page", i, ct)
					}
					if probs := hosted.Lint(rec.Body.String()); len(probs) != 0 {
						t.Fatalf("post %d page problems: %v", i, probs)
					}
					continue
				}
				loc, err := url.Parse(rec.Header().Get("Location"))
				if err != nil {
					t.Fatal(err)
				}
				q := loc.Query()
				if loc.Scheme+"://"+loc.Host+loc.Path != "http://localhost:8080/idv/return" || q.Get("step") != "1" ||
					q.Get(identity.ReturnParamCheckID) != c.ID || q.Get(identity.ReturnParamStatus) != p.redirect {
					t.Fatalf("post %d redirected to %s", i, loc)
				}
			}
			got := h.get(t, c.ID)
			if got.Status != tt.final || strings.Join(got.Reasons, ",") != strings.Join(tt.reasons, ",") {
				t.Fatalf("check = %s %v, want %s %v", got.Status, got.Reasons, tt.final, tt.reasons)
			}
			if (got.CompletedAt != nil) != (tt.final != identity.StatusPending) {
				t.Fatalf("completedAt = %v for status %s", got.CompletedAt, got.Status)
			}
			if got.CompletedAt != nil && !got.CompletedAt.After(got.CreatedAt) {
				t.Fatalf("completedAt %v is not on the sandbox clock after createdAt %v", got.CompletedAt, got.CreatedAt)
			}
		})
	}
}

func TestHostedCheckPage(t *testing.T) {
	h := newHarness(t)
	c := h.create(t)
	rec, token := h.page(t, c)
	body := rec.Body.String()
	if rec.Code != http.StatusOK || token == "" {
		t.Fatalf("page = %d", rec.Code)
	}
	if probs := hosted.Lint(body); len(probs) != 0 {
		t.Fatalf("page problems: %v\n%s", probs, body)
	}
	for _, want := range []string{">Pass the check</button>", ">Fail the check</button>", "<legend>Why should the check fail?</legend>",
		`action="/identity/v1/hosted/checks/` + c.ID + `"`, `method="post"`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' http://localhost:8080;") {
		t.Errorf("CSP %q does not let the form's redirect reach the app", csp)
	}
	if strings.Contains(body, "app-42") {
		t.Error("the page shows the lender's reference")
	}

	// Unknown check: a page, not JSON.
	rec = h.Serve(httptest.NewRequest(http.MethodGet, "/identity/v1/hosted/checks/chk_nope", nil))
	if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") || len(hosted.Lint(rec.Body.String())) != 0 {
		t.Fatalf("unknown check page = %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}

	// A finished check's page links back to the app with the result instead of offering the choice.
	h.post(c, url.Values{"token": {token}, "outcome": {"pass"}})
	rec, _ = h.page(t, c)
	body = rec.Body.String()
	if rec.Code != http.StatusOK || strings.Contains(body, "Fail the check") ||
		!strings.Contains(body, `href="http://localhost:8080/idv/return?checkId=`+c.ID+`&amp;status=passed&amp;step=1"`) {
		t.Fatalf("finished page = %d\n%s", rec.Code, body)
	}
}

func TestCrossSiteFormPostIsRefused(t *testing.T) {
	h := newHarness(t)
	c := h.create(t)
	_, token := h.page(t, c)
	r := httptest.NewRequest(http.MethodPost, "/identity/v1/hosted/checks/"+c.ID, strings.NewReader(url.Values{"token": {token}, "outcome": {"pass"}}.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	if rec := h.Serve(r); rec.Code != http.StatusForbidden {
		t.Fatalf("cross-site post = %d", rec.Code)
	}
	if got := h.get(t, c.ID); got.Status != identity.StatusPending {
		t.Fatalf("status = %s", got.Status)
	}
}

func TestCreateCheckIdempotency(t *testing.T) {
	h := newHarness(t)
	body := `{"reference":"app-1","returnUrl":"http://localhost:8080/idv"}`
	var a, b identity.Check
	h.JSON(t, http.MethodPost, "/identity/v1/checks", "k", body, &a)
	rec := h.JSON(t, http.MethodPost, "/identity/v1/checks", "k", body, &b)
	if rec.Code != http.StatusCreated || a.ID != b.ID || rec.Header().Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay = %d %s vs %s", rec.Code, b.ID, a.ID)
	}
	var e struct{ Code string }
	if rec := h.JSON(t, http.MethodPost, "/identity/v1/checks", "k", `{"reference":"app-2","returnUrl":"http://localhost:8080/idv"}`, &e); rec.Code != http.StatusConflict || e.Code != identity.CodeIdempotencyConflict {
		t.Fatalf("different body = %d %q", rec.Code, e.Code)
	}

	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			r := httptest.NewRequest(http.MethodPost, "/identity/v1/checks", strings.NewReader(body))
			r.Header.Set("Idempotency-Key", "burst")
			h.Serve(r)
		})
	}
	wg.Wait()
	h.P.mu.Lock()
	n := len(h.P.checks)
	h.P.mu.Unlock()
	if n != 2 { // "k" and "burst"
		t.Fatalf("%d checks, want 2", n)
	}
}

func TestResetForgetsChecks(t *testing.T) {
	h := newHarness(t)
	c := h.create(t)
	h.P.Reset()
	var e struct{ Code string }
	if rec := h.JSON(t, http.MethodGet, "/identity/v1/checks/"+c.ID, "", "", &e); rec.Code != http.StatusNotFound {
		t.Fatalf("after Reset = %d", rec.Code)
	}
}

func TestPublicURLFromTheRequestWhenUnset(t *testing.T) {
	clk := clock.New(func() time.Time { return base })
	p := New(clk, hosted.Site{})
	mux := http.NewServeMux()
	p.Register(mux, "/identity/v1")
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:5555/identity/v1/checks", strings.NewReader(`{"reference":"r","returnUrl":"http://localhost:8080/"}`))
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, r)
	var c identity.Check
	_ = json.Unmarshal(rec.Body.Bytes(), &c)
	if !strings.HasPrefix(c.HostedURL, "http://127.0.0.1:5555/identity/v1/hosted/checks/chk_") {
		t.Fatalf("hostedUrl = %q", c.HostedURL)
	}
}
