// Package lending is the sandbox's lending core: the server side of bff/upstream/lending. For now it
// serves health and the seeded brand configurations; later issues add quotes, applications, decisions,
// loans and their schedules on the sandbox clock.
package lending

import (
	"net/http"
	"sync"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
)

// Provider holds the lending core's state. It is safe for concurrent use.
type Provider struct {
	clock *clock.Clock // the only source of time for lending state (none reads it yet)

	mu     sync.RWMutex
	brands map[string]lending.Branding
}

// New builds the provider in its seed state.
func New(clk *clock.Clock) *Provider {
	return &Provider{clock: clk, brands: SeedBrands()}
}

// Reset restores the seed state.
func (p *Provider) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.brands = SeedBrands()
}

// Register adds the provider's routes under prefix (e.g. "/lending/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	mux.Handle(prefix+"/health", httpjson.Methods{http.MethodGet: p.health})
	mux.Handle(prefix+"/brands/{clientName}", httpjson.Methods{http.MethodGet: p.brand})
}

func (p *Provider) health(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, transport.Health{Status: transport.HealthOK})
}

func (p *Provider) brand(w http.ResponseWriter, r *http.Request) {
	p.mu.RLock()
	b, ok := p.brands[r.PathValue("clientName")]
	p.mu.RUnlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodeBrandNotFound, "no brand has that client name")
		return
	}
	httpjson.Write(w, http.StatusOK, b)
}
