package provider

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"lender/sandbox/clock"
)

func TestRegisterServesHealthBesideTheRoutes(t *testing.T) {
	mux := http.NewServeMux()
	Register(mux, "/demo/v1", Routes{"/things": {http.MethodGet: func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) }}})
	for _, tc := range []struct {
		method, path string
		status       int
		body         string
	}{
		{http.MethodGet, "/demo/v1/health", http.StatusOK, "{\"status\":\"ok\"}\n"},
		{http.MethodPost, "/demo/v1/health", http.StatusMethodNotAllowed, "{\"code\":\"method_not_allowed\",\"message\":\"method not allowed on this route\"}\n"},
		{http.MethodGet, "/demo/v1/things", http.StatusTeapot, ""},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != tc.status || rec.Body.String() != tc.body {
			t.Errorf("%s %s = %d %q, want %d %q", tc.method, tc.path, rec.Code, rec.Body, tc.status, tc.body)
		}
	}
}

func TestASectionReadsBackWhatWasSaved(t *testing.T) {
	clk := clock.New(func() time.Time { return time.Date(2026, 3, 2, 10, 30, 0, 0, time.UTC) })
	b := NewBase(clk, time.Hour)
	raw, err := b.SaveSection("things", []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	var shape map[string]json.RawMessage
	if err := json.Unmarshal(raw, &shape); err != nil || string(shape["things"]) != `["a","b"]` || len(shape) != 2 {
		t.Fatalf("section %s (%v)", raw, err)
	}
	var things []string
	keys, err := LoadSection(raw, "things", &things)
	if err != nil || len(things) != 2 || things[1] != "b" || len(keys) != 0 {
		t.Fatalf("loaded %v, keys %v (%v)", things, keys, err)
	}
	if _, err := LoadSection(json.RawMessage(`[]`), "things", &things); err == nil {
		t.Fatal("a section that is not an object loaded")
	}
}

func TestASeedIsACopy(t *testing.T) {
	var s Seed[int]
	items := []int{1, 2}
	s.Set(items)
	items[0] = 9
	if got := s.Items(); len(got) != 2 || got[0] != 1 {
		t.Fatalf("seed %v changed with the caller's slice", got)
	}
}
