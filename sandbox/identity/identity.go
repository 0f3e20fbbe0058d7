// Package identity is the sandbox's identity provider: the server side of bff/upstream/identity. For now it serves
// health; later issues add the identity-check page, results and share codes.
package identity

import (
	"net/http"

	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
)

// Provider holds the identity provider's state. It is safe for concurrent use.
type Provider struct {
	clock *clock.Clock // the only source of time for this provider's state (none reads it yet)
}

// New builds the provider in its seed state.
func New(clk *clock.Clock) *Provider {
	return &Provider{clock: clk}
}

// Reset restores the seed state.
func (p *Provider) Reset() {}

// Register adds the provider's routes under prefix (e.g. "/identity/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	mux.Handle(prefix+"/health", httpjson.Methods{http.MethodGet: p.health})
}

func (p *Provider) health(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, transport.Health{Status: transport.HealthOK})
}
