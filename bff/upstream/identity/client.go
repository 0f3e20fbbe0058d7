package identity

import (
	"context"

	"lender/bff/upstream/transport"
)

// API is what the BFF features use of the identity provider.
type API interface {
	// Ping checks that the provider can take calls.
	Ping(ctx context.Context) error
}

// Client calls the identity provider over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a identity client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }
