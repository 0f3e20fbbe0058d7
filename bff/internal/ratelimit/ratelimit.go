// Package ratelimit counts attempts in Redis and refuses the ones over a limit (DESIGN §4: sign-in
// sends and verifications are limited per client IP and per address).
//
// Each limit is a fixed window: the first attempt creates a counter that expires after the window, and
// every attempt increments it in one Lua script, so concurrent requests on several BFF instances never
// let more than the limit through. A refused attempt is HTTP 429 with the envelope (code 100429) and a
// message giving the real wait. When Redis cannot answer the limiter fails closed with 503: an
// unlimited sign-in endpoint is worse than a briefly unavailable one.
//
// Counters are keyed by an HMAC of what is counted (an IP address, an e-mail address, a phone number)
// under a key derived from the server secret, so Redis never holds the address itself and a leaked
// dump cannot be reversed by hashing a list of addresses.
package ratelimit

import (
	"context"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
)

// Rule is a limit: at most Limit attempts per Window.
type Rule struct {
	Limit  int
	Window time.Duration
}

// Config configures a Limiter.
type Config struct {
	// Secret is the server secret; the key of the counters' HMAC is derived from it.
	Secret []byte
	// KeyPrefix is put before every Redis key (then "rl:").
	KeyPrefix string
	// Timeout bounds each Redis call.
	Timeout time.Duration
	// Classes are the per-IP rules of the contract's x-rate-limit classes (e.g. "send", "verify").
	Classes map[string]Rule
	// Now is the clock of lockouts (time.Now when nil); windows run on Redis's own clock.
	Now func() time.Time
}

// Limiter counts attempts. It is safe for concurrent use.
type Limiter struct {
	rdb     redis.UniversalClient
	prefix  string
	timeout time.Duration
	key     []byte
	classes map[string]Rule
	now     func() time.Time
}

// New builds a Limiter.
func New(rdb redis.UniversalClient, cfg Config) (*Limiter, error) {
	if rdb == nil {
		return nil, errors.New("ratelimit: no Redis client")
	}
	if len(cfg.Secret) == 0 {
		return nil, errors.New("ratelimit: no secret")
	}
	for name, r := range cfg.Classes {
		if r.Limit < 1 || r.Window < time.Millisecond {
			return nil, fmt.Errorf("ratelimit: class %q needs a positive limit and window", name)
		}
	}
	key, err := hkdf.Key(sha256.New, cfg.Secret, nil, "lender bff rate-limit subject v1", 32)
	if err != nil {
		return nil, fmt.Errorf("ratelimit: derive key: %w", err)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 250 * time.Millisecond
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Limiter{rdb: rdb, prefix: cfg.KeyPrefix + "rl:", timeout: cfg.Timeout, key: key, classes: cfg.Classes, now: cfg.Now}, nil
}

// hitScript increments a window's counter, starting the window on the first hit.
// KEYS[1] counter; ARGV[1] window (ms). Returns {count, ms left in the window}.
var hitScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`)

// Allow counts one attempt by subject (an IP or an address) in scope (which limit: "ip:send",
// "addr:verify", …) and refuses it when it is over rule. Errors are *web.Error values: CodeRateLimited
// with the wait in the message, or CodeDependencyDown when Redis cannot answer. The wait is also
// returned so a handler can put it in a Retry-After header.
func (l *Limiter) Allow(ctx context.Context, rule Rule, scope, subject string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	res, err := hitScript.Run(ctx, l.rdb, []string{l.counterKey(scope, subject)}, rule.Window.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, web.Fail(web.CodeDependencyDown, fmt.Errorf("ratelimit: redis: %w", err))
	}
	if len(res) != 2 {
		return 0, web.Fail(web.CodeInternal, errors.New("ratelimit: unexpected reply"))
	}
	if res[0] <= int64(rule.Limit) {
		return 0, nil
	}
	wait := time.Duration(res[1]) * time.Millisecond
	return wait, Refusal(wait)
}

// Refusal is the 429 error for an attempt that must wait d.
func Refusal(d time.Duration) *web.Error {
	return web.FailWith(web.CodeRateLimited, "Too many attempts. Please wait "+Wait(d)+" and try again.", errors.New("rate limited"))
}

// Wait says d in words, rounded up to the minute (or seconds under a minute).
func Wait(d time.Duration) string {
	if d < time.Minute {
		s := max(1, int(math.Ceil(d.Seconds())))
		if s == 1 {
			return "1 second"
		}
		return strconv.Itoa(s) + " seconds"
	}
	m := int(math.Ceil(d.Minutes()))
	if m == 1 {
		return "1 minute"
	}
	return strconv.Itoa(m) + " minutes"
}

// counterKey is the Redis key of subject's counter in scope: an HMAC, never the subject.
func (l *Limiter) counterKey(scope, subject string) string {
	h := hmac.New(sha256.New, l.key)
	h.Write([]byte(scope))
	h.Write([]byte{0})
	h.Write([]byte(subject))
	var sum [sha256.Size]byte
	return l.prefix + scope + ":" + hex.EncodeToString(h.Sum(sum[:0])[:16])
}

// The contract's marks of a rate-limited operation.
const (
	// ExtRateLimit names the operation's class ("send", "verify", "staff", "telemetry").
	ExtRateLimit = "x-rate-limit"
	// ExtRateLimitWithHeader maps a request header to another class: a request that carries the
	// header (not empty) counts against that class instead (adminLogin with the staffToken header is
	// staff acting for a borrower, and takes from staff's allowance, not the borrowers').
	ExtRateLimitWithHeader = "x-rate-limit-with-header"
)

// gate is the per-IP limit of one operation: its class, and the classes of requests carrying a header.
type gate struct {
	class    string
	rule     Rule
	byHeader []headerGate
}

type headerGate struct {
	header, class string
	rule          Rule
}

// classOf is the class and rule a request to the operation counts against.
func (g gate) classOf(c *gin.Context) (string, Rule) {
	for _, h := range g.byHeader {
		if c.GetHeader(h.header) != "" {
			return h.class, h.rule
		}
	}
	return g.class, g.rule
}

// Gate reads each operation's x-rate-limit class (and x-rate-limit-with-header) from the contract and
// returns middleware that counts every request to such an operation against its class's per-IP rule
// (gin's ClientIP, which honours only the configured trusted proxies). A class without a rule is an
// error: the contract and the configuration must agree.
func (l *Limiter) Gate(spec *openapi3.T, basePath string) (gin.HandlerFunc, error) {
	gates := map[string]gate{}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			raw, ok := op.Extensions[ExtRateLimit]
			if !ok {
				continue
			}
			g, err := l.gateOf(raw, op.Extensions[ExtRateLimitWithHeader])
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			gates[method+" "+basePath+web.GinPath(path)] = g
		}
	}
	return func(c *gin.Context) {
		g, ok := gates[c.Request.Method+" "+c.FullPath()]
		if !ok {
			c.Next()
			return
		}
		class, rule := g.classOf(c)
		if wait, err := l.Allow(c.Request.Context(), rule, "ip:"+class, c.ClientIP()); err != nil {
			RetryAfter(c, wait)
			web.Abort(c, err)
			return
		}
		c.Next()
	}, nil
}

// gateOf reads an operation's marks: its class, and the classes by header.
func (l *Limiter) gateOf(class, byHeader any) (gate, error) {
	rule := func(raw any) (string, Rule, error) {
		name, _ := raw.(string)
		r, ok := l.classes[name]
		if !ok {
			return "", Rule{}, fmt.Errorf("%s class %q has no configured rule", ExtRateLimit, name)
		}
		return name, r, nil
	}
	var g gate
	var err error
	if g.class, g.rule, err = rule(class); err != nil {
		return gate{}, err
	}
	if byHeader == nil {
		return g, nil
	}
	headers, ok := byHeader.(map[string]any)
	if !ok || len(headers) == 0 {
		return gate{}, fmt.Errorf("%s must map a header to a class", ExtRateLimitWithHeader)
	}
	for _, header := range slices.Sorted(maps.Keys(headers)) {
		h := headerGate{header: header}
		if h.class, h.rule, err = rule(headers[header]); err != nil {
			return gate{}, err
		}
		g.byHeader = append(g.byHeader, h)
	}
	return g, nil
}

// Allower counts attempts against a rule; *Limiter is one.
type Allower interface {
	Allow(ctx context.Context, rule Rule, scope, subject string) (time.Duration, error)
}

// Count counts one attempt of subject in scope against rule: over the limit it answers the 429 error
// and, when ctx is the request's gin context, sets Retry-After on it. The one way a handler limits
// what one address or customer may do.
func Count(ctx context.Context, l Allower, rule Rule, scope, subject string) error {
	wait, err := l.Allow(ctx, rule, scope, subject)
	if err != nil {
		if c, ok := ctx.(*gin.Context); ok {
			RetryAfter(c, wait)
		}
		return err
	}
	return nil
}

// RetryAfter sets the Retry-After header (whole seconds, rounded up) when d is positive.
func RetryAfter(c *gin.Context, d time.Duration) {
	if d > 0 {
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(d.Seconds()))))
	}
}
