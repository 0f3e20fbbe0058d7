package hosted_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"lender/sandbox/hosted"
)

// TestReturnURLRefusesOpenRedirects: a hosted page only ever sends the browser back into the app.
func TestReturnURLRefusesOpenRedirects(t *testing.T) {
	tests := []struct {
		name, app, raw string
		ok             bool
		want           string // the accepted URL, when ok
	}{
		{"app root", "http://localhost:8080", "http://localhost:8080/", true, "http://localhost:8080/"},
		{"path and query kept", "http://localhost:8080", "http://localhost:8080/loan/connect-bank?from=x&a=1", true, "http://localhost:8080/loan/connect-bank?from=x&a=1"},
		{"default app URL", "", "http://localhost:8080/idv", true, "http://localhost:8080/idv"},
		{"host case folded", "http://localhost:8080", "HTTP://LOCALHOST:8080/x", true, "http://localhost:8080/x"},
		{"under the app's path", "https://app.example/borrower/", "https://app.example/borrower/loan", true, "https://app.example/borrower/loan"},
		{"the app's path itself", "https://app.example/borrower", "https://app.example/borrower", true, "https://app.example/borrower"},

		{"empty", "http://localhost:8080", "", false, ""},
		{"another host", "http://localhost:8080", "https://evil.example/", false, ""},
		{"another port", "http://localhost:8080", "http://localhost:9999/", false, ""},
		{"another scheme", "http://localhost:8080", "https://localhost:8080/", false, ""},
		{"host that starts like the app's", "http://localhost:8080", "http://localhost:8080.evil.example/", false, ""},
		{"user info", "http://localhost:8080", "http://localhost:8080@evil.example/", false, ""},
		{"credentials on the app host", "http://localhost:8080", "http://user:pw@localhost:8080/", false, ""},
		{"protocol-relative", "http://localhost:8080", "//evil.example/", false, ""},
		{"relative path", "http://localhost:8080", "/loan", false, ""},
		{"javascript scheme", "http://localhost:8080", "javascript:alert(1)", false, ""},
		{"data scheme", "http://localhost:8080", "data:text/html,hi", false, ""},
		{"backslash", "http://localhost:8080", `http://localhost:8080\@evil.example/`, false, ""},
		{"fragment", "http://localhost:8080", "http://localhost:8080/#/loan", false, ""},
		{"space", "http://localhost:8080", "http://localhost:8080/a b", false, ""},
		{"newline", "http://localhost:8080", "http://localhost:8080/a\nb", false, ""},
		{"outside the app's path", "https://app.example/borrower/", "https://app.example/portal", false, ""},
		{"prefix without a slash", "https://app.example/borrower", "https://app.example/borrowerx", false, ""},
		{"dot segments", "https://app.example/borrower/", "https://app.example/borrower/../portal", false, ""},
		{"encoded dot segments", "https://app.example/borrower/", "https://app.example/borrower/%2e%2e/portal", false, ""},
		{"too long", "http://localhost:8080", "http://localhost:8080/" + strings.Repeat("a", 2048), false, ""},
		{"unusable app URL", "not a url", "http://localhost:8080/", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := hosted.Site{AppURL: tt.app}.ReturnURL(tt.raw)
			if (err == nil) != tt.ok {
				t.Fatalf("ReturnURL(%q) error = %v, want ok=%v", tt.raw, err, tt.ok)
			}
			if tt.ok && u.String() != tt.want {
				t.Fatalf("ReturnURL(%q) = %s, want %s", tt.raw, u, tt.want)
			}
		})
	}
}

func TestPublicAndAppOrigin(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "http://127.0.0.1:4321/x", nil)
	if got := (hosted.Site{}).Public(r); got != "http://127.0.0.1:4321" {
		t.Errorf("Public without PublicURL = %q", got)
	}
	if got := (hosted.Site{PublicURL: "https://sandbox.example/"}).Public(r); got != "https://sandbox.example" {
		t.Errorf("Public = %q", got)
	}
	if got := (hosted.Site{}).AppOrigin(); got != "http://localhost:8080" {
		t.Errorf("default AppOrigin = %q", got)
	}
	if got := (hosted.Site{AppURL: "https://app.example/borrower/"}).AppOrigin(); got != "https://app.example" {
		t.Errorf("AppOrigin = %q", got)
	}
}

func TestRedirectAddsAndReplacesParameters(t *testing.T) {
	target, err := hosted.Site{}.ReturnURL("http://localhost:8080/idv?keep=1&status=forged")
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	hosted.Redirect(rec, httptest.NewRequest(http.MethodPost, "/", nil), target, url.Values{"status": {"passed"}, "checkId": {"chk_1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status = %d, want 303", rec.Code)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	q := loc.Query()
	if loc.Host != "localhost:8080" || loc.Path != "/idv" || q.Get("keep") != "1" || q["status"][0] != "passed" || len(q["status"]) != 1 || q.Get("checkId") != "chk_1" {
		t.Fatalf("Location = %s", loc)
	}
	if rec.Header().Get("Referrer-Policy") != "no-referrer" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("headers = %v", rec.Header())
	}
}

func TestTokens(t *testing.T) {
	a, b := hosted.NewToken(), hosted.NewToken()
	if len(a) != 43 || a == b {
		t.Fatalf("NewToken = %q, %q: want two different 256-bit tokens", a, b)
	}
	tests := []struct {
		got, want string
		same      bool
	}{
		{a, a, true},
		{b, a, false},
		{a[:42], a, false},
		{"", "", false}, // an object without a token never matches
		{"x", "", false},
	}
	for _, tt := range tests {
		if hosted.SameToken(tt.got, tt.want) != tt.same {
			t.Errorf("SameToken(%q, %q) = %v", tt.got, tt.want, !tt.same)
		}
	}
	id := hosted.NewID("chk_")
	if !strings.HasPrefix(id, "chk_") || len(id) != 4+26 || strings.ToLower(id) != id {
		t.Fatalf("NewID = %q", id)
	}
}

var testPage = hosted.NewPage(`{{define "main"}}<h1>{{.}}</h1><form method="post"><button type="submit">Go</button></form>{{end}}`)

func TestRenderIsAccessibleAndLockedDown(t *testing.T) {
	rec := httptest.NewRecorder()
	hosted.Render(rec, http.StatusOK, testPage, "http://localhost:8080", hosted.View{Title: "A page", Service: "Test", Data: "Hello <world>"})
	body := rec.Body.String()
	for _, want := range []string{`<html lang="en-GB">`, `name="viewport"`, "<title>A page – Test (sandbox)</title>",
		`<main id="main">`, "<h1>Hello &lt;world&gt;</h1>", `href="#main"`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Count(body, "<h1") != 1 || strings.Contains(strings.ToLower(body), "<script") || strings.Contains(body, " style=") {
		t.Errorf("page must have one h1, no script and no inline style:\n%s", body)
	}
	_, style, _ := strings.Cut(body, "<style>")
	style, _, _ = strings.Cut(style, "</style>")
	sum := sha256.Sum256([]byte(style))
	h := rec.Header()
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'",
		"form-action 'self' http://localhost:8080", "frame-ancestors 'none'", "base-uri 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if h.Get("Content-Type") != "text/html; charset=utf-8" || h.Get("Cache-Control") != "no-store" ||
		h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
		t.Errorf("headers = %v", h)
	}

	rec = httptest.NewRecorder()
	hosted.Message(rec, http.StatusNotFound, "Test", hosted.MessageData{Title: "Not valid", Text: "Go back."})
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "<title>Error: Not valid – Test (sandbox)</title>") ||
		strings.Contains(rec.Header().Get("Content-Security-Policy"), "localhost:8080") {
		t.Errorf("Message = %d %q CSP %q", rec.Code, rec.Body, rec.Header().Get("Content-Security-Policy"))
	}
}

func TestProtectRefusesCrossSitePosts(t *testing.T) {
	h := hosted.Protect(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	tests := []struct {
		name, site string
		status     int
	}{
		{"no browser headers (a test client)", "", http.StatusNoContent},
		{"same origin", "same-origin", http.StatusNoContent},
		{"cross site", "cross-site", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader("token=x"))
			if tt.site != "" {
				r.Header.Set("Sec-Fetch-Site", tt.site)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d", rec.Code, tt.status)
			}
		})
	}
}

func TestLint(t *testing.T) {
	rec := httptest.NewRecorder()
	hosted.Render(rec, http.StatusOK, testPage, "", hosted.View{Title: "A page", Service: "Test", Data: "Hi"})
	if p := hosted.Lint(rec.Body.String()); len(p) != 0 {
		t.Fatalf("a good page has problems: %v", p)
	}
	tests := []struct{ name, page, want string }{
		{"no lang", `<html><head><title>t</title><meta name="viewport" content="width=device-width"></head><body><main><h1>a</h1></main></body></html>`, "lang"},
		{"two h1", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"></head><body><main><h1>a</h1><h1>b</h1></main></body></html>`, "<h1>"},
		{"script", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"><script>x()</script></head><body><main><h1>a</h1></main></body></html>`, "script"},
		{"unlabelled input", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"></head><body><main><h1>a</h1><form method="post"><input name="q"></form></main></body></html>`, "no label"},
		{"radio outside a fieldset", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"></head><body><main><h1>a</h1><form method="post"><input type="radio" id="r" name="r"><label for="r">R</label></form></main></body></html>`, "fieldset"},
		{"nameless button", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"></head><body><main><h1>a</h1><form method="post"><button type="submit"> </button></form></main></body></html>`, "visible name"},
		{"inline handler", `<html lang="en-GB"><head><title>t</title><meta name="viewport" content="width=device-width"></head><body onload="x()"><main><h1>a</h1></main></body></html>`, "event handler"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := hosted.Lint(tt.page)
			if !strings.Contains(strings.Join(p, "\n"), tt.want) {
				t.Fatalf("Lint = %v, want a problem about %q", p, tt.want)
			}
		})
	}
}
