package transport_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lender/bff/upstream/transport"
	"lender/sandbox/server"
)

// sandbox is the real sandbox under httptest, with a count of the requests that reached each path
// and the last headers seen.
type sandbox struct {
	*httptest.Server
	mu      sync.Mutex
	hits    map[string]int
	headers []http.Header
}

func newSandbox(t testing.TB) *sandbox {
	t.Helper()
	sb := &sandbox{hits: map[string]int{}}
	s := server.New(server.Config{})
	sb.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, server.ControlPrefix) {
			sb.mu.Lock()
			sb.hits[r.Method+" "+r.URL.Path]++
			sb.headers = append(sb.headers, r.Header.Clone())
			sb.mu.Unlock()
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(sb.Close)
	return sb
}

func (sb *sandbox) count(methodPath string) int {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.hits[methodPath]
}

func (sb *sandbox) seen() []http.Header {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return append([]http.Header(nil), sb.headers...)
}

// fault injects a fault through the sandbox's control API.
func (sb *sandbox) fault(t testing.TB, body string) {
	t.Helper()
	resp, err := http.Post(sb.URL+"/_sandbox/faults", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /_sandbox/faults %s = %d", body, resp.StatusCode)
	}
}

func (sb *sandbox) clearFaults(t testing.TB) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, sb.URL+"/_sandbox/faults", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

// recorder is an Observer that keeps what it is told.
type recorder struct {
	mu       sync.Mutex
	calls    []string // "provider operation outcome"
	breakers []transport.BreakerState
}

func (r *recorder) ObserveCall(provider, operation, outcome string, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if d < 0 {
		outcome += " (negative duration)"
	}
	r.calls = append(r.calls, provider+" "+operation+" "+outcome)
}

func (r *recorder) ObserveBreaker(_ string, s transport.BreakerState) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.breakers = append(r.breakers, s)
}

func (r *recorder) lastCall() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.calls) == 0 {
		return ""
	}
	return r.calls[len(r.calls)-1]
}

func (r *recorder) breakerStates() []transport.BreakerState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]transport.BreakerState(nil), r.breakers...)
}

// testConfig is DefaultConfig with waits short enough for tests.
func testConfig(base string) transport.Config {
	cfg := transport.DefaultConfig(base)
	cfg.RetryBackoff = time.Millisecond
	cfg.Retries = 2
	cfg.BreakerFailures = 100 // out of the way unless a test is about it
	return cfg
}

type health struct {
	Status string `json:"status"`
}

func TestCallsAgainstTheSandbox(t *testing.T) {
	tests := []struct {
		name     string
		fault    string // body of POST /_sandbox/faults, "" for none
		cfg      func(*transport.Config)
		ctx      func() (context.Context, context.CancelFunc)
		req      transport.Request
		wantErr  func(error) bool
		outcome  string
		wantHits int
	}{
		{
			name: "GET ok", req: transport.Request{Operation: "health", Path: "/health"},
			wantErr: noError, outcome: transport.OutcomeOK, wantHits: 1,
		},
		{
			name:    "404 is a StatusError with the upstream code, not retried",
			req:     transport.Request{Operation: "brands.get", Path: "/brands/nobody"},
			wantErr: isStatus(http.StatusNotFound, "brand_not_found"), outcome: transport.OutcomeClientError, wantHits: 1,
		},
		{
			name: "forced 429 is a StatusError, not retried", fault: `{"provider":"lending","status":429}`,
			req:     transport.Request{Operation: "health", Path: "/health"},
			wantErr: isStatus(http.StatusTooManyRequests, server.CodeFault), outcome: transport.OutcomeClientError, wantHits: 1,
		},
		{
			name: "forced 503 on GET is retried then ErrUnavailable", fault: `{"provider":"lending","status":503}`,
			req:     transport.Request{Operation: "health", Path: "/health"},
			wantErr: is(transport.ErrUnavailable), outcome: transport.OutcomeServerError, wantHits: 3,
		},
		{
			name: "forced 500 on HEAD is retried", fault: `{"provider":"lending","status":500}`,
			req:     transport.Request{Operation: "health", Method: http.MethodHead, Path: "/health"},
			wantErr: is(transport.ErrUnavailable), outcome: transport.OutcomeServerError, wantHits: 3,
		},
		{
			name: "no retries when Retries is 0", fault: `{"provider":"lending","status":503}`,
			cfg:     func(c *transport.Config) { c.Retries = 0 },
			req:     transport.Request{Operation: "health", Path: "/health"},
			wantErr: is(transport.ErrUnavailable), outcome: transport.OutcomeServerError, wantHits: 1,
		},
		{
			name: "POST without an idempotency key is not retried", fault: `{"provider":"lending","status":503}`,
			req:     transport.Request{Operation: "health.post", Method: http.MethodPost, Path: "/health", Body: map[string]int{"n": 1}},
			wantErr: is(transport.ErrUnavailable), outcome: transport.OutcomeServerError, wantHits: 1,
		},
		{
			name: "POST with an idempotency key is retried", fault: `{"provider":"lending","status":503}`,
			req:     transport.Request{Operation: "health.post", Method: http.MethodPost, Path: "/health", IdempotencyKey: "key-1"},
			wantErr: is(transport.ErrUnavailable), outcome: transport.OutcomeServerError, wantHits: 3,
		},
		{
			name:    "POST 4xx with an idempotency key is not retried",
			req:     transport.Request{Operation: "brands.post", Method: http.MethodPost, Path: "/brands/default", IdempotencyKey: "key-2"},
			wantErr: isStatus(http.StatusMethodNotAllowed, "method_not_allowed"), outcome: transport.OutcomeClientError, wantHits: 1,
		},
		{
			name: "attempt timeout is ErrTimeout and not retried", fault: `{"provider":"lending","latencyMs":5000}`,
			cfg:     func(c *transport.Config) { c.Timeout = 50 * time.Millisecond },
			req:     transport.Request{Operation: "health", Path: "/health"},
			wantErr: is(transport.ErrTimeout), outcome: transport.OutcomeTimeout, wantHits: 1,
		},
		{
			name: "caller's deadline is ErrTimeout", fault: `{"provider":"lending","latencyMs":5000}`,
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 50*time.Millisecond)
			},
			req:     transport.Request{Operation: "health", Path: "/health"},
			wantErr: is(transport.ErrTimeout), outcome: transport.OutcomeTimeout, wantHits: 1,
		},
		{
			name: "caller's cancellation is context.Canceled, not a provider failure",
			ctx: func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx, cancel
			},
			req: transport.Request{Operation: "health", Path: "/health"},
			wantErr: func(err error) bool {
				return errors.Is(err, context.Canceled) && !errors.Is(err, transport.ErrUnavailable) && !errors.Is(err, transport.ErrTimeout)
			},
			outcome: transport.OutcomeCanceled, wantHits: 0,
		},
		{
			name:    "undecodable 200 is ErrBadResponse",
			cfg:     func(c *transport.Config) { c.BaseURL = strings.TrimSuffix(c.BaseURL, "/lending/v1") },
			req:     transport.Request{Operation: "index", Path: "/"}, // the sandbox's HTML index
			wantErr: is(transport.ErrBadResponse), outcome: transport.OutcomeBadResponse, wantHits: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := newSandbox(t)
			if tt.fault != "" {
				sb.fault(t, tt.fault)
			}
			cfg := testConfig(sb.URL + "/lending/v1")
			if tt.cfg != nil {
				tt.cfg(&cfg)
			}
			obs := &recorder{}
			c := transport.New("lending", cfg, obs)
			ctx, cancel := context.Background(), context.CancelFunc(func() {})
			if tt.ctx != nil {
				ctx, cancel = tt.ctx()
			}
			defer cancel()

			var out health
			err := c.Do(ctx, tt.req, &out)
			if !tt.wantErr(err) {
				t.Fatalf("Do() error = %v", err)
			}
			method := tt.req.Method
			if method == "" {
				method = http.MethodGet
			}
			path := "/lending/v1" + tt.req.Path
			if tt.req.Path == "/" {
				path = "/"
			}
			if got := sb.count(method + " " + path); got != tt.wantHits {
				t.Errorf("sandbox saw %d requests, want %d", got, tt.wantHits)
			}
			if got, want := obs.lastCall(), "lending "+tt.req.Operation+" "+tt.outcome; got != want {
				t.Errorf("observed %q, want %q", got, want)
			}
			if tt.req.IdempotencyKey != "" {
				for _, h := range sb.seen() {
					if h.Get(transport.IdempotencyKeyHeader) != tt.req.IdempotencyKey {
						t.Errorf("attempt without the idempotency key: %v", h)
					}
				}
			}
		})
	}
}

func TestConnectionRefusedIsUnavailable(t *testing.T) {
	sb := newSandbox(t)
	base := sb.URL
	sb.Close() // nothing listens there now
	obs := &recorder{}
	c := transport.New("lending", testConfig(base+"/lending/v1"), obs)
	err := c.Get(context.Background(), "health", "/health", nil)
	if !errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrTimeout) {
		t.Fatalf("error = %v, want ErrUnavailable", err)
	}
	if strings.Contains(err.Error(), "/lending/v1") {
		t.Errorf("error text carries the URL: %v", err)
	}
	if got := obs.lastCall(); got != "lending health unavailable" {
		t.Fatalf("observed %q", got)
	}
}

func TestSuccessDecodesAndSendsHeaders(t *testing.T) {
	sb := newSandbox(t)
	c := transport.New("lending", testConfig(sb.URL+"/lending/v1/"), nil) // trailing slash and nil observer are fine
	ctx := transport.WithRequestID(context.Background(), "0123456789abcdef01234567")
	if got := transport.RequestID(ctx); got != "0123456789abcdef01234567" {
		t.Fatalf("RequestID = %q", got)
	}
	var b struct {
		ClientName string `json:"clientName"`
		FeePounds  int    `json:"feePounds"`
	}
	if err := c.Get(ctx, "brands.get", "/brands/harbour", &b); err != nil {
		t.Fatal(err)
	}
	if b.ClientName != "harbour" || b.FeePounds == 0 {
		t.Fatalf("decoded %+v", b)
	}
	h := sb.seen()[0]
	if h.Get(transport.RequestIDHeader) != "0123456789abcdef01234567" || h.Get("Accept") != "application/json" ||
		h.Get("Cookie") != "" || h.Get(transport.IdempotencyKeyHeader) != "" {
		t.Fatalf("headers sent = %v", h)
	}
}

func TestRequestIDIsForwardedOnlyWhenSafe(t *testing.T) {
	tests := []struct {
		name, id string
		sent     bool
	}{
		{"hex id", "abc123", true},
		{"none", "", false},
		{"header injection", "abc\r\nX-Evil: 1", false},
		{"too long", strings.Repeat("a", 129), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sb := newSandbox(t)
			c := transport.New("lending", testConfig(sb.URL+"/lending/v1"), nil)
			if err := c.Get(transport.WithRequestID(context.Background(), tt.id), "health", "/health", nil); err != nil {
				t.Fatal(err)
			}
			got := sb.seen()[0].Get(transport.RequestIDHeader)
			if (got != "") != tt.sent || (tt.sent && got != tt.id) {
				t.Fatalf("X-Request-Id sent = %q", got)
			}
		})
	}
}

// TestBreakerAgainstTheSandbox: the breaker opens after N failed calls, then answers breaker_open
// without calling the sandbox, half-opens after the cooldown and closes when the probe succeeds.
func TestBreakerAgainstTheSandbox(t *testing.T) {
	sb := newSandbox(t)
	var (
		mu  sync.Mutex
		now = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	cfg := testConfig(sb.URL + "/lending/v1")
	cfg.BreakerFailures = 3
	cfg.BreakerCooldown = 30 * time.Second
	cfg.BreakerHealthInterval = time.Hour // this test is about the cooldown: the health check stays out of the way
	obs := &recorder{}
	c := transport.New("lending", cfg, obs, transport.WithClock(clock))
	ctx := context.Background()

	sb.fault(t, `{"provider":"lending","status":503}`)
	for i := range cfg.BreakerFailures {
		if err := c.Get(ctx, "health", "/health", nil); !errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrBreakerOpen) {
			t.Fatalf("call %d: error = %v, want ErrUnavailable from the sandbox", i, err)
		}
	}
	if got, want := sb.count("GET /lending/v1/health"), cfg.BreakerFailures*(cfg.Retries+1); got != want {
		t.Fatalf("sandbox saw %d requests, want %d", got, want)
	}
	if c.BreakerState() != transport.BreakerOpen {
		t.Fatalf("state = %v, want open", c.BreakerState())
	}

	err := c.Get(ctx, "health", "/health", nil)
	if !errors.Is(err, transport.ErrBreakerOpen) || !errors.Is(err, transport.ErrUnavailable) {
		t.Fatalf("open breaker error = %v", err)
	}
	if got, want := sb.count("GET /lending/v1/health"), cfg.BreakerFailures*(cfg.Retries+1); got != want {
		t.Fatalf("open breaker called the sandbox: %d requests, want %d", got, want)
	}
	if got := obs.lastCall(); got != "lending health breaker_open" {
		t.Fatalf("observed %q", got)
	}

	sb.clearFaults(t)
	mu.Lock()
	now = now.Add(cfg.BreakerCooldown)
	mu.Unlock()
	if err := c.Get(ctx, "health", "/health", nil); err != nil {
		t.Fatalf("probe after cooldown: %v", err)
	}
	if c.BreakerState() != transport.BreakerClosed {
		t.Fatalf("state after successful probe = %v, want closed", c.BreakerState())
	}
	want := []transport.BreakerState{transport.BreakerClosed, transport.BreakerOpen, transport.BreakerHalfOpen, transport.BreakerClosed}
	if got := obs.breakerStates(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("breaker transitions = %v, want %v", got, want)
	}
}

// breakerStates is an Observer that hands every breaker transition to a test waiting for it.
type breakerStates chan transport.BreakerState

func (breakerStates) ObserveCall(string, string, string, time.Duration) {}

func (ch breakerStates) ObserveBreaker(_ string, s transport.BreakerState) { ch <- s }

// next waits for the next transition, at most d.
func (ch breakerStates) next(t *testing.T, d time.Duration) transport.BreakerState {
	t.Helper()
	select {
	case s := <-ch:
		return s
	case <-time.After(d):
		t.Fatalf("no breaker transition within %v", d)
		return 0
	}
}

// TestBreakerProbesAsSoonAsTheUpstreamRecovers: the upstream fails, the breaker opens; the upstream
// recovers, and well within the cooldown the breaker's health check half-opens it, so the first
// request after recovery reaches the upstream and succeeds. The breaker's clock never moves, so only
// the health check can have ended the outage.
func TestBreakerProbesAsSoonAsTheUpstreamRecovers(t *testing.T) {
	sb := newSandbox(t)
	frozen := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	cfg := transport.DefaultConfig(sb.URL + "/lending/v1")
	cfg.RetryBackoff = time.Millisecond
	states := make(breakerStates, 16)
	c := transport.New("lending", cfg, states, transport.WithClock(func() time.Time { return frozen }))
	t.Cleanup(c.Close)
	ctx := context.Background()
	if s := states.next(t, time.Second); s != transport.BreakerClosed {
		t.Fatalf("a new breaker is %v", s)
	}

	sb.fault(t, `{"provider":"lending","status":503}`)
	for i := range cfg.BreakerFailures {
		if err := c.Get(ctx, "brands.get", "/brands/harbour", nil); !errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrBreakerOpen) {
			t.Fatalf("call %d: error = %v, want ErrUnavailable from the sandbox", i, err)
		}
	}
	if s := states.next(t, time.Second); s != transport.BreakerOpen {
		t.Fatalf("after %d failed calls the breaker is %v", cfg.BreakerFailures, s)
	}
	reached := sb.count("GET /lending/v1/brands/harbour")
	if err := c.Get(ctx, "brands.get", "/brands/harbour", nil); !errors.Is(err, transport.ErrBreakerOpen) {
		t.Fatalf("open breaker error = %v", err)
	}
	if got := sb.count("GET /lending/v1/brands/harbour"); got != reached {
		t.Fatal("the open breaker let a call through to the upstream")
	}

	sb.clearFaults(t)
	recovered := time.Now()
	if s := states.next(t, cfg.BreakerCooldown); s != transport.BreakerHalfOpen {
		t.Fatalf("after the upstream recovered the breaker went %v", s)
	}
	var b struct {
		ClientName string `json:"clientName"`
	}
	if err := c.Get(ctx, "brands.get", "/brands/harbour", &b); err != nil || b.ClientName != "harbour" {
		t.Fatalf("the first request after recovery: %v (%+v)", err, b)
	}
	waited := time.Since(recovered)
	if got := sb.count("GET /lending/v1/brands/harbour"); got != reached+1 {
		t.Fatalf("the first request after recovery reached the upstream %d times, want once", got-reached)
	}
	if s := states.next(t, time.Second); s != transport.BreakerClosed || c.BreakerState() != transport.BreakerClosed {
		t.Fatalf("after a good probe the breaker went %v", s)
	}
	if sb.count("GET /lending/v1/health") == 0 {
		t.Fatal("the breaker half-opened without checking the upstream's health")
	}
	t.Logf("served again %v after the upstream recovered (cooldown %v)", waited, cfg.BreakerCooldown)
	if waited >= cfg.BreakerCooldown {
		t.Fatalf("served again only after %v, not sooner than the %v cooldown", waited, cfg.BreakerCooldown)
	}
}

// TestCloseEndsTheHealthWatch: an upstream that never comes back keeps an open breaker checking its
// health; Close ends that check and returns only once it has ended.
func TestCloseEndsTheHealthWatch(t *testing.T) {
	sb := newSandbox(t)
	base := sb.URL
	sb.Close() // nothing listens there now
	cfg := testConfig(base + "/lending/v1")
	cfg.BreakerFailures = 1
	cfg.Retries = 0
	cfg.BreakerHealthInterval = time.Millisecond
	cfg.BreakerHealthMaxInterval = time.Millisecond
	c := transport.New("lending", cfg, nil)
	if err := c.Get(context.Background(), "health", "/health", nil); !errors.Is(err, transport.ErrUnavailable) {
		t.Fatalf("error = %v", err)
	}
	if c.BreakerState() != transport.BreakerOpen {
		t.Fatalf("state = %v, want open", c.BreakerState())
	}
	closed := make(chan struct{})
	go func() {
		c.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not return: the health watch goes on")
	}
	if c.BreakerState() != transport.BreakerOpen {
		t.Fatalf("state after Close = %v: nothing recovered", c.BreakerState())
	}
}

// TestBreakerIgnoresClientErrors: 4xx answers mean the upstream is healthy.
func TestBreakerIgnoresClientErrors(t *testing.T) {
	sb := newSandbox(t)
	cfg := testConfig(sb.URL + "/lending/v1")
	cfg.BreakerFailures = 2
	c := transport.New("lending", cfg, nil)
	for range 5 {
		var se *transport.StatusError
		if err := c.Get(context.Background(), "brands.get", "/brands/nobody", nil); !errors.As(err, &se) {
			t.Fatalf("error = %v, want StatusError", err)
		}
	}
	if c.BreakerState() != transport.BreakerClosed {
		t.Fatalf("state = %v after 4xx answers, want closed", c.BreakerState())
	}
}

func TestConcurrentCalls(t *testing.T) {
	sb := newSandbox(t)
	obs := &recorder{}
	c := transport.New("lending", testConfig(sb.URL+"/lending/v1"), obs)
	var (
		wg     sync.WaitGroup
		failed atomic.Int32
	)
	for range 16 {
		wg.Go(func() {
			for range 25 {
				var h health
				if err := c.Get(context.Background(), "health", "/health", &h); err != nil || h.Status != "ok" {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	if failed.Load() != 0 {
		t.Fatalf("%d calls failed", failed.Load())
	}
	if got := sb.count("GET /lending/v1/health"); got != 400 {
		t.Fatalf("sandbox saw %d requests, want 400", got)
	}
}

func TestPathMustBeUnderTheBaseURL(t *testing.T) {
	sb := newSandbox(t)
	obs := &recorder{}
	c := transport.New("lending", testConfig(sb.URL+"/lending/v1"), obs)
	for _, path := range []string{"http://elsewhere.example/x", "health", ""} {
		if err := c.Get(context.Background(), "health", path, nil); err == nil || errors.Is(err, transport.ErrUnavailable) {
			t.Errorf("Get(%q) error = %v, want a programming error", path, err)
		}
	}
	if len(sb.seen()) != 0 || obs.lastCall() != "" {
		t.Fatalf("a bad path reached the network or the metrics")
	}
}

func TestDefaultConfig(t *testing.T) {
	cfg := transport.DefaultConfig("http://127.0.0.1:8090/lending/v1")
	if cfg.BaseURL != "http://127.0.0.1:8090/lending/v1" || cfg.Timeout <= 0 || cfg.MaxConnsPerHost < 64 || cfg.Retries < 1 ||
		cfg.BreakerFailures < 1 || cfg.BreakerCooldown <= 0 || cfg.RetryBackoff <= 0 ||
		cfg.BreakerHealthInterval <= 0 || cfg.BreakerHealthMaxInterval < cfg.BreakerHealthInterval || cfg.BreakerHealthMaxInterval >= cfg.BreakerCooldown {
		t.Fatalf("DefaultConfig = %+v", cfg)
	}
	c := transport.New("lending", transport.Config{BaseURL: "http://127.0.0.1:8090/lending/v1/"}, nil)
	if c.BaseURL() != "http://127.0.0.1:8090/lending/v1" || c.Provider() != "lending" || c.BreakerState() != transport.BreakerClosed {
		t.Fatalf("client = %s %s %v", c.Provider(), c.BaseURL(), c.BreakerState())
	}
}

func noError(err error) bool { return err == nil }

func is(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

func isStatus(status int, code string) func(error) bool {
	return func(err error) bool {
		var se *transport.StatusError
		return errors.As(err, &se) && se.Status == status && se.Code == code &&
			!errors.Is(err, transport.ErrUnavailable)
	}
}

// BenchmarkGet measures one decoded GET through the transport against the sandbox; run with
// -benchmem for the allocations per call.
func BenchmarkGet(b *testing.B) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	c := transport.New("lending", transport.DefaultConfig(ts.URL+"/lending/v1"), nil)
	ctx := transport.WithRequestID(context.Background(), "0123456789abcdef01234567")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var h health
		for pb.Next() {
			if err := c.Get(ctx, "health", "/health", &h); err != nil {
				b.Fatal(err)
			}
		}
	})
}
