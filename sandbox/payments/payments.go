// Package payments is the sandbox's payment gateway: the server side of bff/upstream/payments. For now it serves
// health; later issues add card checkout pages, cards on file, continuous payment authorities and signed webhooks.
package payments

import (
	"net/http"

	"lender/bff/upstream/transport"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
)

// Provider holds the payment gateway's state. It is safe for concurrent use.
type Provider struct {
	clock *clock.Clock // the only source of time for this provider's state (none reads it yet)
}

// New builds the provider in its seed state.
func New(clk *clock.Clock) *Provider {
	return &Provider{clock: clk}
}

// Reset restores the seed state.
func (p *Provider) Reset() {}

// Register adds the provider's routes under prefix (e.g. "/payments/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	mux.Handle(prefix+"/health", httpjson.Methods{http.MethodGet: p.health})
}

func (p *Provider) health(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, transport.Health{Status: transport.HealthOK})
}
