package session_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/session"
)

func TestValidTokenAndCookieAreAccepted(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")

	rec := e.me(b)
	r := wantOK(t, rec)
	if r.Subject != "cust-1001" || r.Role != "customer" || r.Audience != "borrower" || r.SID != sidOf(t, b.token) {
		t.Fatalf("session in context: %+v", r)
	}
	if !maps.Equal(r.Upstream, map[string]string{"lending": "upstream-credential"}) {
		t.Fatalf("upstream credentials: %v", r.Upstream)
	}
	if r.LogActor == "" || r.LogActor != r.Actor || strings.Contains(r.LogActor, "cust-1001") {
		t.Fatalf("actor for the log %q must be the pseudonymous id, not the subject", r.LogActor)
	}
	if rec.Header().Get(session.HeaderRenewedToken) != "" {
		t.Fatal("a fresh token was renewed")
	}
}

func TestStartIssuesTokenAndCookie(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")

	// The cookie is the binding secret: HttpOnly, Secure, SameSite=Strict, Path=/, ≥128 bits.
	c := b.cookie
	if c.Name != "lender_session_borrower" || !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/" {
		t.Fatalf("cookie attributes: %+v", c)
	}
	if raw, err := base64.RawURLEncoding.DecodeString(c.Value); err != nil || len(raw) < 16 {
		t.Fatalf("cookie secret is not ≥128 random bits: %d bytes, %v", len(raw), err)
	}
	if c.MaxAge != int((12 * time.Hour).Seconds()) {
		t.Fatalf("cookie Max-Age %d, want the absolute TTL", c.MaxAge)
	}

	// The token: HS256, only sid/sub/aud/iat/exp, and sub is not the subject.
	tok, _, err := jwt.NewParser().ParseUnverified(b.token, jwt.MapClaims{})
	if err != nil {
		t.Fatal(err)
	}
	if tok.Header["alg"] != "HS256" {
		t.Fatalf("alg %v", tok.Header["alg"])
	}
	cl := tok.Claims.(jwt.MapClaims)
	if keys := slices.Sorted(maps.Keys(cl)); !slices.Equal(keys, []string{"aud", "exp", "iat", "sid", "sub"}) {
		t.Fatalf("token claims %v, want exactly aud exp iat sid sub", keys)
	}
	if strings.Contains(b.token, "cust-1001") || strings.Contains(b.token, base64.RawURLEncoding.EncodeToString([]byte("cust-1001"))) {
		t.Fatal("the token carries the subject")
	}
	exp, _ := cl.GetExpirationTime()
	if !exp.Time.Equal(t0.Add(15 * time.Minute)) {
		t.Fatalf("exp %v, want %v", exp.Time, t0.Add(15*time.Minute))
	}
	if sid, err := base64.RawURLEncoding.DecodeString(sidOf(t, b.token)); err != nil || len(sid) < 16 {
		t.Fatalf("sid is not ≥128 random bits: %d bytes, %v", len(sid), err)
	}

	// The record's key lives for the idle TTL.
	if d := e.pttl(sidOf(t, b.token)); d <= 29*time.Minute || d > 30*time.Minute {
		t.Fatalf("key TTL %v, want the idle TTL", d)
	}
}

func TestStartAlwaysMakesANewSession(t *testing.T) {
	e := newTestEnv(t, nil)
	first := e.start("borrower", "cust-1001")
	second := e.start("borrower", "cust-1001") // the same person signs in again
	if sidOf(t, first.token) == sidOf(t, second.token) || first.cookie.Value == second.cookie.Value {
		t.Fatal("signing in again reused the session id or the cookie secret")
	}
	// In one browser the second sign-in replaces the cookie, so the first token is no longer usable there.
	wantUnauthenticated(t, e.get("/borrower/me", first.token, second.cookie))
	wantOK(t, e.me(second))
}

func TestStartRefusesBadInput(t *testing.T) {
	e := newTestEnv(t, nil)
	for _, url := range []string{"/start/borrower?subject=", "/start/admin?subject=x"} {
		rec := e.serve(httptestRequest(http.MethodPost, url))
		if rec.Code != http.StatusInternalServerError {
			t.Fatalf("%s: status %d, want 500", url, rec.Code)
		}
	}
}

func TestRenewalNearExpiry(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")

	e.clock.Advance(9 * time.Minute) // 6 min left: no renewal yet
	rec := e.me(b)
	wantOK(t, rec)
	if rec.Header().Get(session.HeaderRenewedToken) != "" {
		t.Fatal("renewed with 6 minutes left (RenewWithin is 5)")
	}

	e.clock.Advance(1*time.Minute + time.Second) // 4m59s left
	rec = e.me(b)
	wantOK(t, rec)
	renewed := rec.Header().Get(session.HeaderRenewedToken)
	if renewed == "" {
		t.Fatal("no renewed token with 4m59s left")
	}
	cl := claimsOf(t, renewed)
	exp, _ := cl.GetExpirationTime()
	if want := e.clock.Now().Add(15 * time.Minute); !exp.Time.Equal(want) {
		t.Fatalf("renewed exp %v, want %v", exp.Time, want)
	}
	if cl["sid"] != sidOf(t, b.token) || cl["sub"] != claimsOf(t, b.token)["sub"] {
		t.Fatal("the renewed token is for another session")
	}

	// After the old token's expiry the renewed one carries on, with the same cookie only.
	e.clock.Advance(5 * time.Minute)
	wantUnauthenticated(t, e.me(b))
	rec = e.get("/borrower/me", renewed, b.cookie)
	wantOK(t, rec)
	if rec.Header().Get(session.HeaderRenewedToken) != "" {
		t.Fatal("the renewed token was renewed again too early")
	}
	wantUnauthenticated(t, e.get("/borrower/me", renewed))
}

func TestIdleTTLIsRefreshedOnUse(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")
	sid := sidOf(t, b.token)

	// Pretend most of the idle time has passed, then use the session.
	if err := e.rdb.PExpire(context.Background(), e.m.KeyForTest(sid), 5*time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	wantOK(t, e.me(b))
	if d := e.pttl(sid); d <= 29*time.Minute {
		t.Fatalf("key TTL %v after use, want it back near the 30 min idle TTL", d)
	}

	// A request with the token but someone else's cookie must not keep the session alive.
	if err := e.rdb.PExpire(context.Background(), e.m.KeyForTest(sid), 5*time.Second).Err(); err != nil {
		t.Fatal(err)
	}
	other := e.start("borrower", "cust-2002")
	wantUnauthenticated(t, e.get("/borrower/me", b.token, other.cookie))
	if d := e.pttl(sid); d > 5*time.Second {
		t.Fatalf("a rejected request refreshed the idle TTL to %v", d)
	}
}

func TestIdleExpiredSessionIsRejected(t *testing.T) {
	// A real clock: the idle timeout is Redis's key TTL.
	e := newTestEnv(t, func(c *session.Config) { c.IdleTTL = 300 * time.Millisecond; c.Now = nil })
	b := e.start("borrower", "cust-1001")
	wantOK(t, e.me(b))

	sid := sidOf(t, b.token)
	waitFor(t, "the idle session's key to expire", func() bool { return !e.exists(sid) })
	wantUnauthenticated(t, e.me(b))
}

func TestKeyTTLNeverExceedsAbsoluteExpiry(t *testing.T) {
	e := newTestEnv(t, func(c *session.Config) { c.AbsoluteTTL = 10 * time.Minute })
	b := e.start("borrower", "cust-1001")
	sid := sidOf(t, b.token)
	if d := e.pttl(sid); d > 10*time.Minute {
		t.Fatalf("key TTL %v beyond the absolute expiry", d)
	}
	exp, _ := claimsOf(t, b.token).GetExpirationTime()
	if !exp.Time.Equal(t0.Add(10 * time.Minute)) {
		t.Fatalf("token exp %v, want the absolute expiry %v", exp.Time, t0.Add(10*time.Minute))
	}
	e.clock.Advance(6 * time.Minute)
	wantOK(t, e.me(b))
	if d := e.pttl(sid); d > 4*time.Minute {
		t.Fatalf("key TTL %v after use, want at most the 4 min left to the absolute expiry", d)
	}
}

func TestRenewalStopsAtAbsoluteExpiry(t *testing.T) {
	e := newTestEnv(t, func(c *session.Config) { c.AbsoluteTTL = 20 * time.Minute })
	b := e.start("borrower", "cust-1001")

	e.clock.Advance(11 * time.Minute)
	rec := e.me(b)
	wantOK(t, rec)
	renewed := rec.Header().Get(session.HeaderRenewedToken)
	exp, _ := claimsOf(t, renewed).GetExpirationTime()
	if !exp.Time.Equal(t0.Add(20 * time.Minute)) {
		t.Fatalf("renewed exp %v, want capped at the absolute expiry %v", exp.Time, t0.Add(20*time.Minute))
	}

	e.clock.Advance(8*time.Minute + 59*time.Second) // one second before the absolute expiry
	rec = e.get("/borrower/me", renewed, b.cookie)
	wantOK(t, rec)
	if rec.Header().Get(session.HeaderRenewedToken) != "" {
		t.Fatal("renewed past the absolute expiry")
	}

	e.clock.Advance(time.Second)
	wantUnauthenticated(t, e.get("/borrower/me", renewed, b.cookie))
}

func TestPastAbsoluteExpiryIsRejectedEvenWithALiveToken(t *testing.T) {
	e := newTestEnv(t, func(c *session.Config) { c.AbsoluteTTL = time.Hour })
	b := e.start("borrower", "cust-1001")
	sid := sidOf(t, b.token)
	actor := claimsOf(t, b.token)["sub"].(string)
	// A token that outlives its session (Start never issues one): only the record's absolute expiry,
	// checked in Redis, can stop it.
	long := e.m.MintForTest(sid, "borrower", actor, t0, t0.Add(3*time.Hour))
	wantOK(t, e.get("/borrower/me", long, b.cookie))

	e.clock.Advance(time.Hour + time.Second)
	if !e.exists(sid) {
		t.Fatal("the key expired by itself; the test needs Redis to still hold it")
	}
	wantUnauthenticated(t, e.get("/borrower/me", long, b.cookie))
	if e.exists(sid) {
		t.Fatal("the expired session was not deleted")
	}
}

func TestRevoke(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")
	other := e.start("borrower", "cust-2002")
	wantOK(t, e.me(b))

	if err := e.m.Revoke(context.Background(), sidOf(t, b.token)); err != nil {
		t.Fatal(err)
	}
	wantUnauthenticated(t, e.me(b))
	wantOK(t, e.me(other))

	if err := e.m.Revoke(context.Background(), sidOf(t, b.token)); err != nil {
		t.Fatalf("revoking twice: %v", err)
	}
	if err := e.m.Revoke(context.Background(), "not a sid"); err != nil {
		t.Fatalf("revoking garbage: %v", err)
	}
}

func TestRevokeCurrent(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")
	e.clock.Advance(11 * time.Minute) // the logout request would otherwise hand out a renewed token

	req := httptestRequest(http.MethodPost, "/borrower/logout")
	req.Header.Set(session.HeaderAccessToken, b.token)
	req.AddCookie(&http.Cookie{Name: b.cookie.Name, Value: b.cookie.Value})
	rec := e.serve(req)
	if rec.Code != http.StatusOK {
		t.Fatalf("logout: %d %s", rec.Code, rec.Body)
	}
	if rec.Header().Get(session.HeaderRenewedToken) != "" {
		t.Fatal("logout handed out a renewed token")
	}
	cleared := false
	for _, c := range rec.Result().Cookies() {
		cleared = cleared || (c.Name == b.cookie.Name && c.MaxAge < 0 && c.Value == "")
	}
	if !cleared {
		t.Fatalf("logout did not clear the cookie: %v", rec.Header()["Set-Cookie"])
	}
	wantUnauthenticated(t, e.me(b))
}

func TestOptional(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")

	if r := wantOK(t, e.get("/optional", "")); !r.Anonymous || r.LogActor != "" {
		t.Fatalf("no token: %+v, want anonymous", r)
	}
	if r := wantOK(t, e.get("/optional", b.token, b.cookie)); r.Anonymous || r.Subject != "cust-1001" {
		t.Fatalf("valid token: %+v", r)
	}
	wantUnauthenticated(t, e.get("/optional", b.token))                 // present but unbound
	wantUnauthenticated(t, e.get("/optional", b.token+"x", b.cookie))   // present but bad
	wantUnauthenticated(t, e.get("/optional", "not-a-token", b.cookie)) // present but garbage
	e.clock.Advance(15 * time.Minute)
	wantUnauthenticated(t, e.get("/optional", b.token, b.cookie)) // present but expired
}

func TestCookieShadowingDoesNotLockTheOwnerOut(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")
	planted := &http.Cookie{Name: b.cookie.Name, Value: "planted-by-a-sibling-domain"}
	wantOK(t, e.get("/borrower/me", b.token, planted, b.cookie))
}

func TestConcurrentRequests(t *testing.T) {
	e := newTestEnv(t, nil)
	browsers := make([]browser, 8)
	for i := range browsers {
		browsers[i] = e.start("borrower", fmt.Sprintf("cust-%d", i))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 64 {
		wg.Go(func() {
			b := browsers[i%len(browsers)]
			rec := e.me(b)
			if rec.Code != http.StatusOK {
				errs <- fmt.Errorf("request %d: %d", i, rec.Code)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestNewRefusesBadConfig(t *testing.T) {
	rdb, _ := testClient(t)
	good := func() session.Config { c := session.DefaultConfig(); c.Secret = testSecret; return c }
	cases := map[string]func(*session.Config){
		"short secret":             func(c *session.Config) { c.Secret = testSecret[:31] },
		"no secret":                func(c *session.Config) { c.Secret = nil },
		"renew window ≥ token TTL": func(c *session.Config) { c.RenewWithin = c.TokenTTL },
		"negative idle TTL":        func(c *session.Config) { c.IdleTTL = -time.Second },
		"bad cookie name":          func(c *session.Config) { c.CookieName = "a;b" },
		"__Host- without Secure":   func(c *session.Config) { c.CookieName = "__Host-s"; c.CookieSecure = false },
	}
	for name, edit := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := good()
			edit(&cfg)
			if _, err := session.New(cfg, rdb); err == nil {
				t.Fatal("New accepted it")
			}
		})
	}
	t.Run("client ignoring context deadlines", func(t *testing.T) {
		slow := redis.NewClient(&redis.Options{Addr: rdb.Options().Addr})
		defer slow.Close()
		if _, err := session.New(good(), slow); err == nil {
			t.Fatal("New accepted a client whose reads can outlast RedisTimeout")
		}
	})
	t.Run("no client", func(t *testing.T) {
		if _, err := session.New(good(), nil); err == nil {
			t.Fatal("New accepted a nil client")
		}
	})
	t.Run("the secret is not printed", func(t *testing.T) {
		cfg := good()
		for _, s := range []string{cfg.String(), fmt.Sprintf("%v %+v %#v", cfg, cfg, cfg)} {
			if strings.Contains(s, string(testSecret[:16])) {
				t.Fatalf("config printed the secret: %s", s)
			}
		}
	})
}

func TestRequirePanicsOnUnknownAudience(t *testing.T) {
	e := newTestEnv(t, nil)
	defer func() {
		if recover() == nil {
			t.Fatal("Require accepted an unknown audience")
		}
	}()
	e.m.Require("admin")
}

func TestSessionDoesNotPrintSecrets(t *testing.T) {
	s := session.Session{ID: "sid-value", Subject: "cust-1001", Upstream: map[string]string{"k": "upstream-credential"}}
	for _, out := range []string{fmt.Sprint(s), fmt.Sprintf("%+v %#v %v", s, s, &s)} {
		if strings.Contains(out, "cust-1001") || strings.Contains(out, "upstream-credential") || strings.Contains(out, "sid-value") {
			t.Fatalf("printed %q", out)
		}
	}
}

// Every way of presenting something other than this browser's valid token and cookie is a 401.
func TestRejections(t *testing.T) {
	e := newTestEnv(t, nil)
	b := e.start("borrower", "cust-1001")
	other := e.start("borrower", "cust-2002")
	portal := e.start("portal", "staff-7")
	key := e.m.TokenKeyForTest()
	good := claimsOf(t, b.token)

	with := func(edit func(jwt.MapClaims)) jwt.MapClaims {
		cl := maps.Clone(good)
		edit(cl)
		return cl
	}
	sign := func(m jwt.SigningMethod, cl jwt.MapClaims, k any) string {
		s, err := jwt.NewWithClaims(m, cl).SignedString(k)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	b64 := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	parts := strings.Split(b.token, ".")
	// hand builds a token from a raw header, the genuine payload and a signature.
	hand := func(header, sig string) string { return b64(header) + "." + parts[1] + "." + sig }
	hmacSig := func(header string) string {
		s, err := jwt.SigningMethodHS256.Sign(b64(header)+"."+parts[1], key)
		if err != nil {
			t.Fatal(err)
		}
		return base64.RawURLEncoding.EncodeToString(s)
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(s string, i int) string {
		c := byte('A')
		if s[i] == 'A' {
			c = 'B'
		}
		return s[:i] + string(c) + s[i+1:]
	}

	cases := []struct {
		name    string
		token   string
		cookies []*http.Cookie
		path    string
	}{
		{"no token", "", []*http.Cookie{b.cookie}, ""},
		{"alg none (library)", sign(jwt.SigningMethodNone, good, jwt.UnsafeAllowNoneSignatureType), nil, ""},
		{"alg none, empty signature", hand(`{"alg":"none","typ":"JWT"}`, ""), nil, ""},
		{"alg None, genuine signature", hand(`{"alg":"None","typ":"JWT"}`, parts[2]), nil, ""},
		{"alg NONE", hand(`{"alg":"NONE","typ":"JWT"}`, ""), nil, ""},
		{"no alg", hand(`{"typ":"JWT"}`, parts[2]), nil, ""},
		{"HS512 with the right key", sign(jwt.SigningMethodHS512, good, key), nil, ""},
		{"HS384 with the right key", sign(jwt.SigningMethodHS384, good, key), nil, ""},
		{"RS256", sign(jwt.SigningMethodRS256, good, rsaKey), nil, ""},
		{"RS256 header, HMAC signature (key confusion)", hand(`{"alg":"RS256","typ":"JWT"}`, hmacSig(`{"alg":"RS256","typ":"JWT"}`)), nil, ""},
		{"hs256 in lower case", hand(`{"alg":"hs256","typ":"JWT"}`, hmacSig(`{"alg":"hs256","typ":"JWT"}`)), nil, ""},
		{"signed with the raw secret, not the derived key", sign(jwt.SigningMethodHS256, good, testSecret), nil, ""},
		{"missing exp", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { delete(c, "exp") }), key), nil, ""},
		{"wrong audience", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["aud"] = "portal" }), key), nil, ""},
		{"no audience", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { delete(c, "aud") }), key), nil, ""},
		{"two audiences", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["aud"] = []string{"borrower", "portal"} }), key), nil, ""},
		{"portal session on a borrower route", portal.token, []*http.Cookie{portal.cookie}, ""},
		{"borrower session on a portal route", b.token, []*http.Cookie{b.cookie, {Name: portal.cookie.Name, Value: b.cookie.Value}}, "/portal/me"},
		{"tampered signature", parts[0] + "." + parts[1] + "." + flip(parts[2], 10), nil, ""},
		{"tampered payload", parts[0] + "." + strings.Split(other.token, ".")[1] + "." + parts[2], nil, ""},
		{"unknown sid", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["sid"] = strings.Repeat("A", 32) }), key), nil, ""},
		{"malformed sid", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["sid"] = "../../x" }), key), nil, ""},
		{"no sid", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { delete(c, "sid") }), key), nil, ""},
		{"sub of someone else", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["sub"] = claimsOf(t, other.token)["sub"] }), key), nil, ""},
		{"not yet valid", sign(jwt.SigningMethodHS256, with(func(c jwt.MapClaims) { c["nbf"] = t0.Add(time.Hour).Unix() }), key), nil, ""},
		{"token without its cookie", b.token, []*http.Cookie{}, ""},
		{"token with an empty cookie", b.token, []*http.Cookie{{Name: b.cookie.Name, Value: ""}}, ""},
		{"token with another session's cookie", b.token, []*http.Cookie{{Name: b.cookie.Name, Value: other.cookie.Value}}, ""},
		{"token with its cookie under another name", b.token, []*http.Cookie{{Name: "lender_session", Value: b.cookie.Value}}, ""},
		{"Bearer prefix", "Bearer " + b.token, nil, ""},
		{"oversized", b.token + strings.Repeat("A", 4096), nil, ""},
		{"garbage", "a.b.c", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cookies := tc.cookies
			if cookies == nil {
				cookies = []*http.Cookie{b.cookie}
			}
			path := tc.path
			if path == "" {
				path = "/borrower/me"
			}
			wantUnauthenticated(t, e.get(path, tc.token, cookies...))
		})
	}

	// The genuine article still works, and so do the other sessions: nothing above harmed them.
	wantOK(t, e.me(b))
	wantOK(t, e.me(other))
	wantOK(t, e.get("/portal/me", portal.token, portal.cookie))

	t.Run("expired", func(t *testing.T) {
		e.clock.Advance(15 * time.Minute) // exp is exactly now
		wantUnauthenticated(t, e.me(b))
	})
}

func httptestRequest(method, url string) *http.Request {
	req, err := http.NewRequestWithContext(context.Background(), method, url, nil)
	if err != nil {
		panic(err)
	}
	return req
}
