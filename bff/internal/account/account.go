// Package account serves the borrower's account calls that follow or replace a sign-in ceremony:
// signing in (or stepping up) with a PIN, setting the PIN, registering after an eligibility check,
// confirming the e-mail address with the link mailed at registration, starting an application over,
// and a borrower's change of e-mail address (confirmed by the same kind of link, mailed to the new
// address) and of PIN (the old one checked as a step-up checks it). PINs are verified and kept by the lending core, which locks a PIN for a while after wrong
// tries; this package tells the PIN's owner by e-mail when that happens (pinlock.go), and keeps only
// the e-mail confirmation tokens (hashed, in Redis), a per-address count of PIN tries, and for an
// address with no customer a decoy count and lock, so that PIN tries answer as a customer's would.
package account

import (
	"context"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// Limiter counts attempts; *ratelimit.Limiter is one.
type Limiter interface {
	Allow(ctx context.Context, rule ratelimit.Rule, scope, subject string) (time.Duration, error)
	Fail(ctx context.Context, lo ratelimit.Lockout, scope, subject string) (left int, lockedUntil time.Time, err error)
}

// Checks says whether an eligibility check was run in the request's browser; *browserbind.Binder is one.
type Checks interface {
	Check(ctx context.Context, c *gin.Context, kind, id string) error
}

// Deps are what the handlers use.
type Deps struct {
	Checks   Checks
	Lending  Lending
	Notify   Notify
	Signin   *signin.Completer
	Sessions *session.Manager
	Redis    redis.UniversalClient
	Limiter  Limiter
	Config   Config
}

// Config configures the handlers.
type Config struct {
	// PublicURL is the borrower app's origin; the e-mail confirmation link starts with it.
	PublicURL string
	// KeyPrefix is put before every Redis key this package writes.
	KeyPrefix string
	// RedisTimeout bounds each Redis call (default 250 ms).
	RedisTimeout time.Duration
	// PINTries limits PIN attempts per e-mail address (or per signed-in customer).
	PINTries ratelimit.Rule
	// Sends limits the links one borrower asks to be mailed to a new address.
	Sends ratelimit.Rule
	// ConfirmationTTL is how long an e-mail confirmation link works (default 24 h).
	ConfirmationTTL time.Duration
	// Brands are the configured brands: a mail is in the brand of the customer's application.
	Brands branding.Catalogue
}

// Handlers implements the account part of the generated API.
type Handlers struct {
	checks   Checks
	lending  Lending
	notify   Notify
	signin   *signin.Completer
	sessions *session.Manager
	rdb      redis.UniversalClient
	limiter  Limiter
	cfg      Config
}

// New returns the handlers.
func New(d Deps) *Handlers {
	if d.Config.RedisTimeout <= 0 {
		d.Config.RedisTimeout = 250 * time.Millisecond
	}
	if d.Config.ConfirmationTTL <= 0 {
		d.Config.ConfirmationTTL = 24 * time.Hour
	}
	return &Handlers{checks: d.Checks, lending: d.Lending, notify: d.Notify, signin: d.Signin, sessions: d.Sessions, rdb: d.Redis,
		limiter: d.Limiter, cfg: d.Config}
}

// confirmationTTL is how long a confirmation link mailed now works: limit, but in a session that has
// proved nothing no longer than that session lives, since only it can open the link (a proof step no
// session outlives).
func (h *Handlers) confirmationTTL(ctx context.Context, limit time.Duration) time.Duration {
	if s, ok := session.From(ctx); ok && !s.Proven() {
		return min(limit, time.Until(s.ExpiresAt))
	}
	return limit
}

// sessionCustomer is the lending core's record of the signed-in customer sess names: 100401 when there
// is no such customer any more (the session outlived it).
func (h *Handlers) sessionCustomer(ctx context.Context, sess *session.Session) (lending.Customer, error) {
	return signin.SessionCustomer(ctx, h.lending, sess)
}

// redisCtx bounds one Redis call.
func (h *Handlers) redisCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, h.cfg.RedisTimeout)
}
