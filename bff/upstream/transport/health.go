package transport

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// Health is the answer of GET /health, which every upstream this BFF speaks serves.
type Health struct {
	Status string `json:"status"` // HealthOK when the provider can take calls
}

// HealthOK is Health.Status of a healthy provider.
const HealthOK = "ok"

// healthPath is where every provider answers Health.
const healthPath = "/health"

// Ping calls GET /health and fails unless the provider says it is ok.
func (c *Client) Ping(ctx context.Context) error {
	var h Health
	if err := c.Get(ctx, "health", healthPath, &h); err != nil {
		return err
	}
	return c.healthError(h)
}

func (c *Client) healthError(h Health) error {
	if h.Status != HealthOK {
		return fmt.Errorf("%s health: status %q: %w", c.provider, h.Status, ErrUnavailable)
	}
	return nil
}

// watchHealth checks the upstream's health while the breaker is open in o, in the background, and
// half-opens the breaker as soon as the upstream says it is healthy, so that the next call probes
// it instead of being refused for the rest of the cooldown. The watch ends with the outage, with the
// cooldown (the next call probes anyway), or with the client.
func (c *Client) watchHealth(o outage) {
	c.watchMu.Lock()
	defer c.watchMu.Unlock()
	if c.life.Err() != nil {
		return
	}
	c.watchers.Add(1)
	go func() {
		defer c.watchers.Done()
		c.awaitRecovery(o)
	}()
}

func (c *Client) awaitRecovery(o outage) {
	doublings := o.failedProbes
	for {
		wait := time.NewTimer(healthCheckDelay(c.cfg.BreakerHealthInterval, c.cfg.BreakerHealthMaxInterval, doublings))
		select {
		case <-wait.C:
		case <-o.over:
			wait.Stop()
			return
		case <-c.life.Done():
			wait.Stop()
			return
		}
		if !c.breaker.awaitingRecovery(o.gen) {
			return
		}
		if c.healthy() {
			c.breaker.recovered(o.gen)
			return
		}
		doublings++
	}
}

// healthy makes one health check, bypassing the breaker, without retries and without telling the
// Observer: it is not a call anybody made.
func (c *Client) healthy() bool {
	ctx, cancel := context.WithTimeout(c.life, min(c.cfg.Timeout, c.cfg.BreakerHealthMaxInterval))
	defer cancel()
	var h Health
	_, err := c.attempt(ctx, &Request{Operation: "health", Method: http.MethodGet, Path: healthPath}, &h)
	return err == nil && c.healthError(h) == nil
}
