package httpjson_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lender/sandbox/httpjson"
)

type idemBody struct {
	A string `json:"a"`
}

// idemServer counts effects; the answer carries the effect's number.
type idemServer struct {
	store   *httpjson.Idempotency
	effects atomic.Int64
	now     time.Time
	mu      sync.Mutex
}

func newIdemServer() *idemServer {
	s := &idemServer{now: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	s.store = httpjson.NewIdempotency(func() time.Time { s.mu.Lock(); defer s.mu.Unlock(); return s.now }, 24*time.Hour)
	return s
}

func (s *idemServer) advance(d time.Duration) { s.mu.Lock(); s.now = s.now.Add(d); s.mu.Unlock() }

func (s *idemServer) call(scope, key, a string) (*httptest.ResponseRecorder, map[string]any) {
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	if key != "" {
		r.Header.Set("Idempotency-Key", key)
	}
	rec := httptest.NewRecorder()
	s.store.Do(rec, r, scope, idemBody{A: a}, func() (int, any) {
		return http.StatusCreated, map[string]any{"effect": s.effects.Add(1), "a": a}
	})
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec, out
}

func TestIdempotency(t *testing.T) {
	type step struct {
		scope, key, a string
		advance       time.Duration
		status        int
		code          string
		effect        float64 // the effect number answered, when 2xx
		replayed      bool
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"same key same body replays the first answer", []step{
			{"s", "k1", "x", 0, 201, "", 1, false},
			{"s", "k1", "x", 0, 201, "", 1, true},
		}},
		{"same key different body conflicts", []step{
			{"s", "k1", "x", 0, 201, "", 1, false},
			{"s", "k1", "y", 0, 409, httpjson.CodeIdempotencyConflict, 0, false},
		}},
		{"same key on another route conflicts", []step{
			{"POST /emails", "k1", "x", 0, 201, "", 1, false},
			{"POST /sms", "k1", "x", 0, 409, httpjson.CodeIdempotencyConflict, 0, false},
		}},
		{"different keys are different requests", []step{
			{"s", "k1", "x", 0, 201, "", 1, false},
			{"s", "k2", "x", 0, 201, "", 2, false},
		}},
		{"no key: every call has its effect", []step{
			{"s", "", "x", 0, 201, "", 1, false},
			{"s", "", "x", 0, 201, "", 2, false},
		}},
		{"a key is forgotten after its time", []step{
			{"s", "k1", "x", 0, 201, "", 1, false},
			{"s", "k1", "y", 25 * time.Hour, 201, "", 2, false},
		}},
		{"a key too long", []step{{"s", strings.Repeat("k", 256), "x", 0, 400, httpjson.CodeInvalidIdempotencyKey, 0, false}}},
		{"a key with a space", []step{{"s", "a b", "x", 0, 400, httpjson.CodeInvalidIdempotencyKey, 0, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newIdemServer()
			for i, st := range tt.steps {
				s.advance(st.advance)
				rec, out := s.call(st.scope, st.key, st.a)
				if rec.Code != st.status {
					t.Fatalf("step %d: status = %d, want %d: %s", i, rec.Code, st.status, rec.Body)
				}
				if st.code != "" && out["code"] != st.code {
					t.Fatalf("step %d: code = %v, want %s", i, out["code"], st.code)
				}
				if st.effect != 0 && out["effect"] != st.effect {
					t.Fatalf("step %d: effect = %v, want %v", i, out["effect"], st.effect)
				}
				if got := rec.Header().Get(httpjson.ReplayedHeader) == "true"; got != st.replayed {
					t.Fatalf("step %d: replayed = %v, want %v", i, got, st.replayed)
				}
				if rec.Header().Get("Content-Type") != "application/json" {
					t.Fatalf("step %d: Content-Type = %q", i, rec.Header().Get("Content-Type"))
				}
			}
		})
	}
}

// TestIdempotencyConcurrentDuplicates: many simultaneous requests with one key have exactly one effect,
// and all answer it.
func TestIdempotencyConcurrentDuplicates(t *testing.T) {
	s := newIdemServer()
	var wg sync.WaitGroup
	answers := make(chan any, 32)
	for range 32 {
		wg.Go(func() {
			rec, out := s.call("s", "same-key", "x")
			if rec.Code == http.StatusCreated {
				answers <- out["effect"]
			}
		})
	}
	wg.Wait()
	close(answers)
	n := 0
	for a := range answers {
		n++
		if a != float64(1) {
			t.Errorf("answer effect = %v, want 1", a)
		}
	}
	if n != 32 || s.effects.Load() != 1 {
		t.Fatalf("%d answers, %d effects; want 32 answers of 1 effect", n, s.effects.Load())
	}
}

func TestIdempotencyKeepsOnlySuccesses(t *testing.T) {
	s := newIdemServer()
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	r.Header.Set("Idempotency-Key", "k")
	rec := httptest.NewRecorder()
	s.store.Do(rec, r, "s", idemBody{A: "x"}, func() (int, any) { return http.StatusConflict, map[string]string{"code": "busy"} })
	if rec.Code != http.StatusConflict {
		t.Fatalf("status = %d", rec.Code)
	}
	// The key is still free: a different request may use it.
	if rec, _ := s.call("s", "k", "y"); rec.Code != http.StatusCreated {
		t.Fatalf("after a failed effect the key answered %d", rec.Code)
	}
	s.store.Reset()
	if rec, out := s.call("s", "k", "z"); rec.Code != http.StatusCreated || out["effect"] != float64(2) {
		t.Fatalf("after Reset = %d %v", rec.Code, out)
	}
}
