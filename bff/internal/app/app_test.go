package app

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
)

func TestBrandComesFromTheConfiguration(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	cases := []struct {
		name, query  string
		wantHTTP     int
		wantCode     int
		wantBrand    string
		wantMentions string
		wantField    string
	}{
		{"default brand", "", 200, 0, "default", "", ""},
		{"white-label brand", "?clientName=harbour", 200, 0, "harbour", "", ""},
		{"unknown brand", "?clientName=nobody", 400, 100400, "", "nobody", ""},
		{"malformed name", "?clientName=Not%20A%20Name%3Cscript%3E", 400, 100400, "", "", "clientName"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams"+tc.query, nil, nil, nil)
			if res.StatusCode != tc.wantHTTP {
				t.Fatalf("HTTP %d, want %d (%+v)", res.StatusCode, tc.wantHTTP, env)
			}
			if env.ErrorCode != tc.wantCode {
				t.Fatalf("errorCode %d, want %d (%q)", env.ErrorCode, tc.wantCode, env.ErrorMessage)
			}
			if tc.wantMentions != "" && !strings.Contains(env.ErrorMessage, tc.wantMentions) {
				t.Fatalf("message %q does not mention %q", env.ErrorMessage, tc.wantMentions)
			}
			if tc.wantField != "" {
				wantFieldRefusal(t, res, env, web.GenericFieldMessage(), tc.wantField)
			}
			if tc.wantBrand == "" {
				return
			}
			var brand apigen.BrandConfig
			if err := json.Unmarshal(env.ResultData, &brand); err != nil {
				t.Fatal(err)
			}
			if env.Status != 200 || brand.ClientName != tc.wantBrand || brand.DisplayName == "" || !strings.HasPrefix(brand.Primary, "#") {
				t.Fatalf("brand %+v", brand)
			}
		})
	}
}

func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	for _, path := range []string{"/api/v2/lender/eligibility/getRebrandParams", "/api/v2/lender/no/such/call", "/", "/finance-portal/", "/healthz", "/assets/missing-123.js"} {
		res, _ := st.call(http.MethodGet, st.base+path, nil, nil, nil)
		csp := res.Header.Get("Content-Security-Policy")
		for _, directive := range []string{"object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'"} {
			if !strings.Contains(csp, directive) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, directive)
			}
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: nosniff=%q referrer=%q", path, res.Header.Get("X-Content-Type-Options"), res.Header.Get("Referrer-Policy"))
		}
		if res.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s: no request id", path)
		}
		if strings.HasPrefix(path, "/api/") && res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: API Cache-Control %q", path, res.Header.Get("Cache-Control"))
		}
		if res.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS sent outside production", path)
		}
	}
}

func TestUnknownAPIRouteIsAnEnvelope404(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	res, env := st.call(http.MethodGet, st.api+"/no/such/call", nil, nil, nil)
	if res.StatusCode != 404 || env.ErrorCode != 100404 || env.Status != 404 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
}

func TestBodyOverOneMebibyteIs413WithTheEnvelope(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	huge := `{"message":"` + strings.Repeat("a", 1<<20) + `"}`
	res, env := st.call(http.MethodPost, st.api+"/matrix/frontLog", strings.NewReader(huge), nil, nil)
	if res.StatusCode != http.StatusRequestEntityTooLarge || env.ErrorCode != 100413 {
		t.Fatalf("declared length: HTTP %d %+v", res.StatusCode, env)
	}
	// A chunked body declares no length: the limit must still hold while it is read.
	req, _ := http.NewRequest(http.MethodPost, st.api+"/matrix/frontLog", io.MultiReader(strings.NewReader(huge)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	chunked, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer chunked.Body.Close()
	var cenv envelope
	_ = json.NewDecoder(chunked.Body).Decode(&cenv)
	if chunked.StatusCode != http.StatusRequestEntityTooLarge || cenv.ErrorCode != 100413 {
		t.Fatalf("chunked: HTTP %d %+v", chunked.StatusCode, cenv)
	}
}

func TestBadInputGetsAClearMessage(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	// The error log is nothing a person types: its failures get the generic message, naming the field.
	cases := []struct{ name, body, field string }{
		{"not JSON", `{"message":`, ""},
		{"missing required field", `{"stack":"x"}`, "message"},
		{"field too long", `{"message":"` + strings.Repeat("x", 2001) + `"}`, "message"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, env := st.call(http.MethodPost, st.api+"/matrix/frontLog", strings.NewReader(tc.body), nil, nil)
			wantFieldRefusal(t, res, env, web.GenericFieldMessage(), tc.field)
		})
	}
	res, env := st.call(http.MethodPost, st.api+"/matrix/frontLog", strings.NewReader(`{"message":"boom at jane@example.com"}`), nil, nil)
	if res.StatusCode != 200 || env.Status != 200 {
		t.Fatalf("a valid log was refused: HTTP %d %+v", res.StatusCode, env)
	}
	if strings.Contains(st.logs.String(), "jane@example.com") {
		t.Fatal("the front-end log kept an e-mail address")
	}
}

func TestAccessLogHasNoQueryStringsTokensOrCookies(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.signIn("customer-42")
	res, _ := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=harbour", nil, &creds, nil)
	if res.StatusCode != 200 {
		t.Fatalf("HTTP %d", res.StatusCode)
	}
	logs := st.logs.String()
	for _, secret := range []string{creds.token, creds.cookie.Value, "clientName=harbour", "customer-42"} {
		if strings.Contains(logs, secret) {
			t.Fatalf("the log contains %q:\n%s", secret, logs)
		}
	}
	var line map[string]any
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, `"msg":"request"`) && strings.Contains(l, "getRebrandParams") {
			_ = json.Unmarshal([]byte(l), &line)
		}
	}
	if line["route"] != "/api/v2/lender/eligibility/getRebrandParams" || line["status"] != float64(200) || line["requestId"] == "" || line["actor"] == nil {
		t.Fatalf("access log line %v", line)
	}
}

func TestPanicAnswersTheEnvelopeAndLogsARedactedDump(t *testing.T) {
	t.Parallel()
	st := startStackWith(t, stackOptions{prepare: func(s *Server) {
		s.engine.GET("/api/v2/lender/test/panic", func(*gin.Context) { panic("handler bug") })
	}})
	res, env := st.call(http.MethodGet, st.api+"/test/panic", nil, nil, map[string]string{
		"accessToken": "eyJhbGciOiJIUzI1NiJ9.secret-token-value.sig",
		"Cookie":      "lender_session_borrower=cookie-secret-value",
	})
	if res.StatusCode != 500 || env.ErrorCode != 100500 || env.ErrorMessage != "Internal Server Error" {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	logs := st.logs.String()
	if !strings.Contains(logs, "panic serving request") || !strings.Contains(logs, "handler bug") {
		t.Fatalf("the panic was not logged:\n%s", logs)
	}
	if strings.Contains(logs, "secret-token-value") || strings.Contains(logs, "cookie-secret-value") {
		t.Fatalf("the dump leaked a credential:\n%s", logs)
	}
}

func TestStaticAppsAreServedWithTheirCachingRules(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noRedirect.Get(st.base + "/finance-portal")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/finance-portal/" {
		t.Fatalf("/finance-portal: HTTP %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	cases := []struct {
		path, wantBody, wantCache string
		wantStatus                int
	}{
		{"/", "<title>borrower</title>", "no-cache", 200},
		{"/loan/purpose", "<title>borrower</title>", "no-cache", 200},
		{"/assets/index-AbCd1234.js", "app = 'borrower'", "public, max-age=31536000, immutable", 200},
		{"/finance-portal/", "<title>portal</title>", "no-cache", 200},
		{"/finance-portal/assets/index-AbCd1234.js", "app = 'portal'", "public, max-age=31536000, immutable", 200},
		{"/assets/missing-00000000.js", "not found", "", 404},
		{"/finance-portal/assets/missing.css", "not found", "", 404},
	}
	for _, tc := range cases {
		res, err := http.Get(st.base + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body) // the Go client asks for gzip and unzips transparently
		res.Body.Close()
		if res.StatusCode != tc.wantStatus || !strings.Contains(string(body), tc.wantBody) {
			t.Errorf("%s: HTTP %d body %.80q", tc.path, res.StatusCode, body)
		}
		if tc.wantCache != "" && res.Header.Get("Cache-Control") != tc.wantCache {
			t.Errorf("%s: Cache-Control %q, want %q", tc.path, res.Header.Get("Cache-Control"), tc.wantCache)
		}
		if tc.wantStatus == 200 && !res.Uncompressed && strings.HasSuffix(tc.path, ".js") {
			t.Errorf("%s: not sent gzipped to a client that accepts gzip", tc.path)
		}
	}
}

func TestMetricsAreOnTheInternalListener(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	st.call(http.MethodGet, st.api+"/ledger/loanProduct", nil, nil, nil)
	res, err := http.Get("http://" + st.srv.MetricsAddr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	text := string(body)
	for _, want := range []string{
		`bff_http_requests_total{method="GET",route="/api/v2/lender/ledger/loanProduct",status="200"} 1`,
		`bff_http_request_duration_seconds_bucket{method="GET",route="/api/v2/lender/ledger/loanProduct"`,
		`bff_upstream_calls_total{operation="product.get",outcome="ok",provider="lending"} 1`,
		`bff_upstream_call_duration_seconds_bucket{provider="lending"`,
		`bff_upstream_circuit_state{provider="lending"} 0`,
		`bff_redis_pool_connections`,
		`bff_redis_pool_hits_total`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	// The public listener does not expose them.
	pub, _ := http.Get(st.base + "/metrics")
	pubBody, _ := io.ReadAll(pub.Body)
	pub.Body.Close()
	if bytes.Contains(pubBody, []byte("bff_http_requests_total")) {
		t.Fatal("metrics are reachable on the public listener")
	}
}

func TestReadinessFollowsRedisAndTheUpstreams(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	if res, _ := st.call(http.MethodGet, st.base+"/readyz", nil, nil, nil); res.StatusCode != 200 {
		t.Fatalf("readyz %d with everything up", res.StatusCode)
	}
	// The lending core starts failing: readiness names it.
	post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"lending","status":503}`)
	res, err := http.Get(st.base + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	var report struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	_ = json.NewDecoder(res.Body).Decode(&report)
	res.Body.Close()
	if res.StatusCode != 503 || report.Checks["lending"] != "failing" || report.Checks["redis"] != "ok" {
		t.Fatalf("readyz %d %+v", res.StatusCode, report)
	}
	if res, _ := st.call(http.MethodGet, st.base+"/healthz", nil, nil, nil); res.StatusCode != 200 {
		t.Fatalf("healthz %d: liveness must not depend on upstreams", res.StatusCode)
	}
}

func TestRedisStoppedFailsClosedWith503AndRecovers(t *testing.T) {
	t.Parallel()
	// At the product's Redis bound (bff/config.yaml), not the tests' generous one.
	st := startStackWith(t, stackOptions{ownRedis: true, env: map[string]string{"BFF_REDIS_TIMEOUT": ""}})
	creds := st.signIn("customer-7")
	if res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &creds, nil); res.StatusCode != 200 {
		t.Fatalf("signed-in call before the outage: HTTP %d %+v", res.StatusCode, env)
	}

	st.redis.Stop()
	start := time.Now()
	res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &creds, nil)
	elapsed := time.Since(start)
	if res.StatusCode != 503 || env.ErrorCode != 100503 || env.Status != 503 {
		t.Fatalf("with Redis down: HTTP %d %+v (must be 503, never 401)", res.StatusCode, env)
	}
	t.Logf("with Redis stopped a protected call answered 503 in %v", elapsed)
	// The deadline ended it, not go-redis's own timeouts: how fast is a `make bench` figure
	// (BenchmarkFailClosedRedisFrozen), since on the shared CI machine the scheduler adds to any request.
	if ceiling := 2 * session.DefaultRedisTimeout; elapsed > ceiling {
		t.Fatalf("with Redis down the answer took %v, want within %v", elapsed, ceiling)
	}
	if res, _ := st.call(http.MethodGet, st.base+"/readyz", nil, nil, nil); res.StatusCode != 503 {
		t.Fatalf("readyz %d with Redis down", res.StatusCode)
	}
	if res, _ := st.call(http.MethodGet, st.base+"/healthz", nil, nil, nil); res.StatusCode != 200 {
		t.Fatalf("healthz %d with Redis down", res.StatusCode)
	}

	st.redis.Restart() // a new, empty redis-server on the same port: the BFF is not restarted
	fresh := st.signIn("customer-7")
	if res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &fresh, nil); res.StatusCode != 200 || env.Status != 200 {
		t.Fatalf("after Redis returned: HTTP %d %+v", res.StatusCode, env)
	}
	if res, _ := st.call(http.MethodGet, st.base+"/readyz", nil, nil, nil); res.StatusCode != 200 {
		t.Fatalf("readyz %d after Redis returned", res.StatusCode)
	}
}

func TestAPresentedTokenIsAlwaysVerified(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	creds := st.signIn("customer-9")
	forged := credentials{token: creds.token + "x", cookie: creds.cookie}
	res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams", nil, &forged, nil)
	if res.StatusCode != 401 || env.ErrorCode != 100401 {
		t.Fatalf("a tampered token on an optional-session call: HTTP %d %+v", res.StatusCode, env)
	}
	// The service check takes no session, so a stale token never turns it into a log-out.
	res, env = st.call(http.MethodGet, st.api+"/application/getServiceDisable", nil, &forged, nil)
	if res.StatusCode != 200 || env.Status != 200 {
		t.Fatalf("getServiceDisable with a stale token: HTTP %d %+v", res.StatusCode, env)
	}
}

func post(t *testing.T, url, body string) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("POST %s: HTTP %d", url, res.StatusCode)
	}
}

func TestClientIPComesFromForwardedForOnlyThroughATrustedProxy(t *testing.T) {
	t.Parallel()
	echo := func(s *Server) {
		s.engine.GET("/test/client-ip", func(c *gin.Context) { c.String(http.StatusOK, c.ClientIP()) })
	}
	cases := []struct{ name, trusted, want string }{
		{"no proxy trusted", "", "127.0.0.1"},
		{"another proxy trusted", "10.0.0.0/8", "127.0.0.1"},
		{"this peer trusted", "127.0.0.1", "203.0.113.7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := startStackWith(t, stackOptions{env: map[string]string{"BFF_HTTP_TRUSTED_PROXIES": tc.trusted}, prepare: echo})
			req, _ := http.NewRequest(http.MethodGet, st.base+"/test/client-ip", nil)
			req.Header.Set("X-Forwarded-For", "203.0.113.7")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if string(body) != tc.want {
				t.Fatalf("client IP %q, want %q", body, tc.want)
			}
		})
	}
}

func TestTheRequestIDTravelsToTheUpstream(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	res, _ := st.call(http.MethodGet, st.api+"/ledger/loanProduct", nil, nil, nil)
	id := res.Header.Get("X-Request-Id")
	if len(id) != 24 {
		t.Fatalf("request id %q", id)
	}
	seen := st.upstreamRequestIDs()
	if len(seen) == 0 || seen[len(seen)-1] != id {
		t.Fatalf("the sandbox saw request ids %v, want the last to be %q", seen, id)
	}
}

func TestSandboxInfoFollowsTheSandboxSetting(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		setting string
		want    string
	}{{"true", `{"enabled":true}`}, {"false", `{"enabled":false}`}} {
		st := startStack(t, map[string]string{"BFF_SANDBOX_ENDPOINTS": tc.setting})
		res, env := st.call(http.MethodGet, st.api+"/sandbox/info", nil, nil, nil)
		if res.StatusCode != 200 || string(env.ResultData) != tc.want {
			t.Fatalf("BFF_SANDBOX_ENDPOINTS=%s: HTTP %d %s", tc.setting, res.StatusCode, env.ResultData)
		}
	}
}
