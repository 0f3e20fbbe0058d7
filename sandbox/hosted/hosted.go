// Package hosted holds what the sandbox's hosted pages share: the pages a browser is redirected to
// (identity check, bank consent, card checkout) and that redirect it back to the app.
//
//   - Site: where the pages live (SANDBOX_PUBLIC_URL) and where they may send the browser back to
//     (SANDBOX_APP_URL). ReturnURL refuses any return address outside the app, so a hosted page cannot be
//     used as an open redirect.
//   - Render and Message: server-rendered, accessible HTML (lang en-GB, one h1, a viewport for 375 px,
//     visible focus) with no script. The one style block is allowed by its hash in a strict CSP whose
//     form-action admits only the page itself and the app origin (browsers apply form-action to the
//     redirect that follows a form post).
//   - NewToken, SameToken, ParseForm and Protect: the per-object form token that proves a POST came from
//     the page the sandbox rendered, plus the standard library's cross-origin protection.
//   - Redirect: the 303 back to the app, with the outcome's query parameters.
package hosted

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// DefaultAppURL is the app address hosted pages return to when Site.AppURL is empty (as it is in Go
// tests built with server.Config{}); it matches the sandbox command's default SANDBOX_APP_URL.
const DefaultAppURL = "http://localhost:8080"

// Site says where hosted pages live and where they may send the browser back to.
type Site struct {
	// PublicURL is where the browser reaches the sandbox, e.g. http://localhost:8090. When empty, the
	// request's own host is used (http://<Host>): right for tests on httptest servers, never for a
	// deployed sandbox, which always sets SANDBOX_PUBLIC_URL.
	PublicURL string
	// AppURL is the app the browser returns to, e.g. http://localhost:8080; DefaultAppURL when empty.
	// Return URLs must be on its origin and under its path.
	AppURL string
}

// Public is the base URL of the sandbox as the browser sees it, without a trailing slash.
func (s Site) Public(r *http.Request) string {
	if s.PublicURL != "" {
		return strings.TrimRight(s.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// app is the parsed app URL, or an error when it is not an absolute http(s) URL.
func (s Site) app() (*url.URL, error) {
	raw := s.AppURL
	if raw == "" {
		raw = DefaultAppURL
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("the sandbox's app URL (SANDBOX_APP_URL) is not an absolute http(s) URL")
	}
	return u, nil
}

// AppOrigin is the app's scheme://host[:port], or "" when the app URL is unusable.
func (s Site) AppOrigin() string {
	u, err := s.app()
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// AppReturn is the app's own URL, as given and as ReturnURL accepts it (nil when the app URL is
// unusable): where the seeded records of the providers send the browser back to.
func (s Site) AppReturn() (string, *url.URL) {
	app := s.AppURL
	if app == "" {
		app = DefaultAppURL
	}
	ret, _ := s.ReturnURL(app) // the app's own URL is always under it
	return app, ret
}

// maxReturnURL caps the length of a return URL.
const maxReturnURL = 2048

// ReturnURL parses raw, a URL a hosted page will redirect the browser to, and refuses it unless it is
// an absolute URL on the app's origin (same scheme, host and port) under the app's path, without
// credentials, a fragment, dot segments, backslashes, spaces or control characters. The error says what
// is wrong, for a 400 answer.
func (s Site) ReturnURL(raw string) (*url.URL, error) {
	app, err := s.app()
	if err != nil {
		return nil, err
	}
	if raw == "" {
		return nil, errors.New("is required")
	}
	if len(raw) > maxReturnURL {
		return nil, fmt.Errorf("must be at most %d characters", maxReturnURL)
	}
	for _, c := range raw {
		if c <= ' ' || c == 0x7f || c == '\\' {
			return nil, errors.New("must not contain spaces, control characters or backslashes")
		}
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" || u.Host == "" {
		return nil, errors.New("must be an absolute URL such as " + app.String() + "/")
	}
	if u.User != nil {
		return nil, errors.New("must not carry a user name or password")
	}
	if u.Fragment != "" || strings.Contains(raw, "#") {
		return nil, errors.New("must not have a fragment (#…)")
	}
	if !strings.EqualFold(u.Scheme, app.Scheme) || !strings.EqualFold(u.Host, app.Host) {
		return nil, errors.New("must be on the app's origin " + app.Scheme + "://" + app.Host)
	}
	for seg := range strings.SplitSeq(u.EscapedPath(), "/") {
		if seg == "." || seg == ".." || strings.EqualFold(seg, "%2e") || strings.EqualFold(seg, "%2e%2e") ||
			strings.EqualFold(seg, ".%2e") || strings.EqualFold(seg, "%2e.") {
			return nil, errors.New("must not have . or .. path segments")
		}
	}
	if prefix := strings.TrimRight(app.Path, "/"); prefix != "" && u.Path != prefix && !strings.HasPrefix(u.Path, prefix+"/") {
		return nil, errors.New("must be under the app's path " + prefix + "/")
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	return u, nil
}

// Redirect answers 303 See Other to target with params added to its query. A parameter the target
// already has with the same name is replaced, so an app URL cannot smuggle in its own "code" or
// "status".
func Redirect(w http.ResponseWriter, r *http.Request, target *url.URL, params url.Values) {
	u := *target
	q := u.Query()
	for k, vs := range params {
		q[k] = vs
	}
	u.RawQuery = q.Encode()
	h := w.Header()
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

// NewToken is a fresh 256-bit random token, URL-safe, for a form or a one-time code.
func NewToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return base64.RawURLEncoding.EncodeToString(b)
}

// NewID is prefix followed by 128 random bits in lowercase base32, e.g. "chk_…". Ids of objects that
// have hosted pages are capability links (DESIGN §10), hence the entropy.
func NewID(prefix string) string {
	return prefix + strings.ToLower(rand.Text())
}

// SameToken compares a submitted token with the expected one in constant time. An empty expected
// token never matches.
func SameToken(got, want string) bool {
	return want != "" && len(got) == len(want) && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// maxForm caps a hosted page's form body.
const maxForm = 8 << 10

// ParseForm reads a posted form of at most 8 KiB into r.PostForm.
func ParseForm(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	return r.ParseForm()
}

// Protect refuses cross-origin non-safe requests (net/http's CrossOriginProtection, which reads
// Sec-Fetch-Site and Origin): defence in depth beside the form token.
func Protect(h http.Handler) http.Handler {
	return http.NewCrossOriginProtection().Handler(h)
}
