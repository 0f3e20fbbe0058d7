// Package health answers the BFF's liveness and readiness probes. /healthz says the process is alive
// and touches nothing; /readyz checks Redis and every upstream, and fails while the BFF drains.
package health

import (
	"context"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
)

// Check is one dependency's probe.
type Check func(ctx context.Context) error

// Probes holds the readiness checks and the draining flag.
type Probes struct {
	checks   map[string]Check
	timeout  time.Duration
	draining atomic.Bool
}

// New returns probes running checks, each bounded by timeout.
func New(checks map[string]Check, timeout time.Duration) *Probes {
	return &Probes{checks: checks, timeout: timeout}
}

// Drain makes /readyz fail from now on, so load balancers stop sending new requests.
func (p *Probes) Drain() { p.draining.Store(true) }

// Draining reports whether Drain was called.
func (p *Probes) Draining() bool { return p.draining.Load() }

type report struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

// Live answers /healthz.
func (p *Probes) Live(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, report{Status: "ok"})
}

// Ready answers /readyz: 200 when every check passes, 503 otherwise. It names each failing dependency
// but never says why, since the probe is reachable from outside.
func (p *Probes) Ready(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	if p.Draining() {
		c.JSON(http.StatusServiceUnavailable, report{Status: "draining"})
		return
	}
	results := p.Run(c.Request.Context())
	status, code := "ready", http.StatusOK
	for _, r := range results {
		if r != "ok" {
			status, code = "not ready", http.StatusServiceUnavailable
		}
	}
	c.JSON(code, report{Status: status, Checks: results})
}

// Run runs every check concurrently and returns name → "ok" or "failing".
func (p *Probes) Run(ctx context.Context) map[string]string {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	names := make([]string, 0, len(p.checks))
	for name := range p.checks {
		names = append(names, name)
	}
	sort.Strings(names)
	results := make(map[string]string, len(names))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, name := range names {
		wg.Add(1)
		go func(name string, check Check) {
			defer wg.Done()
			result := "ok"
			if err := check(ctx); err != nil {
				result = "failing"
			}
			mu.Lock()
			results[name] = result
			mu.Unlock()
		}(name, p.checks[name])
	}
	wg.Wait()
	return results
}
