package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/internal/providertest"
	"lender/sandbox/server"
)

// fixedNow is the real time under the sandbox clock in these tests.
var fixedNow = time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC)

func newSandbox(t *testing.T) (*server.Server, *httptest.Server) {
	t.Helper()
	s := server.New(server.Config{
		PublicURL: "http://localhost:8090", AppURL: "http://localhost:8080",
		Now: func() time.Time { return fixedNow },
	})
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

// call sends a request and decodes a JSON answer into out (when not nil).
var call = providertest.Call

type errorBody struct{ Code, Message string }

func TestProviderHealth(t *testing.T) {
	_, ts := newSandbox(t)
	for _, p := range []string{"lending", "payments", "openbanking", "identity", "notify"} {
		t.Run(p, func(t *testing.T) {
			var h struct{ Status string }
			if st := call(t, ts, http.MethodGet, server.Prefix(p)+"/health", "", &h); st != http.StatusOK || h.Status != "ok" {
				t.Fatalf("health = %d %+v", st, h)
			}
		})
	}
}

func TestRoutingAnswersJSONErrors(t *testing.T) {
	_, ts := newSandbox(t)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/nowhere", http.StatusNotFound, "not_found"},
		{http.MethodGet, "/lending/v1/nowhere", http.StatusNotFound, "not_found"},
		{http.MethodGet, "/lending/v2/health", http.StatusNotFound, "not_found"},
		{http.MethodPost, "/payments/v1/health", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/_sandbox/reset", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodPut, "/_sandbox/clock", http.StatusMethodNotAllowed, "method_not_allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			var e errorBody
			if st := call(t, ts, tt.method, tt.path, "", &e); st != tt.status || e.Code != tt.code {
				t.Fatalf("= %d %+v, want %d %s", st, e, tt.status, tt.code)
			}
		})
	}
}

func TestControlHealth(t *testing.T) {
	_, ts := newSandbox(t)
	var st server.Status
	if code := call(t, ts, http.MethodGet, "/_sandbox/health", "", &st); code != http.StatusOK || st.Status != "ok" {
		t.Fatalf("= %d %+v", code, st)
	}
}

func TestClock(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		status int
		want   string // the clock after the call
	}{
		{"advance 72h", `{"advance":"72h"}`, http.StatusOK, "2026-03-05T10:30:00Z"},
		{"advance 90m", `{"advance":"90m"}`, http.StatusOK, "2026-03-02T12:00:00Z"},
		{"set", `{"set":"2026-12-01T09:00:00Z"}`, http.StatusOK, "2026-12-01T09:00:00Z"},
		{"set with offset answers UTC", `{"set":"2026-06-01T10:00:00+01:00"}`, http.StatusOK, "2026-06-01T09:00:00Z"},
		{"set backwards", `{"set":"2025-01-01T00:00:00Z"}`, http.StatusOK, "2025-01-01T00:00:00Z"},
		{"negative advance", `{"advance":"-1h"}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"bad duration", `{"advance":"three days"}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"bad instant", `{"set":"1 Dec 2026"}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"both", `{"advance":"1h","set":"2026-12-01T09:00:00Z"}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"neither", `{}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"unknown field", `{"advanceBy":"1h"}`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
		{"not JSON", `advance=1h`, http.StatusBadRequest, "2026-03-02T10:30:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ts := newSandbox(t)
			if tt.status == http.StatusOK {
				var st server.ClockState
				if code := call(t, ts, http.MethodPost, "/_sandbox/clock", tt.body, &st); code != tt.status || st.Now != tt.want {
					t.Fatalf("POST = %d %+v, want %d %s", code, st, tt.status, tt.want)
				}
			} else {
				var e errorBody
				if code := call(t, ts, http.MethodPost, "/_sandbox/clock", tt.body, &e); code != tt.status || e.Code != "bad_request" {
					t.Fatalf("POST = %d %+v, want %d bad_request", code, e, tt.status)
				}
			}
			var st server.ClockState
			if code := call(t, ts, http.MethodGet, "/_sandbox/clock", "", &st); code != http.StatusOK || st.Now != tt.want {
				t.Fatalf("GET = %d %+v, want %s", code, st, tt.want)
			}
		})
	}
}

func TestFaultValidation(t *testing.T) {
	tests := []struct {
		name, body string
		status     int
	}{
		{"status only", `{"provider":"lending","status":503}`, http.StatusOK},
		{"latency only", `{"provider":"payments","latencyMs":10}`, http.StatusOK},
		{"both", `{"provider":"notify","latencyMs":10,"status":500}`, http.StatusOK},
		{"unknown provider", `{"provider":"bank","status":503}`, http.StatusBadRequest},
		{"nothing to inject", `{"provider":"lending"}`, http.StatusBadRequest},
		{"status 200", `{"provider":"lending","status":200}`, http.StatusBadRequest},
		{"status 600", `{"provider":"lending","status":600}`, http.StatusBadRequest},
		{"negative latency", `{"provider":"lending","latencyMs":-1}`, http.StatusBadRequest},
		{"latency over ten minutes", `{"provider":"lending","latencyMs":600001}`, http.StatusBadRequest},
		{"unknown field", `{"provider":"lending","status":503,"rate":0.5}`, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ts := newSandbox(t)
			if code := call(t, ts, http.MethodPost, "/_sandbox/faults", tt.body, nil); code != tt.status {
				t.Fatalf("POST faults = %d, want %d", code, tt.status)
			}
			var fl server.FaultList
			call(t, ts, http.MethodGet, "/_sandbox/faults", "", &fl)
			if want := map[bool]int{true: 1, false: 0}[tt.status == http.StatusOK]; len(fl.Faults) != want {
				t.Fatalf("active faults = %+v, want %d", fl.Faults, want)
			}
		})
	}
}

func TestFaultForcesStatusOnOneProviderOnly(t *testing.T) {
	_, ts := newSandbox(t)
	if code := call(t, ts, http.MethodPost, "/_sandbox/faults", `{"provider":"lending","status":503}`, nil); code != http.StatusOK {
		t.Fatalf("POST faults = %d", code)
	}
	tests := []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/lending/v1/health", http.StatusServiceUnavailable},
		{http.MethodGet, "/lending/v1/brands/default", http.StatusServiceUnavailable},
		{http.MethodPost, "/lending/v1/health", http.StatusServiceUnavailable}, // before routing
		{http.MethodGet, "/payments/v1/health", http.StatusOK},
		{http.MethodGet, "/_sandbox/health", http.StatusOK},
	}
	for _, tt := range tests {
		var e errorBody
		if code := call(t, ts, tt.method, tt.path, "", &e); code != tt.status {
			t.Errorf("%s %s = %d, want %d", tt.method, tt.path, code, tt.status)
		} else if code == http.StatusServiceUnavailable && e.Code != server.CodeFault {
			t.Errorf("%s %s code = %q, want %s", tt.method, tt.path, e.Code, server.CodeFault)
		}
	}

	var fl server.FaultList
	if code := call(t, ts, http.MethodDelete, "/_sandbox/faults", "", &fl); code != http.StatusOK || len(fl.Faults) != 0 {
		t.Fatalf("DELETE faults = %d %+v", code, fl)
	}
	if code := call(t, ts, http.MethodGet, "/lending/v1/health", "", nil); code != http.StatusOK {
		t.Fatalf("after DELETE lending health = %d", code)
	}
}

func TestDeleteOneProvidersFault(t *testing.T) {
	_, ts := newSandbox(t)
	call(t, ts, http.MethodPost, "/_sandbox/faults", `{"provider":"lending","status":503}`, nil)
	call(t, ts, http.MethodPost, "/_sandbox/faults", `{"provider":"notify","status":500}`, nil)
	var fl server.FaultList
	if code := call(t, ts, http.MethodDelete, "/_sandbox/faults?provider=lending", "", &fl); code != http.StatusOK {
		t.Fatalf("DELETE = %d", code)
	}
	if len(fl.Faults) != 1 || fl.Faults[0].Provider != "notify" {
		t.Fatalf("faults after deleting lending's = %+v", fl.Faults)
	}
	if code := call(t, ts, http.MethodDelete, "/_sandbox/faults?provider=bank", "", nil); code != http.StatusBadRequest {
		t.Fatalf("DELETE unknown provider = %d", code)
	}
}

// TestFaultLatencyEndsWithTheCaller: a delayed request whose caller gives up does not hold the sandbox.
func TestFaultLatencyEndsWithTheCaller(t *testing.T) {
	s, _ := newSandbox(t)
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/_sandbox/faults",
		strings.NewReader(`{"provider":"identity","latencyMs":600000}`)))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		s.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, http.MethodGet, "/identity/v1/health", nil))
		close(done)
	}()
	<-done // returns at once because the caller's context is already done
	if rec.Body.Len() != 0 {
		t.Fatalf("abandoned request was answered %q", rec.Body)
	}
}

func TestResetRestoresSeedClearsFaultsAndClock(t *testing.T) {
	_, ts := newSandbox(t)
	call(t, ts, http.MethodPost, "/_sandbox/clock", `{"advance":"720h"}`, nil)
	call(t, ts, http.MethodPost, "/_sandbox/faults", `{"provider":"lending","status":500}`, nil)
	if code := call(t, ts, http.MethodGet, "/lending/v1/brands/default", "", nil); code != http.StatusInternalServerError {
		t.Fatalf("fault not active before reset: %d", code)
	}

	var st server.Status
	if code := call(t, ts, http.MethodPost, "/_sandbox/reset", "", &st); code != http.StatusOK || st.Status != "ok" {
		t.Fatalf("reset = %d %+v", code, st)
	}

	var clk server.ClockState
	call(t, ts, http.MethodGet, "/_sandbox/clock", "", &clk)
	if clk.Now != fixedNow.Format(time.RFC3339) {
		t.Errorf("clock after reset = %s, want %s", clk.Now, fixedNow.Format(time.RFC3339))
	}
	var fl server.FaultList
	call(t, ts, http.MethodGet, "/_sandbox/faults", "", &fl)
	if len(fl.Faults) != 0 {
		t.Errorf("faults after reset = %+v", fl.Faults)
	}
	var b lending.Branding
	if code := call(t, ts, http.MethodGet, "/lending/v1/brands/default", "", &b); code != http.StatusOK || b.DisplayName != "Meadow Loans" {
		t.Errorf("default brand after reset = %d %+v", code, b)
	}
}

func TestIndex(t *testing.T) {
	s, _ := newSandbox(t)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET / = %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	body := rec.Body.String()
	for _, want := range []string{`<html lang="en-GB">`, "<h1>", "/lending/v1", "/payments/v1", "/openbanking/v1",
		"/identity/v1", "/notify/v1", "POST /_sandbox/reset", "/_sandbox/clock", "DELETE /_sandbox/faults",
		"http://localhost:8080", "2026-03-02T10:30:00Z"} {
		if !strings.Contains(body, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	if strings.Contains(strings.ToLower(body), "<script") {
		t.Error("index has a script")
	}
	// The CSP allows the one <style> block by its hash, which a browser computes over its exact text.
	_, style, _ := strings.Cut(body, "<style>")
	style, _, _ = strings.Cut(style, "</style>")
	sum := sha256.Sum256([]byte(style))
	csp := rec.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("CSP = %q does not allow the page's style block", csp)
	}
}

// TestConcurrentUse exercises the control API and providers together under -race.
func TestConcurrentUse(t *testing.T) {
	_, ts := newSandbox(t)
	done := make(chan struct{})
	errs := make(chan string, 64)
	for i := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for range 25 {
				switch i {
				case 0:
					post(ts, "/_sandbox/clock", `{"advance":"1h"}`)
				case 1:
					post(ts, "/_sandbox/faults", `{"provider":"notify","status":503}`)
					post(ts, "/_sandbox/reset", "")
				default:
					resp, err := ts.Client().Get(ts.URL + "/lending/v1/brands/harbour")
					if err != nil {
						errs <- err.Error()
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusOK {
						errs <- resp.Status
					}
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func post(ts *httptest.Server, path, body string) {
	resp, err := ts.Client().Post(ts.URL+path, "application/json", bytes.NewBufferString(body))
	if err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}
