// Package browserbind ties something a browser made before anyone is signed in (an eligibility check)
// to that browser, so that only the same browser can use it later (register with it). The browser holds
// a random secret in an HttpOnly, SameSite=Strict cookie; Redis keeps, per bound object, the SHA-256 of
// the secret of the browser that made it. An object id seen elsewhere (a shared link, a log, another
// person's device) is useless without that browser's cookie.
//
// Key names carry only the object's opaque id; values only hashes. A Redis failure fails closed.
package browserbind

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
)

const (
	secretBytes = 32 // 256 bits
	// secretLen is the length of a secret's base64url text; a cookie of any other length was not ours.
	secretLen = 43
	// maxCookies bounds how many same-named cookies are tried (one may be planted to shadow ours).
	maxCookies = 4
	// cookieLife is how long a browser keeps its secret: the longest a bound object lives.
	cookieLife = 30 * 24 * time.Hour
)

// The kinds of objects bound.
const (
	// KindEligibilityCheck: a soft check, which only the browser that ran it may register with.
	KindEligibilityCheck = "eligibility-check"
)

// ErrOtherBrowser: the object was not made in this browser (or its binding has expired).
var ErrOtherBrowser = errors.New("browserbind: made in another browser, or the binding expired")

// Config configures a Binder.
type Config struct {
	// CookieName is the cookie holding the browser's secret (e.g. lender_session_browser; "__Host-"
	// prefixed in production, which needs Secure).
	CookieName string
	// CookieSecure sets the cookie's Secure attribute.
	CookieSecure bool
	// KeyPrefix is put before every Redis key.
	KeyPrefix string
	// RedisTimeout bounds each Redis call.
	RedisTimeout time.Duration
}

// Binder binds objects to browsers. It is safe for concurrent use.
type Binder struct {
	cfg Config
	rdb redis.UniversalClient
}

// New returns a Binder.
func New(cfg Config, rdb redis.UniversalClient) *Binder {
	if cfg.RedisTimeout <= 0 {
		cfg.RedisTimeout = 250 * time.Millisecond
	}
	return &Binder{cfg: cfg, rdb: rdb}
}

func (b *Binder) key(kind, id string) string { return b.cfg.KeyPrefix + "bound:" + kind + ":" + id }

// Bind ties the object kind/id to the browser of c for ttl (at most 30 days), giving the browser its
// secret first if it has none. Failures are *web.Error values: CodeDependencyDown when Redis cannot answer.
func (b *Binder) Bind(ctx context.Context, c *gin.Context, kind, id string, ttl time.Duration) error {
	secret := b.secretOf(c)
	if secret == "" {
		raw := make([]byte, secretBytes)
		_, _ = rand.Read(raw) // crypto/rand never fails
		secret = base64.RawURLEncoding.EncodeToString(raw)
	}
	// Set on every bind, so the cookie lives as long as the newest object bound to it.
	http.SetCookie(c.Writer, &http.Cookie{Name: b.cfg.CookieName, Value: secret, Path: "/",
		MaxAge: int(cookieLife / time.Second), Secure: b.cfg.CookieSecure, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	sum := sha256.Sum256([]byte(secret))
	rctx, cancel := context.WithTimeout(ctx, b.cfg.RedisTimeout)
	defer cancel()
	if err := b.rdb.Set(rctx, b.key(kind, id), hex.EncodeToString(sum[:]), min(ttl, cookieLife)).Err(); err != nil {
		return web.Fail(web.CodeDependencyDown, fmt.Errorf("browserbind: redis: %w", err))
	}
	return nil
}

// Check answers nil when the browser of c made kind/id, ErrOtherBrowser when it did not (or no binding
// exists), and a CodeDependencyDown *web.Error when Redis cannot answer. It uses nothing up: the object's
// own rules say how often it may be used.
func (b *Binder) Check(ctx context.Context, c *gin.Context, kind, id string) error {
	rctx, cancel := context.WithTimeout(ctx, b.cfg.RedisTimeout)
	defer cancel()
	stored, err := b.rdb.Get(rctx, b.key(kind, id)).Result()
	switch {
	case errors.Is(err, redis.Nil):
		return ErrOtherBrowser
	case err != nil:
		return web.Fail(web.CodeDependencyDown, fmt.Errorf("browserbind: redis: %w", err))
	}
	want, err := hex.DecodeString(stored)
	if err != nil || len(want) != sha256.Size {
		return ErrOtherBrowser
	}
	match := 0
	n := 0
	for _, ck := range c.Request.CookiesNamed(b.cfg.CookieName) {
		if n == maxCookies {
			break
		}
		n++
		sum := sha256.Sum256([]byte(ck.Value))
		match |= subtle.ConstantTimeCompare(sum[:], want)
	}
	if match != 1 {
		return ErrOtherBrowser
	}
	return nil
}

// secretOf is the browser's secret when it holds one of ours, "" otherwise.
func (b *Binder) secretOf(c *gin.Context) string {
	for _, ck := range c.Request.CookiesNamed(b.cfg.CookieName) {
		if len(ck.Value) == secretLen {
			if _, err := base64.RawURLEncoding.DecodeString(ck.Value); err == nil {
				return ck.Value
			}
		}
	}
	return ""
}
