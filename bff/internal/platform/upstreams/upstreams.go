// Package upstreams builds the BFF's upstream clients from configuration and turns their failures into
// catalogue errors, so every feature maps an unreachable or slow provider the same way.
package upstreams

import (
	"context"
	"errors"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
)

// Set is one client per upstream provider.
type Set struct {
	Lending     lending.API
	Payments    payments.API
	OpenBanking openbanking.API
	Identity    identity.API
	Notify      notify.API
}

// New builds every client with its own connection pool and breaker, reporting to obs. The breakers'
// background health checks end with lifetime.
func New(lifetime context.Context, cfg config.Upstream, obs transport.Observer) Set {
	tc := func(name string) transport.Config {
		return Transport(lifetime, cfg, cfg.BaseFor(name))
	}
	return Set{
		Lending:     lending.New(tc("lending"), obs),
		Payments:    payments.New(tc("payments"), obs),
		OpenBanking: openbanking.New(tc("openbanking"), obs),
		Identity:    identity.New(tc("identity"), obs),
		Notify:      notify.New(tc("notify"), obs),
	}
}

// Transport is the configuration of an upstream client at base: the configured timeout and breaker.
func Transport(lifetime context.Context, cfg config.Upstream, base string) transport.Config {
	c := transport.DefaultConfig(base)
	c.Timeout = cfg.Timeout
	c.BreakerFailures = cfg.Breaker.Failures
	c.BreakerCooldown = cfg.Breaker.Cooldown
	c.BreakerHealthInterval = cfg.Breaker.HealthInterval
	c.BreakerHealthMaxInterval = cfg.Breaker.HealthMaxInterval
	c.Lifetime = lifetime
	return c
}

// Pings are the readiness checks of every upstream, by provider name.
func (s Set) Pings() map[string]func(context.Context) error {
	return map[string]func(context.Context) error{
		"lending":     s.Lending.Ping,
		"payments":    s.Payments.Ping,
		"openbanking": s.OpenBanking.Ping,
		"identity":    s.Identity.Ping,
		"notify":      s.Notify.Ping,
	}
}

// Fail maps an upstream failure to the catalogue. Features handle the 4xx answers they expect
// (a declined card, an unknown brand) before calling this; what reaches here is a fault.
func Fail(err error) *web.Error {
	switch {
	case errors.Is(err, context.Canceled):
		return web.Fail(web.CodeInternal, err)
	case errors.Is(err, transport.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return web.Fail(web.CodeUpstreamTimeout, err)
	case errors.Is(err, transport.ErrUnavailable):
		return web.Fail(web.CodeDependencyDown, err)
	default:
		return web.Fail(web.CodeUpstreamFailed, err)
	}
}
