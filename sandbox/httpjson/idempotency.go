package httpjson

import (
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"lender/bff/upstream/transport"
)

// Error codes of idempotent requests, shared by the providers that take an Idempotency-Key.
const (
	// CodeInvalidIdempotencyKey: the Idempotency-Key header is longer than 255 characters or holds other
	// than visible ASCII.
	CodeInvalidIdempotencyKey = "invalid_idempotency_key"
	// CodeIdempotencyConflict: the key was already used with a different request.
	CodeIdempotencyConflict = "idempotency_conflict"
)

// ReplayedHeader is set to "true" on an answer replayed for a repeated Idempotency-Key.
const ReplayedHeader = "Idempotent-Replayed"

// maxIdempotencyKey caps the length of an Idempotency-Key.
const maxIdempotencyKey = 255

// Idempotency remembers the first answer to each Idempotency-Key for a while, the way payment and
// messaging providers do: the same key with the same request answers the first outcome again (marked
// with Idempotent-Replayed: true) without a second effect; the same key with a different request answers
// 409 idempotency_conflict; concurrent requests with one key produce exactly one effect. Only successful
// answers are remembered: a request refused by validation never reaches Do, so it may be corrected and
// sent again with the same key. It is safe for concurrent use.
type Idempotency struct {
	now func() time.Time
	ttl time.Duration

	mu   sync.Mutex // held across an effect, so concurrent duplicates wait for the first
	seen map[string]replay
}

type replay struct {
	fingerprint [32]byte
	status      int
	body        []byte
	at          time.Time
}

// NewIdempotency remembers keys for ttl of now's time (the sandbox clock).
func NewIdempotency(now func() time.Time, ttl time.Duration) *Idempotency {
	return &Idempotency{now: now, ttl: ttl, seen: map[string]replay{}}
}

// Reset forgets every key.
func (s *Idempotency) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = map[string]replay{}
}

// Do answers r. Without an Idempotency-Key it runs effect and answers its status and value. With one,
// it runs effect at most once per key and request: request (the decoded, validated body) and scope (the
// route, e.g. "POST /emails") make the request's fingerprint. effect runs with the store locked, so it
// must not call Do.
func (s *Idempotency) Do(w http.ResponseWriter, r *http.Request, scope string, request any, effect func() (int, any)) {
	key := r.Header.Get(transport.IdempotencyKeyHeader)
	if key == "" {
		status, v := effect()
		Write(w, status, v)
		return
	}
	if !validKey(key) {
		Error(w, http.StatusBadRequest, CodeInvalidIdempotencyKey,
			"Idempotency-Key must be 1 to 255 visible ASCII characters")
		return
	}
	fp, err := fingerprint(scope, request)
	if err != nil {
		Error(w, http.StatusInternalServerError, "internal", "the sandbox could not fingerprint the request")
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if prev, ok := s.seen[key]; ok && now.Sub(prev.at) < s.ttl {
		if prev.fingerprint != fp {
			Error(w, http.StatusConflict, CodeIdempotencyConflict,
				"this Idempotency-Key was already used with a different request")
			return
		}
		w.Header().Set(ReplayedHeader, "true")
		writeRaw(w, prev.status, prev.body)
		return
	}
	status, v := effect()
	body, err := json.Marshal(v)
	if err != nil {
		Error(w, http.StatusInternalServerError, "internal", "the sandbox could not encode its answer")
		return
	}
	if status >= 200 && status < 300 {
		s.sweep(now)
		s.seen[key] = replay{fingerprint: fp, status: status, body: body, at: now}
	}
	writeRaw(w, status, body)
}

// sweep drops expired keys once the store has grown; s.mu is held.
func (s *Idempotency) sweep(now time.Time) {
	if len(s.seen) < 1024 {
		return
	}
	for k, v := range s.seen {
		if now.Sub(v.at) >= s.ttl {
			delete(s.seen, k)
		}
	}
}

func fingerprint(scope string, request any) ([32]byte, error) {
	b, err := json.Marshal(request) // struct fields in order, map keys sorted: canonical enough
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256(append([]byte(scope+"\n"), b...)), nil
}

func validKey(k string) bool {
	if k == "" || len(k) > maxIdempotencyKey {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// writeRaw answers an already encoded JSON body with the headers Write sets.
func writeRaw(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	out := make([]byte, 0, len(b)+1) // never append to b: a remembered body is shared by its replays
	_, _ = w.Write(append(append(out, b...), '\n'))
}
