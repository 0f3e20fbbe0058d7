package lending

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"lender/bff/upstream/transport"
)

// ErrBrandNotFound: the lending core knows no client of that name.
var ErrBrandNotFound = errors.New("lending: brand not found")

// API is what the BFF features use of the lending core.
type API interface {
	// Ping checks that the lending core can take calls.
	Ping(ctx context.Context) error
	// Branding is the brand configuration of clientName; ErrBrandNotFound when there is none.
	Branding(ctx context.Context, clientName string) (Branding, error)
}

// Client calls the lending core over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a lending client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }

// Branding calls GET /brands/{clientName}. A name that cannot be a client's key (empty, over 64
// characters, or other than letters, digits, '-' and '_') is ErrBrandNotFound without a call.
func (c *Client) Branding(ctx context.Context, clientName string) (Branding, error) {
	var b Branding
	if !validClientName(clientName) {
		return b, ErrBrandNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "brands.get", Method: http.MethodGet, Path: "/brands/" + clientName}, &b)
	if err != nil {
		var se *transport.StatusError
		if errors.As(err, &se) && se.Status == http.StatusNotFound && se.Code == CodeBrandNotFound {
			return Branding{}, fmt.Errorf("%w: %w", ErrBrandNotFound, err)
		}
		return Branding{}, err
	}
	return b, nil
}

// validClientName: the characters of a client key, which need no escaping in a path.
func validClientName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
