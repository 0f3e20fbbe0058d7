// Package provider is the skeleton every simulated upstream of the sandbox shares: its routes under its
// path prefix with GET /health, the sandbox clock it reads time from, the Idempotency-Keys it
// remembers, the seed a reset restores, and the commit of its snapshot section. A provider package
// embeds Base and keeps only what it simulates.
package provider

import (
	"net/http"
	"slices"
	"sync"
	"time"

	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
)

// Routes are paths under a provider's prefix with their handlers by method.
type Routes map[string]httpjson.Methods

// Register adds GET /health and routes under prefix (e.g. "/identity/v1").
func Register(mux *http.ServeMux, prefix string, routes Routes) {
	mux.Handle(prefix+"/health", httpjson.Methods{http.MethodGet: health})
	AddRoutes(mux, prefix, routes)
}

// AddRoutes adds more routes under prefix, for a provider that registers its API in parts.
func AddRoutes(mux *http.ServeMux, prefix string, routes Routes) {
	for path, h := range routes {
		mux.Handle(prefix+path, h)
	}
}

// health answers {"status":"ok"}: a provider is up whenever the sandbox is.
func health(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, transport.Health{Status: transport.HealthOK})
}

// Base is what a provider holds besides its own state: the sandbox clock, its only source of time, and
// the Idempotency-Keys of its idempotent calls, remembered on that clock.
type Base struct {
	Clock *clock.Clock
	Idem  *httpjson.Idempotency
}

// NewBase builds a Base on clk that remembers Idempotency-Keys for idempotencyTTL.
func NewBase(clk *clock.Clock, idempotencyTTL time.Duration) Base {
	return Base{Clock: clk, Idem: httpjson.NewIdempotency(clk.Now, idempotencyTTL)}
}

// Restore checks the Idempotency-Keys of a loaded snapshot section and answers the commit that
// LoadSnapshot hands back: apply replaces the provider's own state, then the keys are restored.
func (b Base) Restore(keys []httpjson.IdempotencyRecord, apply func()) (func(), error) {
	parsed, err := httpjson.ParseIdempotency(keys)
	if err != nil {
		return nil, err
	}
	return func() {
		apply()
		b.Idem.Import(parsed)
	}, nil
}

// Seed is what a provider has from the start and again after every reset: records other providers
// refer to (sandbox/personas). It is safe for concurrent use.
type Seed[T any] struct {
	mu    sync.Mutex
	items []T
}

// Set replaces the seed with a copy of items; the provider then resets to it.
func (s *Seed[T]) Set(items []T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items = slices.Clone(items)
}

// Items is the seed, for a reset to restore.
func (s *Seed[T]) Items() []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.items
}
