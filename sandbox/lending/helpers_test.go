package lending

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
	"lender/sandbox/internal/providertest"
)

// testNow is the frozen real time under the test clock: a Wednesday morning.
var testNow = time.Date(2026, time.March, 4, 9, 30, 0, 0, time.UTC)

// harness is a provider behind a real HTTP mux, on a clock frozen at testNow that tests move.
type harness struct {
	t     *testing.T
	p     *Provider
	clock *clock.Clock
	mux   *http.ServeMux
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := providertest.NewHarness(testNow, "/lending/v1", New)
	return &harness{t: t, p: h.P, clock: h.Clock, mux: h.Mux}
}

// answer is a recorded response.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// code is the error code of an error answer, "" otherwise.
func (a answer) code() string {
	var e transport.ErrorBody
	_ = json.Unmarshal(a.body, &e)
	return e.Code
}

func (a answer) message() string {
	var e transport.ErrorBody
	_ = json.Unmarshal(a.body, &e)
	return e.Message
}

// do sends method path with body (a string is sent as it is, anything else as JSON) and headers as
// "Name: value" pairs.
func (h *harness) do(method, path string, body any, headers ...string) answer {
	h.t.Helper()
	var rd *bytes.Reader
	switch b := body.(type) {
	case nil:
		rd = bytes.NewReader(nil)
	case string:
		rd = bytes.NewReader([]byte(b))
	default:
		j, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	req := httptest.NewRequest(method, "/lending/v1"+path, rd)
	for _, hv := range headers {
		k, v, _ := strings.Cut(hv, ": ")
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.mux.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
		h.t.Fatalf("%s %s: Content-Type %q", method, path, ct)
	}
	return answer{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
}

// must decodes a successful answer into v.
func (h *harness) must(a answer, status int, v any) {
	h.t.Helper()
	if a.status != status {
		h.t.Fatalf("status = %d, want %d: %s", a.status, status, a.body)
	}
	if v != nil {
		if err := json.Unmarshal(a.body, v); err != nil {
			h.t.Fatalf("decoding %s: %v", a.body, err)
		}
	}
}

// refused checks an error answer.
func (h *harness) refused(a answer, status int, code string) {
	h.t.Helper()
	if a.status != status || a.code() != code {
		h.t.Fatalf("= %d %q (%s), want %d %q", a.status, a.code(), a.message(), status, code)
	}
	if a.message() == "" {
		h.t.Fatalf("error %s has no message", code)
	}
}
