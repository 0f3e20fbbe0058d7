package lending

import (
	"context"
	"net/http"
	"regexp"

	"lender/bff/upstream/transport"
)

// clientNamePattern is what the lending core takes as a client's key. A name outside it is answered
// ErrBrandNotFound without a call, so a visitor's path segment never reaches the core unchecked.
var clientNamePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)

// ClientBranding answers the lending core's record of a client: a broker firm or partner trading under
// one of the lender's brands, with the page-level settings it overrides (colours, links, contact e-mail,
// phone and fee, spec §1). ErrBrandNotFound when the core has no such client.
func (c *Client) ClientBranding(ctx context.Context, clientName string) (Branding, error) {
	if !clientNamePattern.MatchString(clientName) {
		return Branding{}, ErrBrandNotFound
	}
	var b Branding
	err := c.t.Do(ctx, transport.Request{Operation: "brands.get", Method: http.MethodGet, Path: "/brands/" + clientName}, &b)
	if err != nil {
		return Branding{}, classify(err)
	}
	return b, nil
}
