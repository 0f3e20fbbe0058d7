// Package onepage serves the one-page journey's calls (onePage/*): the seven guarded steps of spec §2
// (e-mail, purpose, housing, address, income, open banking, submit) against the signed-in customer's
// latest application. The lending core records each step and derives the journeyMap on every read;
// this package checks that the application is the caller's, shapes what each step recorded for its
// screen, binds the open-banking return to the session that started it, and turns the core's refusals
// into messages a person can act on.
package onepage

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/shared/branding"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/openbanking"
)

// Mailer sends and redeems the e-mail confirmation links; *account.Handlers is one, so the links of
// the one-page step and of registration are the same links.
type Mailer interface {
	SendConfirmation(ctx context.Context, cu lending.Customer, applicationID string) error
	ConfirmEmail(ctx context.Context, customerID, token string) error
}

// Deps are what the handlers use.
type Deps struct {
	Lending     Lending
	OpenBanking OpenBanking
	Mailer      Mailer
	Redis       redis.UniversalClient
	Config      Config
}

// Config configures the handlers.
type Config struct {
	// PublicURL is the borrower app's origin: the bank-consent page sends the browser back under it.
	PublicURL string
	// KeyPrefix is put before every Redis key this package writes.
	KeyPrefix string
	// RedisTimeout bounds each Redis call (default 250 ms).
	RedisTimeout time.Duration
	// ConsentTTL is how long an open-banking return is accepted after the link was made (default
	// 10 minutes, the life of the provider's one-time code).
	ConsentTTL time.Duration
	// Brands are the configured brands: the bank-consent page names the one owning the application.
	Brands branding.Catalogue
}

// Handlers implements the one-page part of the generated API.
type Handlers struct {
	lending Lending
	ob      OpenBanking
	mailer  Mailer
	rdb     redis.UniversalClient
	cfg     Config
}

// New returns the handlers.
func New(d Deps) *Handlers {
	if d.Config.RedisTimeout <= 0 {
		d.Config.RedisTimeout = 250 * time.Millisecond
	}
	if d.Config.ConsentTTL <= 0 {
		d.Config.ConsentTTL = openbanking.CodeTTL
	}
	return &Handlers{lending: d.Lending, ob: d.OpenBanking, mailer: d.Mailer, rdb: d.Redis, cfg: d.Config}
}

// redisCtx bounds one Redis call.
func (h *Handlers) redisCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, h.cfg.RedisTimeout)
}
