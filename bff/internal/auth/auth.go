// Package auth holds the sign-in ceremonies of the borrower area (DESIGN §4 "Authentication
// ceremonies", spec §5): e-mailed sign-in links, 6-digit codes by e-mail or SMS, the staff sign-in and
// staff acting for a borrower, and log-out. PINs and registration live in package account.
//
// Secrets are never kept as they are sent. A link's token (256 random bits) is kept as its SHA-256; a
// code (6 digits, so guessable offline from a plain hash) is kept as an HMAC-SHA256 under a key derived
// from the server secret, bound to its purpose and address. Every record expires within 10 minutes, is
// deleted when used, and a code dies after CodeAttempts wrong tries. Redis keys name an address only by
// an HMAC of it. Sends and verifications are rate-limited per address here and per client IP by the
// router (package ratelimit).
//
// An address with no customer gets the same answer, in about the same time, as one with a customer:
// the BFF still stores a record (for a code, one whose code is never sent), so what a caller can
// observe does not say whether someone is a customer.
package auth

import (
	"context"
	"crypto/hkdf"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/signin"
)

// RoleStaff is the role of a staff member's own session (audience staff).
const RoleStaff = "staff"

// Config configures the handlers.
type Config struct {
	// PublicURL is the borrower app's address; links in e-mails start with it.
	PublicURL string
	// Secret is the server secret; the keys of the code HMAC and of address hashes derive from it.
	Secret []byte
	// KeyPrefix is put before every Redis key (then "auth:").
	KeyPrefix string
	// RedisTimeout bounds each Redis call.
	RedisTimeout time.Duration
	// LinkTTL and CodeTTL are the lifetimes of a link and a code (at most 10 minutes).
	LinkTTL time.Duration
	CodeTTL time.Duration
	// CodeAttempts is how many wrong codes kill a code.
	CodeAttempts int
	// SendsPerAddress and VerifiesPerAddress limit one address's sends and code attempts.
	SendsPerAddress    ratelimit.Rule
	VerifiesPerAddress ratelimit.Rule
	// Brands are the brands mails are sent in.
	Brands branding.Catalogue
}

// Deps are the collaborators of the handlers.
type Deps struct {
	Redis    redis.UniversalClient
	Lending  Lending
	Notify   Notify
	Sessions *session.Manager
	SignIn   *signin.Completer
	Limiter  *ratelimit.Limiter
}

// Handlers implements the auth part of the generated API.
type Handlers struct {
	cfg      Config
	rdb      redis.UniversalClient
	lending  Lending
	notify   Notify
	sessions *session.Manager
	signin   *signin.Completer
	limiter  *ratelimit.Limiter
	codeKey  []byte // HMAC key of stored codes
	addrKey  []byte // HMAC key of addresses in Redis key names
}

// New builds the handlers.
func New(cfg Config, d Deps) (*Handlers, error) {
	switch {
	case d.Redis == nil || d.Lending == nil || d.Notify == nil || d.Sessions == nil || d.SignIn == nil || d.Limiter == nil:
		return nil, errors.New("auth: a dependency is missing")
	case len(cfg.Secret) < 32:
		return nil, errors.New("auth: the secret must be at least 32 bytes")
	case cfg.LinkTTL <= 0 || cfg.LinkTTL > 10*time.Minute, cfg.CodeTTL <= 0 || cfg.CodeTTL > 10*time.Minute:
		return nil, errors.New("auth: link and code TTLs must be positive and at most 10 minutes")
	case cfg.CodeAttempts < 1:
		return nil, errors.New("auth: CodeAttempts must be positive")
	}
	if cfg.RedisTimeout <= 0 {
		cfg.RedisTimeout = 250 * time.Millisecond
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	codeKey, err := hkdf.Key(sha256.New, cfg.Secret, nil, "lender bff sign-in code v1", 32)
	if err != nil {
		return nil, fmt.Errorf("auth: derive code key: %w", err)
	}
	addrKey, err := hkdf.Key(sha256.New, cfg.Secret, nil, "lender bff sign-in address v1", 32)
	if err != nil {
		return nil, fmt.Errorf("auth: derive address key: %w", err)
	}
	cfg.Secret = nil // only the derived keys are kept
	return &Handlers{
		cfg:      cfg,
		rdb:      d.Redis,
		lending:  d.Lending,
		notify:   d.Notify,
		sessions: d.Sessions,
		signin:   d.SignIn,
		limiter:  d.Limiter,
		codeKey:  codeKey,
		addrKey:  addrKey,
	}, nil
}

// ginContext is the request's gin context (the router sets ContextWithFallback, and the strict
// server hands the *gin.Context to handlers).
func ginContext(ctx context.Context) (*gin.Context, error) {
	c, ok := ctx.(*gin.Context)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("auth: the handler context is not a gin context"))
	}
	return c, nil
}

// limit counts one attempt for address in scope against rule; over the limit it sets Retry-After and
// answers the 429 error.
func (h *Handlers) limit(ctx context.Context, rule ratelimit.Rule, scope, address string) error {
	return ratelimit.Count(ctx, h.limiter, rule, scope, address)
}

// redisCtx bounds one Redis call.
func (h *Handlers) redisCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, h.cfg.RedisTimeout)
}

// redisDown is the 503 of a failed Redis call (fail closed: nothing is sent or signed in).
func redisDown(err error) error {
	return web.Fail(web.CodeDependencyDown, fmt.Errorf("auth: redis: %w", err))
}
