package transport

import (
	"context"
	"fmt"
)

// Health is the answer of GET /health, which every upstream this BFF speaks serves.
type Health struct {
	Status string `json:"status"` // HealthOK when the provider can take calls
}

// HealthOK is Health.Status of a healthy provider.
const HealthOK = "ok"

// Ping calls GET /health and fails unless the provider says it is ok.
func (c *Client) Ping(ctx context.Context) error {
	var h Health
	if err := c.Get(ctx, "health", "/health", &h); err != nil {
		return err
	}
	if h.Status != HealthOK {
		return fmt.Errorf("%s health: status %q: %w", c.provider, h.Status, ErrUnavailable)
	}
	return nil
}
