package app

import (
	"context"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/health"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/sandboxctl"
	"lender/bff/upstream/transport"
)

// upstreams is one client per provider. They are the concrete clients, so each satisfies every
// interface a feature declares of its provider.
type upstreams struct {
	lending     *lending.Client
	payments    *payments.Client
	openBanking *openbanking.Client
	identity    *identity.Client
	notify      *notify.Client
	// sandbox is the sandbox's control API (the persona catalogue), at the shared upstream base where
	// the sandbox serves every provider.
	sandbox *sandboxctl.Client
}

// transportAt is the configured transport of the provider at base; the breaker's background health
// checks end with lifetime.
func transportAt(lifetime context.Context, cfg config.Upstream, base string) transport.Config {
	c := transport.DefaultConfig(base)
	c.Timeout = cfg.Timeout
	c.BreakerFailures = cfg.Breaker.Failures
	c.BreakerCooldown = cfg.Breaker.Cooldown
	c.BreakerHealthInterval = cfg.Breaker.HealthInterval
	c.BreakerHealthMaxInterval = cfg.Breaker.HealthMaxInterval
	c.Lifetime = lifetime
	return c
}

// newUpstreams builds every client with its own connection pool and breaker, reporting to obs. The
// breakers' background health checks end with lifetime.
func newUpstreams(lifetime context.Context, cfg config.Upstream, obs transport.Observer) upstreams {
	at := func(base string) transport.Config { return transportAt(lifetime, cfg, base) }
	return upstreams{
		lending:     lending.New(at(cfg.BaseFor(lending.Name)), obs),
		payments:    payments.New(at(cfg.BaseFor(payments.Name)), obs),
		openBanking: openbanking.New(at(cfg.BaseFor(openbanking.Name)), obs),
		identity:    identity.New(at(cfg.BaseFor(identity.Name)), obs),
		notify:      notify.New(at(cfg.BaseFor(notify.Name)), obs),
		sandbox:     sandboxctl.New(at(cfg.BaseURL), nil),
	}
}

// readiness is what /readyz checks: Redis and every provider, by name.
func (u upstreams) readiness(rdb *redis.Client) map[string]health.Check {
	return map[string]health.Check{
		"redis":          func(ctx context.Context) error { return rdb.Ping(ctx).Err() },
		lending.Name:     u.lending.Ping,
		payments.Name:    u.payments.Ping,
		openbanking.Name: u.openBanking.Ping,
		identity.Name:    u.identity.Ping,
		notify.Name:      u.notify.Ping,
	}
}

// backgroundUpstreams are clients of their own for the work the BFF does on its own account (the
// notices poller): their own pools and breakers, so a poll failing against a provider that is down
// neither opens the breaker borrowers' requests go through nor waits behind them. They report no
// metrics (the request paths' clients do, under the providers' names).
type backgroundUpstreams struct {
	lending *lending.Client
	notify  *notify.Client
}

func newBackgroundUpstreams(lifetime context.Context, cfg config.Upstream) backgroundUpstreams {
	return backgroundUpstreams{
		lending: lending.New(transportAt(lifetime, cfg, cfg.BaseFor(lending.Name)), nil),
		notify:  notify.New(transportAt(lifetime, cfg, cfg.BaseFor(notify.Name)), nil),
	}
}
