package transport

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-resty/resty/v2"
)

// Config configures one upstream client. Start from DefaultConfig and override what differs.
type Config struct {
	// BaseURL is the provider's full API base, e.g. http://127.0.0.1:8090/lending/v1. Request paths
	// are appended to it.
	BaseURL string
	// Timeout bounds one attempt: connecting, sending, and reading the whole answer.
	Timeout time.Duration
	// MaxConnsPerHost caps the connections to the upstream (dialing, active and idle); as many are kept
	// idle for reuse. Calls beyond it wait for a connection, within Timeout.
	MaxConnsPerHost int
	// Retries is how many times a retryable call is tried again; 0 disables retries.
	Retries int
	// BreakerFailures is how many consecutive failed calls open the circuit breaker.
	BreakerFailures int
	// BreakerCooldown is the longest the breaker stays open: after it the next call is let through
	// as a probe whatever the health checks said.
	BreakerCooldown time.Duration
	// BreakerHealthInterval is how long after opening the breaker first checks the upstream's
	// GET /health; each failed check, and each probe that failed since the breaker last closed,
	// doubles the wait, up to BreakerHealthMaxInterval. A healthy answer half-opens the breaker at
	// once, so the next call is the probe.
	BreakerHealthInterval time.Duration
	// BreakerHealthMaxInterval caps the wait between health checks, and bounds each check.
	BreakerHealthMaxInterval time.Duration
	// RetryBackoff is the first wait before a retry; each later wait doubles it (capped at 2 s), with
	// jitter.
	RetryBackoff time.Duration
	// Lifetime, when set, ends the client's background work when it ends: the health checks of an open
	// breaker stop (the BFF cancels it at shutdown). Close does the same for one client.
	Lifetime context.Context
}

// Defaults used by DefaultConfig, and by New for fields left at zero (except Retries, where zero means
// no retries).
const (
	DefaultTimeout         = 5 * time.Second
	DefaultMaxConnsPerHost = 256
	DefaultRetries         = 2
	DefaultBreakerFailures = 5
	DefaultBreakerCooldown = 10 * time.Second
	DefaultRetryBackoff    = 50 * time.Millisecond
	// An open breaker checks GET /health after 250 ms, 500 ms, 1 s, then every 2 s: a recovered
	// upstream is used again within about 2 s, at a cost of a handful of health checks per outage.
	DefaultBreakerHealthInterval    = 250 * time.Millisecond
	DefaultBreakerHealthMaxInterval = 2 * time.Second

	maxRetryBackoff = 2 * time.Second
	// maxResponseBytes caps what is read of one answer.
	maxResponseBytes = 4 << 20
)

// DefaultConfig is a sensible configuration for an upstream at baseURL. 256 connections per host
// carry ~1000 req/s with ample headroom at the millisecond latencies of the sandbox and of healthy
// providers (Little's law: 1000 req/s × 10 ms ≈ 10 connections in use).
func DefaultConfig(baseURL string) Config {
	return Config{
		BaseURL:                  baseURL,
		Timeout:                  DefaultTimeout,
		MaxConnsPerHost:          DefaultMaxConnsPerHost,
		Retries:                  DefaultRetries,
		BreakerFailures:          DefaultBreakerFailures,
		BreakerCooldown:          DefaultBreakerCooldown,
		RetryBackoff:             DefaultRetryBackoff,
		BreakerHealthInterval:    DefaultBreakerHealthInterval,
		BreakerHealthMaxInterval: DefaultBreakerHealthMaxInterval,
	}
}

func (c Config) withDefaults() Config {
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxConnsPerHost <= 0 {
		c.MaxConnsPerHost = DefaultMaxConnsPerHost
	}
	if c.Retries < 0 {
		c.Retries = 0
	}
	if c.BreakerFailures <= 0 {
		c.BreakerFailures = DefaultBreakerFailures
	}
	if c.BreakerCooldown <= 0 {
		c.BreakerCooldown = DefaultBreakerCooldown
	}
	if c.RetryBackoff <= 0 {
		c.RetryBackoff = DefaultRetryBackoff
	}
	if c.BreakerHealthInterval <= 0 {
		c.BreakerHealthInterval = DefaultBreakerHealthInterval
	}
	if c.BreakerHealthMaxInterval <= 0 {
		c.BreakerHealthMaxInterval = DefaultBreakerHealthMaxInterval
	}
	c.BreakerHealthMaxInterval = max(c.BreakerHealthMaxInterval, c.BreakerHealthInterval)
	if c.Lifetime == nil {
		c.Lifetime = context.Background()
	}
	return c
}

// Option adjusts a Client beyond its Config. Production code needs none.
type Option func(*options)

type options struct {
	now func() time.Time
}

// WithClock gives the circuit breaker a clock other than time.Now, so tests can pass the cooldown
// without waiting for it. The waits between health checks are real time still.
func WithClock(now func() time.Time) Option {
	return func(o *options) { o.now = now }
}

// Client calls one upstream. It is safe for concurrent use; build one per upstream and keep it.
type Client struct {
	provider string
	cfg      Config
	obs      Observer
	rc       *resty.Client
	hc       *http.Client
	breaker  *breaker

	// life ends the health checks: Config.Lifetime, cancelled by Close too.
	life     context.Context
	end      context.CancelFunc
	watchMu  sync.Mutex // orders starting a health watch against Close
	watchers sync.WaitGroup
}

// New builds the client of one upstream. provider names it in metrics and errors ("lending", …);
// obs may be nil.
func New(provider string, cfg Config, obs Observer, opts ...Option) *Client {
	cfg = cfg.withDefaults()
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	dialer := &net.Dialer{Timeout: min(cfg.Timeout, 5*time.Second), KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          cfg.MaxConnsPerHost,
		MaxIdleConnsPerHost:   cfg.MaxConnsPerHost,
		MaxConnsPerHost:       cfg.MaxConnsPerHost,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   min(cfg.Timeout, 5*time.Second),
		ResponseHeaderTimeout: cfg.Timeout,
		ExpectContinueTimeout: time.Second,
	}
	hc := &http.Client{
		Transport: tr,
		// No Jar: upstream calls carry no cookies. Redirects are answered, not followed.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	rc := resty.NewWithClient(hc).
		SetBaseURL(cfg.BaseURL).
		SetLogger(discardLogger{}).
		SetResponseBodyLimit(maxResponseBytes).
		SetHeader("Accept", "application/json").
		SetHeader("User-Agent", "lender-bff")

	c := &Client{provider: provider, cfg: cfg, obs: obs, rc: rc, hc: hc}
	c.life, c.end = context.WithCancel(cfg.Lifetime)
	c.breaker = newBreaker(cfg.BreakerFailures, cfg.BreakerCooldown, o.now, func(s BreakerState) {
		if obs != nil {
			obs.ObserveBreaker(provider, s)
		}
	})
	return c
}

// Provider is the name the client was built with.
func (c *Client) Provider() string { return c.provider }

// BaseURL is the upstream base the client calls.
func (c *Client) BaseURL() string { return c.cfg.BaseURL }

// BreakerState is the circuit breaker's current state.
func (c *Client) BreakerState() BreakerState { return c.breaker.current() }

// CloseIdleConnections closes the pool's idle connections (at shutdown).
func (c *Client) CloseIdleConnections() { c.hc.CloseIdleConnections() }

// Close stops the breaker's health checks, waits until they have ended and closes the idle
// connections. Calls still work afterwards; an open breaker then waits out its cooldown.
func (c *Client) Close() {
	c.watchMu.Lock()
	c.end()
	c.watchMu.Unlock()
	c.watchers.Wait()
	c.CloseIdleConnections()
}

// Request describes one upstream call.
type Request struct {
	// Operation names the call in metrics and errors, e.g. "brands.get". Keep it low-cardinality:
	// never put ids in it.
	Operation string
	// Method is the HTTP method; "" means GET.
	Method string
	// Path is appended to the base URL. It must start with "/" and be escaped already
	// (url.PathEscape each dynamic segment).
	Path string
	// Query, when not nil, is sent as the query string.
	Query url.Values
	// Header, when not nil, is added to the request (e.g. per-session upstream credentials).
	Header http.Header
	// Body, when not nil, is sent as JSON.
	Body any
	// IdempotencyKey, when set, is sent as Idempotency-Key and makes a non-idempotent method retryable:
	// the upstream answers a repeated key with the first outcome.
	IdempotencyKey string
}

// Get is Do for a GET of path with no body.
func (c *Client) Get(ctx context.Context, operation, path string, result any) error {
	return c.Do(ctx, Request{Operation: operation, Method: http.MethodGet, Path: path}, result)
}

// Do performs one call. On a 2xx answer the JSON body is decoded into result (when result is not nil
// and there is a body). Otherwise the error wraps ErrUnavailable, ErrTimeout, ErrBadResponse, a
// *StatusError, or the caller's context.Canceled.
func (c *Client) Do(ctx context.Context, req Request, result any) error {
	if !strings.HasPrefix(req.Path, "/") {
		return errRelativePath
	}
	start := time.Now()
	if req.Method == "" {
		req.Method = http.MethodGet
	}
	t, ok := c.breaker.allow()
	if !ok {
		c.observe(req.Operation, OutcomeBreakerOpen, start)
		return &callError{provider: c.provider, operation: req.Operation, kind: ErrUnavailable, cause: ErrBreakerOpen}
	}
	retryable := req.Method == http.MethodGet || req.Method == http.MethodHead || req.IdempotencyKey != ""
	var (
		out string
		err error
	)
	for attempt := 0; ; attempt++ {
		out, err = c.attempt(ctx, &req, result)
		if !retryable || attempt >= c.cfg.Retries || (out != OutcomeServerError && out != OutcomeUnavailable) {
			break
		}
		if werr := c.wait(ctx, attempt); werr != nil {
			out, err = c.contextFailure(req.Operation, werr)
			break
		}
	}
	if o, opened := c.breaker.record(t, breakerVerdict(out)); opened {
		c.watchHealth(o)
	}
	c.observe(req.Operation, out, start)
	return err
}

// errRelativePath is a programming error: a path that is not under the base URL (resty would send an
// absolute URL as it is).
var errRelativePath = errors.New("transport: request path must start with / (it is appended to the base URL)")

func breakerVerdict(outcome string) verdict {
	switch outcome {
	case OutcomeOK, OutcomeClientError:
		return verdictSuccess
	case OutcomeCanceled:
		return verdictIgnore
	default:
		return verdictFailure
	}
}

func (c *Client) observe(operation, outcome string, start time.Time) {
	if c.obs != nil {
		c.obs.ObserveCall(c.provider, operation, outcome, time.Since(start))
	}
}

// attempt sends the request once and classifies what came back.
func (c *Client) attempt(ctx context.Context, req *Request, result any) (string, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()

	r := c.rc.R().SetContext(actx)
	if id := RequestID(ctx); headerSafe(id) {
		r.SetHeader(RequestIDHeader, id)
	}
	if req.IdempotencyKey != "" {
		r.SetHeader(IdempotencyKeyHeader, req.IdempotencyKey)
	}
	for k, vs := range req.Header {
		for _, v := range vs {
			r.Header.Add(k, v)
		}
	}
	if req.Query != nil {
		r.SetQueryParamsFromValues(req.Query)
	}
	if req.Body != nil {
		r.SetHeader("Content-Type", "application/json").SetBody(req.Body)
	}

	resp, err := r.Execute(req.Method, req.Path)
	if err != nil {
		return c.transportFailure(req.Operation, ctx, actx, err)
	}
	status := resp.StatusCode()
	switch {
	case status >= 200 && status < 300:
		if body := resp.Body(); result != nil && len(body) > 0 {
			if derr := json.Unmarshal(body, result); derr != nil {
				return OutcomeBadResponse, &callError{provider: c.provider, operation: req.Operation, kind: ErrBadResponse, status: status, cause: derr}
			}
		}
		return OutcomeOK, nil
	case status >= 400 && status < 500:
		return OutcomeClientError, &callError{provider: c.provider, operation: req.Operation, kind: newStatusError(status, resp.Body())}
	case status >= 500:
		return OutcomeServerError, &callError{provider: c.provider, operation: req.Operation, kind: ErrUnavailable, status: status}
	default:
		return OutcomeBadResponse, &callError{provider: c.provider, operation: req.Operation, kind: ErrBadResponse, status: status}
	}
}

// transportFailure classifies an error from sending the request or reading the answer.
func (c *Client) transportFailure(operation string, ctx, actx context.Context, err error) (string, error) {
	if ctx.Err() != nil {
		return c.contextFailure(operation, ctx.Err())
	}
	// Keep the cause without the *url.Error wrapper, whose text holds the full URL and query.
	cause := err
	var uerr *url.Error
	if errors.As(err, &uerr) {
		cause = uerr.Err
	}
	var oerr *net.OpError
	if errors.As(err, &oerr) && oerr.Op == "dial" {
		return OutcomeUnavailable, &callError{provider: c.provider, operation: operation, kind: ErrUnavailable, cause: cause}
	}
	var nerr net.Error
	if actx.Err() != nil || (errors.As(err, &nerr) && nerr.Timeout()) {
		return OutcomeTimeout, &callError{provider: c.provider, operation: operation, kind: ErrTimeout, cause: cause}
	}
	if errors.Is(err, resty.ErrResponseBodyTooLarge) {
		return OutcomeBadResponse, &callError{provider: c.provider, operation: operation, kind: ErrBadResponse, cause: cause}
	}
	return OutcomeUnavailable, &callError{provider: c.provider, operation: operation, kind: ErrUnavailable, cause: cause}
}

// contextFailure classifies a call ended by the caller's context: its deadline is a timeout, its
// cancellation is the caller's own doing.
func (c *Client) contextFailure(operation string, ctxErr error) (string, error) {
	if errors.Is(ctxErr, context.DeadlineExceeded) {
		return OutcomeTimeout, &callError{provider: c.provider, operation: operation, kind: ErrTimeout, cause: ctxErr}
	}
	return OutcomeCanceled, &callError{provider: c.provider, operation: operation, kind: ctxErr}
}

// wait sleeps before retry number attempt+1: RetryBackoff·2^attempt, capped, the upper half jittered.
func (c *Client) wait(ctx context.Context, attempt int) error {
	d := c.cfg.RetryBackoff << min(attempt, 16)
	if d <= 0 || d > maxRetryBackoff {
		d = maxRetryBackoff
	}
	d = d/2 + rand.N(d/2+1)
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// discardLogger silences resty: the transport reports through errors and the Observer.
type discardLogger struct{}

func (discardLogger) Errorf(string, ...any) {}
func (discardLogger) Warnf(string, ...any)  {}
func (discardLogger) Debugf(string, ...any) {}
