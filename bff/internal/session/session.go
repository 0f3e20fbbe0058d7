// Package session mints and verifies the BFF's access tokens and keeps the sessions they stand for in
// Redis (DESIGN.md §4 "Sessions").
//
// A session is three things that must agree on every request:
//
//   - the access token the browser keeps and sends in the accessToken header: an HS256 JWT carrying
//     only sid, sub (a pseudonymous id, never the raw subject), aud, iat and exp;
//   - the record in Redis under <KeyPrefix>session:<sid>, holding the subject, audience, role, upstream
//     credentials, creation time, absolute expiry and the SHA-256 of the session's cookie secret; its key
//     TTL is the idle timeout, refreshed on every authenticated request and never beyond the absolute
//     expiry;
//   - an HttpOnly, Secure, SameSite=Strict cookie holding the random cookie secret, so a token copied out
//     of the browser's storage is useless in another browser.
//
// Every session records how its person proved who they are (Proof). A registration's session has
// proved nothing (ProofNone): it lives at most Config.UnprovenTTL, and Prove replaces it once the
// e-mail address is proved. Sessions are indexed by subject (RevokeSubject ends them) and by the
// session that opened them (revoking a member of staff's session revokes the borrower sessions it
// opened, which never outlive it).
//
// Deleting the record revokes the session at once. When Redis cannot answer within Config.RedisTimeout
// the middleware fails closed with 503 (never 401, which would make the apps drop their state).
//
// Nothing here logs, and no error built here contains, a token, a cookie secret or a subject.
package session

import (
	"crypto/hkdf"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/redis/go-redis/v9"
)

// Audience is who a session is for. A token is only accepted by middleware configured with its audience.
type Audience string

// The audiences of DESIGN.md §4.
const (
	AudienceBorrower Audience = "borrower"
	AudiencePortal   Audience = "portal"
	AudienceStaff    Audience = "staff"
	AudienceSandbox  Audience = "sandbox"
)

var audiences = [...]Audience{AudienceBorrower, AudiencePortal, AudienceStaff, AudienceSandbox}

// Valid reports whether a is one of the known audiences.
func (a Audience) Valid() bool {
	for _, known := range audiences {
		if a == known {
			return true
		}
	}
	return false
}

// Header names on the wire.
const (
	// HeaderAccessToken is the request header carrying the access token (the spec's name).
	HeaderAccessToken = "accessToken"
	// HeaderRenewedToken is the response header carrying a fresh token when the presented one was
	// close to its expiry. The apps replace their stored token with it.
	HeaderRenewedToken = "X-Renewed-Access-Token"
)

// Defaults applied by New to zero fields (and set by DefaultConfig).
const (
	DefaultTokenTTL     = 15 * time.Minute
	DefaultRenewWithin  = 5 * time.Minute
	DefaultIdleTTL      = 30 * time.Minute
	DefaultAbsoluteTTL  = 12 * time.Hour
	DefaultUnprovenTTL  = time.Hour
	DefaultCookieName   = "lender_session"
	DefaultRedisTimeout = 250 * time.Millisecond

	// MinSecretLen is the shortest server secret New accepts.
	MinSecretLen = 32
)

// Config configures a Manager. Start from DefaultConfig: a zero CookieSecure means an insecure cookie.
type Config struct {
	// Secret is the server secret (at least MinSecretLen bytes). The token signing key and the key of
	// the pseudonymous actor ids are derived from it (HKDF-SHA256), so neither is the secret itself.
	Secret []byte
	// TokenTTL is the lifetime of an access token (default 15 min).
	TokenTTL time.Duration
	// RenewWithin: a token with less than this left is renewed in HeaderRenewedToken (default 5 min).
	RenewWithin time.Duration
	// IdleTTL is how long a session survives without an authenticated request (default 30 min). It is
	// the TTL of the Redis key.
	IdleTTL time.Duration
	// AbsoluteTTL is the longest a session lives however active it is (default 12 h).
	AbsoluteTTL time.Duration
	// UnprovenTTL is the longest a session of ProofNone lives (default 1 h; AbsoluteTTL if shorter): a
	// registration that has not proved its e-mail address gets this long to prove it.
	UnprovenTTL time.Duration
	// CookieName is the base name of the binding cookie (default lender_session). The cookie of an
	// audience is named CookieName + "_" + audience, so the borrower app, the portal and the sandbox
	// mailbox, which share one origin, do not overwrite each other's binding. A "__Host-" prefix is
	// recommended in production.
	CookieName string
	// CookieSecure sets the Secure attribute on the cookie. DefaultConfig sets it; turn it off only for
	// plain-HTTP development on a browser that refuses Secure cookies there.
	CookieSecure bool
	// KeyPrefix is put before every Redis key this package writes.
	KeyPrefix string
	// RedisTimeout bounds every Redis call (default 250 ms). There are no retries beyond what the
	// client does within this deadline.
	RedisTimeout time.Duration
	// Now is the clock (default time.Now). Tests inject one to move through expiries.
	Now func() time.Time
}

// DefaultConfig is the configuration of DESIGN.md §4 without a secret.
func DefaultConfig() Config {
	return Config{
		TokenTTL:     DefaultTokenTTL,
		RenewWithin:  DefaultRenewWithin,
		IdleTTL:      DefaultIdleTTL,
		AbsoluteTTL:  DefaultAbsoluteTTL,
		UnprovenTTL:  DefaultUnprovenTTL,
		CookieName:   DefaultCookieName,
		CookieSecure: true,
		RedisTimeout: DefaultRedisTimeout,
	}
}

// String prints the configuration with the secret masked.
func (c Config) String() string {
	return fmt.Sprintf("session.Config{Secret:%s TokenTTL:%s RenewWithin:%s IdleTTL:%s AbsoluteTTL:%s UnprovenTTL:%s CookieName:%q CookieSecure:%t KeyPrefix:%q RedisTimeout:%s}",
		maskSecret(c.Secret), c.TokenTTL, c.RenewWithin, c.IdleTTL, c.AbsoluteTTL, c.UnprovenTTL, c.CookieName, c.CookieSecure, c.KeyPrefix, c.RedisTimeout)
}

// GoString is String, so %#v does not print the secret either.
func (c Config) GoString() string { return c.String() }

// LogValue logs the configuration with the secret masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("secret", maskSecret(c.Secret)),
		slog.Duration("tokenTTL", c.TokenTTL),
		slog.Duration("renewWithin", c.RenewWithin),
		slog.Duration("idleTTL", c.IdleTTL),
		slog.Duration("absoluteTTL", c.AbsoluteTTL),
		slog.Duration("unprovenTTL", c.UnprovenTTL),
		slog.String("cookieName", c.CookieName),
		slog.Bool("cookieSecure", c.CookieSecure),
		slog.String("keyPrefix", c.KeyPrefix),
		slog.Duration("redisTimeout", c.RedisTimeout),
	)
}

func maskSecret(s []byte) string {
	if len(s) == 0 {
		return "<unset>"
	}
	return fmt.Sprintf("<%d bytes>", len(s))
}

// Manager mints and verifies tokens, keeps sessions in Redis and provides the gin middleware. It is
// safe for concurrent use.
type Manager struct {
	cfg      Config
	rdb      redis.UniversalClient
	now      func() time.Time
	tokenKey []byte
	keyAny   any // tokenKey boxed once, so verifying a token does not allocate the conversion
	actorKey []byte
	parsers  map[Audience]*jwt.Parser
	keyfunc  jwt.Keyfunc
}

// New checks cfg, fills its zero durations and names with the defaults, derives the keys and builds
// one token parser per audience.
//
// The Redis client must bound its socket I/O by the context deadline (redis.Options
// ContextTimeoutEnabled) or by read and write timeouts no longer than RedisTimeout; otherwise a hung
// Redis would hold requests for the client's own timeout (5 s by default) instead of failing within
// RedisTimeout. New refuses a *redis.Client or *redis.ClusterClient that does neither.
func New(cfg Config, rdb redis.UniversalClient) (*Manager, error) {
	if len(cfg.Secret) < MinSecretLen {
		return nil, fmt.Errorf("session: the secret must be at least %d bytes, got %d", MinSecretLen, len(cfg.Secret))
	}
	if rdb == nil {
		return nil, errors.New("session: no Redis client")
	}
	def := DefaultConfig()
	setDefault(&cfg.TokenTTL, def.TokenTTL)
	setDefault(&cfg.RenewWithin, def.RenewWithin)
	setDefault(&cfg.IdleTTL, def.IdleTTL)
	setDefault(&cfg.AbsoluteTTL, def.AbsoluteTTL)
	setDefault(&cfg.UnprovenTTL, def.UnprovenTTL)
	cfg.UnprovenTTL = min(cfg.UnprovenTTL, cfg.AbsoluteTTL) // no session outlives the absolute limit
	setDefault(&cfg.RedisTimeout, def.RedisTimeout)
	if cfg.CookieName == "" {
		cfg.CookieName = def.CookieName
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	switch {
	case cfg.TokenTTL < time.Second:
		return nil, fmt.Errorf("session: TokenTTL %s is under a second (token times have second precision)", cfg.TokenTTL)
	case cfg.RenewWithin < 0 || cfg.RenewWithin >= cfg.TokenTTL:
		return nil, fmt.Errorf("session: RenewWithin %s must be between 0 and TokenTTL %s", cfg.RenewWithin, cfg.TokenTTL)
	case cfg.IdleTTL < time.Millisecond:
		return nil, fmt.Errorf("session: IdleTTL %s is under a millisecond", cfg.IdleTTL)
	case cfg.AbsoluteTTL < time.Second:
		return nil, fmt.Errorf("session: AbsoluteTTL %s is under a second", cfg.AbsoluteTTL)
	case cfg.UnprovenTTL < time.Second:
		return nil, fmt.Errorf("session: UnprovenTTL %s is under a second", cfg.UnprovenTTL)
	case cfg.RedisTimeout < 0:
		return nil, fmt.Errorf("session: RedisTimeout %s is negative", cfg.RedisTimeout)
	}
	for _, a := range audiences {
		if !validCookieName(cfg.CookieName + "_" + string(a)) {
			return nil, fmt.Errorf("session: cookie name %q is not a valid cookie name", cfg.CookieName)
		}
	}
	if strings.HasPrefix(cfg.CookieName, "__Host-") || strings.HasPrefix(cfg.CookieName, "__Secure-") {
		if !cfg.CookieSecure {
			return nil, fmt.Errorf("session: cookie name %q needs CookieSecure", cfg.CookieName)
		}
	}
	if err := checkClient(rdb, cfg.RedisTimeout); err != nil {
		return nil, err
	}

	tokenKey, err := hkdf.Key(sha256.New, cfg.Secret, nil, "lender bff session token v1", 32)
	if err != nil {
		return nil, fmt.Errorf("session: derive token key: %w", err)
	}
	actorKey, err := hkdf.Key(sha256.New, cfg.Secret, nil, "lender bff actor id v1", 32)
	if err != nil {
		return nil, fmt.Errorf("session: derive actor key: %w", err)
	}
	cfg.Secret = nil // the Manager keeps only the derived keys

	m := &Manager{
		cfg:      cfg,
		rdb:      rdb,
		now:      cfg.Now,
		tokenKey: tokenKey,
		keyAny:   tokenKey,
		actorKey: actorKey,
		parsers:  make(map[Audience]*jwt.Parser, len(audiences)),
	}
	m.keyfunc = func(t *jwt.Token) (any, error) {
		// WithValidMethods already pins HS256; this is the second lock on the same door.
		if t.Method != jwt.SigningMethodHS256 {
			return nil, errAlgorithm
		}
		return m.keyAny, nil
	}
	for _, a := range audiences {
		m.parsers[a] = jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
			jwt.WithExpirationRequired(),
			jwt.WithAudience(string(a)),
			jwt.WithTimeFunc(cfg.Now),
			jwt.WithStrictDecoding(),
		)
	}
	if !cfg.CookieSecure {
		slog.Warn("session cookies are set without the Secure attribute; this is for plain-HTTP development only")
	}
	return m, nil
}

func setDefault(d *time.Duration, def time.Duration) {
	if *d == 0 {
		*d = def
	}
}

// UnprovenTTL is the longest a session of ProofNone lives.
func (m *Manager) UnprovenTTL() time.Duration { return m.cfg.UnprovenTTL }

// CookieName is the name of the binding cookie for sessions of audience a.
func (m *Manager) CookieName(a Audience) string { return m.cfg.CookieName + "_" + string(a) }

func validCookieName(name string) bool {
	c := http.Cookie{Name: name, Value: "x"}
	return c.Valid() == nil
}

// checkClient refuses clients whose socket I/O can outlive RedisTimeout when Redis hangs.
func checkClient(rdb redis.UniversalClient, timeout time.Duration) error {
	var ctxTimeouts bool
	var read, write time.Duration
	switch c := rdb.(type) {
	case *redis.Client:
		o := c.Options()
		ctxTimeouts, read, write = o.ContextTimeoutEnabled, o.ReadTimeout, o.WriteTimeout
	case *redis.ClusterClient:
		o := c.Options()
		ctxTimeouts, read, write = o.ContextTimeoutEnabled, o.ReadTimeout, o.WriteTimeout
	default:
		return nil // cannot inspect; the caller answers for it
	}
	if ctxTimeouts || (read > 0 && read <= timeout && write > 0 && write <= timeout) {
		return nil
	}
	return fmt.Errorf("session: the Redis client must set ContextTimeoutEnabled (or read/write timeouts of at most %s) so that a hung Redis fails requests within RedisTimeout", timeout)
}
