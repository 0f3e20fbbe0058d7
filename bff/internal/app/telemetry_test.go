package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	sandboxtelemetry "lender/sandbox/telemetry"
)

// captured is what the stack's sandbox received from the telemetry tunnels (?event= filters).
func captured(t *testing.T, st *stack, query string) sandboxtelemetry.Capture {
	t.Helper()
	res, err := http.Get(st.upstream.URL + "/_sandbox/telemetry" + query)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c sandboxtelemetry.Capture
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c
}

func telemetryConfig(t *testing.T, st *stack) apigen.TelemetryConfig {
	t.Helper()
	res, env := st.call(http.MethodGet, st.api+"/telemetry/config", nil, nil, nil)
	if res.StatusCode != http.StatusOK || env.Status != 200 {
		t.Fatalf("telemetry/config: HTTP %d %+v", res.StatusCode, env)
	}
	var c apigen.TelemetryConfig
	if err := json.Unmarshal(env.ResultData, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// sentryEnvelope is an envelope as the browser SDK builds it: a header, then an event item with its
// length.
func sentryEnvelope(dsn, eventID, excType, excValue string) string {
	payload := fmt.Sprintf(`{"event_id":%q,"level":"error","platform":"javascript","exception":{"values":[{"type":%q,"value":%q,"stacktrace":{"frames":[{"filename":"app.js","lineno":12}]}}]},"tags":{"pageName":"quote_review","brand":"default"}}`,
		eventID, excType, excValue)
	return fmt.Sprintf(`{"event_id":%q,"sent_at":"2026-11-21T10:00:00.000Z","dsn":%q,"sdk":{"name":"sentry.javascript.react","version":"9.0.0"}}`, eventID, dsn) +
		"\n" + fmt.Sprintf(`{"type":"event","length":%d}`, len(payload)) + "\n" + payload + "\n" +
		`{"type":"client_report"}` + "\n" + `{"timestamp":1700000000,"discarded_events":[]}` + "\n"
}

func postEnvelope(t *testing.T, st *stack, body string) (*http.Response, envelope) {
	t.Helper()
	// The SDK's tunnel transport posts the envelope as text/plain, which needs no CORS preflight.
	return st.call(http.MethodPost, st.api+"/telemetry/errors", strings.NewReader(body), nil,
		map[string]string{"Content-Type": "text/plain;charset=UTF-8"})
}

func TestTelemetryConfigAnswersTheConfiguredSettings(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{
		"BFF_TELEMETRY_PRODUCTION_HOST":       "apply.meadow.example",
		"BFF_TELEMETRY_TEST_APPLICATION_HOST": "test-apply.meadow.example",
		"BFF_TELEMETRY_RELEASE":               "borrower@1.2.3",
	})
	got := telemetryConfig(t, st)
	want := apigen.TelemetryConfig{
		ErrorReportingDsn:   "http://sandbox@localhost:8090/1",
		AnalyticsKey:        "phc_sandbox",
		ProductionHost:      "apply.meadow.example",
		TestApplicationHost: "test-apply.meadow.example",
		Release:             "borrower@1.2.3",
	}
	if got != want {
		t.Fatalf("telemetry/config %+v, want %+v", got, want)
	}
}

func TestAnErrorEnvelopeReachesTheSandboxThroughTheTunnel(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	dsn := telemetryConfig(t, st).ErrorReportingDsn
	body := sentryEnvelope(dsn, "0123456789abcdef0123456789abcdef", "TypeError", "Cannot read properties of undefined (reading 'amount')")

	res, env := postEnvelope(t, st, body)
	if res.StatusCode != http.StatusOK || env.Status != 200 || env.ErrorCode != 0 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	got := captured(t, st, "").Errors
	if len(got) != 1 {
		t.Fatalf("the sandbox captured %d envelopes, want 1", len(got))
	}
	r := got[0]
	if r.Raw != body {
		t.Fatalf("the envelope was changed on the way:\n got %q\nwant %q", r.Raw, body)
	}
	if r.DSN != dsn || r.EventID != "0123456789abcdef0123456789abcdef" || r.Level != "error" {
		t.Fatalf("report %+v", r)
	}
	if r.Exception == nil || r.Exception.Type != "TypeError" || r.Exception.Value != "Cannot read properties of undefined (reading 'amount')" {
		t.Fatalf("exception %+v", r.Exception)
	}
	if r.Tags["pageName"] != "quote_review" || strings.Join(r.ItemTypes, ",") != "event,client_report" {
		t.Fatalf("tags %v, items %v", r.Tags, r.ItemTypes)
	}
}

func TestTheErrorTunnelRefusesEnvelopesItShouldNotRelay(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	dsn := telemetryConfig(t, st).ErrorReportingDsn
	cases := []struct {
		name     string
		body     string
		wantHTTP int
		wantCode int
	}{
		{"another project's DSN", sentryEnvelope("https://abc@o1.ingest.example/42", "e1", "Error", "x"), 400, 100400},
		{"no DSN", `{"event_id":"e2"}` + "\n" + `{"type":"event"}` + "\n" + `{}`, 400, 100400},
		{"not an envelope", "hello there", 400, 100400},
		{"empty", "", 400, 100400},
		{"over the size limit", sentryEnvelope(dsn, "e3", "Error", strings.Repeat("a", 200001)), 400, 100400},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, env := postEnvelope(t, st, tc.body)
			if res.StatusCode != tc.wantHTTP || env.ErrorCode != tc.wantCode {
				t.Fatalf("HTTP %d %+v, want %d %d", res.StatusCode, env, tc.wantHTTP, tc.wantCode)
			}
		})
	}
	if got := captured(t, st, "").Errors; len(got) != 0 {
		t.Fatalf("the sandbox captured %d refused envelopes", len(got))
	}
}

func TestTheErrorTunnelSaysWhenTheReceiverFails(t *testing.T) {
	t.Parallel()
	t.Run("the receiver answers a fault", func(t *testing.T) {
		st := startStack(t, nil)
		post(t, st.upstream.URL+"/_sandbox/faults", `{"provider":"telemetry","status":500}`)
		res, env := postEnvelope(t, st, sentryEnvelope(telemetryConfig(t, st).ErrorReportingDsn, "e1", "Error", "x"))
		if res.StatusCode != http.StatusBadGateway || env.ErrorCode != 100510 {
			t.Fatalf("HTTP %d %+v, want 502 100510", res.StatusCode, env)
		}
	})
	t.Run("the receiver cannot be reached", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		closed := "http://" + l.Addr().String() + "/errors"
		_ = l.Close()
		st := startStack(t, map[string]string{"BFF_TELEMETRY_ERROR_REPORTING_URL": closed})
		res, env := postEnvelope(t, st, sentryEnvelope(telemetryConfig(t, st).ErrorReportingDsn, "e1", "Error", "x"))
		if res.StatusCode != http.StatusServiceUnavailable || env.ErrorCode != 100503 {
			t.Fatalf("HTTP %d %+v, want 503 100503", res.StatusCode, env)
		}
		if strings.Contains(st.logs.String(), l.Addr().String()) {
			t.Fatal("the log names the forwarding address")
		}
	})
}

func TestAnAnalyticsBatchReachesTheSandboxThroughTheTunnel(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	key := telemetryConfig(t, st).AnalyticsKey
	batch := `{"api_key":"` + key + `","sent_at":"2026-11-21T10:00:03Z","batch":[
	  {"event":"$pageview","distinct_id":"lender_qa_12345","timestamp":"2026-11-21T10:00:00Z","properties":{"$current_url":"http://localhost:8080/#/quote"}},
	  {"event":"front_end_error","distinct_id":"lender_qa_12345","timestamp":"2026-11-21T10:00:01Z","uuid":"0193c0de-0000-7000-8000-000000000001","properties":{
	    "message":"TypeError: cannot read 'amount' of undefined",
	    "info":"The above error occurred in the <Quote> component",
	    "componentName":"Quote",
	    "stack":"at Quote (http://localhost:8080/assets/index-AbCd1234.js:12:34)",
	    "pageName":"quote_review",
	    "$ip":"203.0.113.7",
	    "$current_url":"http://localhost:8080/#/login/emailMagicLink?token=c2VjcmV0LXNpZ24taW4tdG9rZW4",
	    "$lib":"web",
	    "$set":{"email_hint":"jo.tester@example.com"}
	  }}
	]}`
	res, env := st.call(http.MethodPost, st.api+"/telemetry/analytics/batch", strings.NewReader(batch), nil, nil)
	if res.StatusCode != http.StatusOK || env.Status != 200 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	if got := captured(t, st, "").Events; len(got) != 2 {
		t.Fatalf("the sandbox captured %d events, want 2", len(got))
	}
	events := captured(t, st, "?event=front_end_error").Events
	if len(events) != 1 {
		t.Fatalf("%d front_end_error events, want 1", len(events))
	}
	e := events[0]
	if e.DistinctID != "lender_qa_12345" || e.APIKey != key || e.Timestamp != "2026-11-21T10:00:01Z" {
		t.Fatalf("event %+v", e)
	}
	want := map[string]string{
		"message":       "TypeError: cannot read 'amount' of undefined",
		"info":          "The above error occurred in the <Quote> component",
		"componentName": "Quote",
		"stack":         "at Quote (http://localhost:8080/assets/index-AbCd1234.js:12:34)",
		"pageName":      "quote_review",
		"$lib":          "web",
		"$current_url":  "http://localhost:8080/#/login/emailMagicLink?[query]",
	}
	for k, v := range want {
		if e.Properties[k] != v {
			t.Errorf("property %s = %v, want %q", k, e.Properties[k], v)
		}
	}
	if _, ok := e.Properties["$ip"]; ok {
		t.Error("the client's IP address was forwarded")
	}
	if set, _ := e.Properties["$set"].(map[string]any); set["email_hint"] != "[email]" {
		t.Errorf("nested personal data was forwarded: %v", e.Properties["$set"])
	}
	if strings.Contains(st.logs.String(), "quote_review") {
		t.Error("the BFF logged an analytics body")
	}
}

func TestTheAnalyticsTunnelRefusesAnotherProjectsKey(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	for name, body := range map[string]string{
		"another key": `{"api_key":"phc_someone_else","batch":[{"event":"x","distinct_id":"d","timestamp":"2026-11-21T10:00:00Z","properties":{}}]}`,
		"not a batch": `{"api_key":"phc_sandbox","batch":[]}`,
	} {
		res, env := st.call(http.MethodPost, st.api+"/telemetry/analytics/batch", strings.NewReader(body), nil, nil)
		if res.StatusCode != http.StatusBadRequest || env.ErrorCode != 100400 {
			t.Errorf("%s: HTTP %d %+v, want 400", name, res.StatusCode, env)
		}
	}
	if got := captured(t, st, "").Events; len(got) != 0 {
		t.Fatalf("the sandbox captured %d refused events", len(got))
	}
}

func TestAResetEmptiesTheTelemetryCapture(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	if res, _ := postEnvelope(t, st, sentryEnvelope(telemetryConfig(t, st).ErrorReportingDsn, "e1", "Error", "x")); res.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d", res.StatusCode)
	}
	post(t, st.upstream.URL+"/_sandbox/reset", "")
	if c := captured(t, st, ""); len(c.Errors) != 0 || len(c.Events) != 0 {
		t.Fatalf("after reset the capture holds %+v", c)
	}
}

func TestProductionStartsWithTelemetryOffUntilConfigured(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_PROFILE": "production", "BFF_UPSTREAM_PAYMENTS_SECRET": "a-production-payments-secret",
		"BFF_UPSTREAM_PAYMENTS_WEBHOOK_URL": "http://127.0.0.1:1/webhooks/payments"})
	if c := telemetryConfig(t, st); c.ErrorReportingDsn != "" || c.AnalyticsKey != "" {
		t.Fatalf("production telemetry/config %+v: the sandbox DSN and key must not reach production", c)
	}
	res, env := postEnvelope(t, st, sentryEnvelope("http://sandbox@localhost:8090/1", "e1", "Error", "x"))
	if res.StatusCode != http.StatusBadRequest || env.ErrorCode != 100400 {
		t.Fatalf("HTTP %d %+v: the tunnel relayed with reporting off", res.StatusCode, env)
	}
	if got := captured(t, st, "").Errors; len(got) != 0 {
		t.Fatalf("captured %d envelopes", len(got))
	}

	// Configured, it forwards (here to the stack's own receiver, the default forwarding URL).
	const dsn = "https://key@errors.lender.example/7"
	st = startStack(t, map[string]string{"BFF_PROFILE": "production", "BFF_TELEMETRY_ERROR_REPORTING_DSN": dsn,
		"BFF_UPSTREAM_PAYMENTS_SECRET": "a-production-payments-secret", "BFF_UPSTREAM_PAYMENTS_WEBHOOK_URL": "http://127.0.0.1:1/webhooks/payments"})
	if res, env := postEnvelope(t, st, sentryEnvelope(dsn, "e2", "Error", "x")); res.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	if got := captured(t, st, "").Errors; len(got) != 1 || got[0].DSN != dsn {
		t.Fatalf("captured %+v", got)
	}
}

// tunnelAnswer is what a browser behind address ip sees of one telemetry tunnel request.
type tunnelAnswer struct {
	status     int
	env        envelope
	retryAfter string
	err        error
}

// postTunnel posts body to a tunnel as if from ip, through the stack's trusted proxy. It does not
// fail the test itself, so that goroutines can use it.
func postTunnel(st *stack, path, contentType, body, ip string) tunnelAnswer {
	req, err := http.NewRequest(http.MethodPost, st.api+path, strings.NewReader(body))
	if err != nil {
		return tunnelAnswer{err: err}
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("X-Forwarded-For", ip)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return tunnelAnswer{err: err}
	}
	defer res.Body.Close()
	a := tunnelAnswer{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After")}
	a.err = json.NewDecoder(res.Body).Decode(&a.env)
	return a
}

// TestTheTelemetryTunnelsAreLimitedPerClientIP: requests from one client IP to both tunnels share
// one budget per window; past it the answer is 429 with the catalogue's 100429 envelope and
// Retry-After, however many arrive at once, and nothing more is forwarded. Another IP has its own.
// It runs alone, before the parallel tests: its burst must meet the BFF's Redis bound on its own.
func TestTheTelemetryTunnelsAreLimitedPerClientIP(t *testing.T) {
	const limit = 7
	st := startStack(t, map[string]string{
		"BFF_TELEMETRY_REQUESTS_PER_IP": fmt.Sprint(limit),
		"BFF_HTTP_TRUSTED_PROXIES":      "127.0.0.1",
	})
	cfg := telemetryConfig(t, st)
	batch := func(n int) string {
		return fmt.Sprintf(`{"api_key":%q,"batch":[{"event":"limit_%d","distinct_id":"d","timestamp":"2026-11-21T10:00:00Z","properties":{}}]}`, cfg.AnalyticsKey, n)
	}
	const office, elsewhere = "203.0.113.7", "198.51.100.20"

	answers := make(chan tunnelAnswer, 3*limit)
	var wg sync.WaitGroup
	for i := range 3 * limit {
		wg.Go(func() { answers <- postTunnel(st, "/telemetry/analytics/batch", "application/json", batch(i), office) })
	}
	wg.Wait()
	close(answers)
	var accepted, refused int
	for a := range answers {
		switch {
		case a.err != nil:
			t.Fatal(a.err)
		case a.status == http.StatusOK && a.env.Status == 200:
			accepted++
		case a.status == http.StatusTooManyRequests:
			wantRefusal(t, a)
			refused++
		default:
			t.Fatalf("HTTP %d %+v", a.status, a.env)
		}
	}
	if accepted != limit || refused != 2*limit {
		t.Fatalf("%d accepted and %d refused, want %d and %d", accepted, refused, limit, 2*limit)
	}
	if got := captured(t, st, "").Events; len(got) != limit {
		t.Fatalf("the sandbox received %d events, want the %d accepted", len(got), limit)
	}

	// The error tunnel shares the budget: the same address is refused there too.
	envelopeBody := sentryEnvelope(cfg.ErrorReportingDsn, "e1", "Error", "x")
	wantRefusal(t, postTunnel(st, "/telemetry/errors", "text/plain;charset=UTF-8", envelopeBody, office))
	if got := captured(t, st, "").Errors; len(got) != 0 {
		t.Fatalf("a refused envelope was forwarded")
	}

	// Another address is not held back by the first one's traffic.
	for _, a := range []tunnelAnswer{
		postTunnel(st, "/telemetry/errors", "text/plain;charset=UTF-8", envelopeBody, elsewhere),
		postTunnel(st, "/telemetry/analytics/batch", "application/json", batch(99), elsewhere),
	} {
		if a.err != nil || a.status != http.StatusOK || a.env.Status != 200 {
			t.Fatalf("another address: HTTP %d %+v (%v)", a.status, a.env, a.err)
		}
	}

	// The counters name no address.
	for _, k := range st.rdb().Keys(context.Background(), "*").Val() {
		if strings.Contains(k, office) || strings.Contains(k, elsewhere) {
			t.Fatalf("Redis key %q names a client address", k)
		}
	}
}

// wantRefusal checks a rate-limit refusal: 429, the 100429 envelope and a Retry-After within the
// one-minute window.
func wantRefusal(t *testing.T, a tunnelAnswer) {
	t.Helper()
	if a.err != nil || a.status != http.StatusTooManyRequests || a.env.Status != 429 || a.env.ErrorCode != int(web.CodeRateLimited) ||
		!strings.HasPrefix(a.env.ErrorMessage, "Too many attempts. Please wait ") {
		t.Fatalf("HTTP %d %+v (%v), want 429 100429", a.status, a.env, a.err)
	}
	if s, err := strconv.Atoi(a.retryAfter); err != nil || s < 1 || s > 60 {
		t.Fatalf("Retry-After %q, want 1–60 seconds", a.retryAfter)
	}
}
