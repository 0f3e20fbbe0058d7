// Package providertest serves a sandbox provider to its tests: alone on a mux, under its path prefix,
// on a sandbox clock over a frozen real time that only the test moves; and it sends such a mux, or the
// whole sandbox on a test server, JSON requests.
package providertest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
)

// Clock is a sandbox clock over a real time frozen at now, so that time moves only when the test
// moves the clock.
func Clock(now time.Time) *clock.Clock {
	return clock.New(func() time.Time { return now })
}

// Registrar is a provider as the sandbox server mounts it.
type Registrar interface {
	Register(mux *http.ServeMux, prefix string)
}

// Mux serves p alone under prefix, as the sandbox mounts it.
func Mux(p Registrar, prefix string) *http.ServeMux {
	mux := http.NewServeMux()
	p.Register(mux, prefix)
	return mux
}

// Serve sends r to h and answers what h wrote.
func Serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// JSON sends method path with body to h, with key as its Idempotency-Key unless it is "", and decodes
// the answer into out (when not nil), failing the test when the answer is not JSON.
func JSON(t testing.TB, h http.Handler, method, path, key, body string, out any) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if key != "" {
		r.Header.Set(transport.IdempotencyKeyHeader, key)
	}
	rec := Serve(h, r)
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("%s %s: %d %q is not JSON: %v", method, path, rec.Code, rec.Body, err)
		}
	}
	return rec
}

// Call sends method path with body (none when "") to the sandbox on ts over HTTP and decodes the
// answer into out (when not nil), failing the test when it is not JSON. It answers the status.
func Call(t testing.TB, ts *httptest.Server, method, path, body string, out any) int {
	t.Helper()
	status, _ := Send(t, ts, method, path, body, out)
	return status
}

// Send is Call with request headers ("Name: value"), answering the response headers too.
func Send(t testing.TB, ts *httptest.Server, method, path, body string, out any, headers ...string) (int, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %d %q is not JSON: %v", method, path, resp.StatusCode, b, err)
		}
	}
	return resp.StatusCode, resp.Header
}

// Harness is one provider served alone under its prefix, on a clock over a frozen real time.
type Harness[P Registrar] struct {
	P     P
	Clock *clock.Clock
	Mux   *http.ServeMux
}

// NewHarness builds the provider with build on a clock frozen at now and serves it under prefix.
func NewHarness[P Registrar](now time.Time, prefix string, build func(*clock.Clock) P) *Harness[P] {
	clk := Clock(now)
	p := build(clk)
	return &Harness[P]{P: p, Clock: clk, Mux: Mux(p, prefix)}
}

// Serve sends r to the provider and answers what it wrote.
func (h *Harness[P]) Serve(r *http.Request) *httptest.ResponseRecorder { return Serve(h.Mux, r) }

// JSON is the package's JSON, sent to the provider.
func (h *Harness[P]) JSON(t testing.TB, method, path, key, body string, out any) *httptest.ResponseRecorder {
	t.Helper()
	return JSON(t, h.Mux, method, path, key, body, out)
}

// JSONTyped is JSON that also fails the test unless the answer says it is application/json.
func (h *Harness[P]) JSONTyped(t testing.TB, method, path, key, body string, out any) *httptest.ResponseRecorder {
	t.Helper()
	rec := h.JSON(t, method, path, key, body, out)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s %s: Content-Type %q", method, path, ct)
	}
	return rec
}
