package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"

	"lender/bff/internal/brand"
	"lender/bff/internal/notices"
	"lender/bff/internal/payment"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/health"
	"lender/bff/internal/platform/metrics"
	"lender/bff/internal/platform/static"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
)

// Server is the assembled BFF: the public listener, the internal metrics listener and what they share.
type Server struct {
	cfg      config.Config
	log      *slog.Logger
	engine   *gin.Engine
	probes   *health.Probes
	redis    *redis.Client
	embedded *miniredis.Miniredis // the dev-only in-process Redis, when REDIS_URL is unset
	metrics  *metrics.Registry
	sessions *session.Manager
	// endUpstreams stops the upstream clients' background work (their breakers' health checks).
	endUpstreams context.CancelFunc
	// notices mails borrowers the lending core's decisions, signatures and payouts while Run serves.
	notices *notices.Poller

	httpListener    net.Listener
	metricsListener net.Listener
}

// New builds the BFF from cfg: Redis (or, in dev without REDIS_URL, an embedded server), sessions,
// upstream clients, the features (features.go) and the router.
func New(cfg config.Config, log *slog.Logger) (_ *Server, err error) {
	gin.SetMode(gin.ReleaseMode)
	s := &Server{cfg: cfg, log: log, metrics: metrics.New(), endUpstreams: func() {}}
	if s.redis, s.embedded, err = openRedis(cfg, log); err != nil {
		return nil, err
	}
	// A server that is not returned is never closed by its caller: what it opened is closed here.
	defer func() {
		if err != nil {
			s.close()
		}
	}()
	s.metrics.WatchRedis(s.redis)
	if s.sessions, err = session.New(sessionConfig(cfg), s.redis); err != nil {
		return nil, err
	}
	upstreamLife, endUpstreams := context.WithCancel(context.Background())
	s.endUpstreams = endUpstreams
	ups := newUpstreams(upstreamLife, cfg.Upstream, s.metrics)
	s.probes = health.New(ups.readiness(s.redis), 2*time.Second)
	limiter, err := newLimiter(cfg, s.redis)
	if err != nil {
		return nil, err
	}
	features, err := newWiring(cfg, log, s.redis, s.sessions, limiter, ups, s.webhookURL).api()
	if err != nil {
		return nil, err
	}
	bg := newBackgroundUpstreams(upstreamLife, cfg.Upstream)
	s.notices = notices.New(notices.Config{PublicURL: cfg.Auth.PublicURL, PollInterval: cfg.Notices.PollInterval,
		KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout, Brands: branding.New(cfg.Brands, bg.lending)}, s.redis, bg.lending, bg.notify, log)
	brandAssets, err := brand.Assets(cfg.Brands.AssetsDir)
	if err != nil {
		return nil, err
	}
	s.engine, err = newRouter(routerDeps{
		log:            log,
		basePath:       cfg.API.BasePath(),
		maxBodyBytes:   cfg.HTTP.MaxBodyBytes,
		hsts:           cfg.HTTP.HSTS,
		trustedProxies: cfg.HTTP.TrustedProxyList(),
		sessions:       s.sessions,
		limiter:        limiter,
		audit:          ups.lending,
		api:            features,
		probes:         s.probes,
		metrics:        s.metrics,
		borrower:       s.loadApp("borrower app", cfg.Static.BorrowerDir),
		portal:         s.loadApp("finance portal", cfg.Static.PortalDir),
		brandAssets:    brandAssets,
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// openRedis connects to REDIS_URL or, in the dev profile without one, to a Redis embedded in the
// process (returned too, to be closed with the server).
func openRedis(cfg config.Config, log *slog.Logger) (*redis.Client, *miniredis.Miniredis, error) {
	var embedded *miniredis.Miniredis
	redisURL := cfg.Redis.URL
	if redisURL == "" {
		if cfg.Profile != config.ProfileDev {
			return nil, nil, fmt.Errorf("profile %s needs REDIS_URL", cfg.Profile)
		}
		mr, err := miniredis.Run()
		if err != nil {
			return nil, nil, fmt.Errorf("start the embedded Redis: %w", err)
		}
		embedded = mr
		redisURL = "redis://" + mr.Addr() + "/0"
		log.Warn("REDIS_URL is unset: using an EMBEDDED in-process Redis. Sessions and the service flag are lost on restart and cannot be shared between BFF instances. Set REDIS_URL for anything but local development.",
			"embeddedRedisURL", redisURL)
	}
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	opts.DisableIdentity = true // Redis 7.0 does not know CLIENT SETINFO
	opts.DialTimeout = cfg.Redis.DialTimeout
	opts.ReadTimeout = cfg.Redis.Timeout
	opts.WriteTimeout = cfg.Redis.Timeout
	opts.PoolTimeout = cfg.Redis.Timeout
	opts.ContextTimeoutEnabled = true
	// Fail fast: a protected call must answer 503 at once when Redis refuses connections, not retry
	// into its timeout.
	opts.MaxRetries = -1
	opts.DialerRetries = 1
	opts.PoolSize = cfg.Redis.PoolSize
	return redis.NewClient(opts), embedded, nil
}

// sessionConfig is the session manager's part of cfg.
func sessionConfig(cfg config.Config) session.Config {
	c := session.DefaultConfig()
	c.Secret = []byte(cfg.Session.JWTSecret)
	c.TokenTTL = cfg.Session.TokenTTL
	c.RenewWithin = cfg.Session.RenewWithin
	c.IdleTTL = cfg.Session.IdleTTL
	c.AbsoluteTTL = cfg.Session.AbsoluteTTL
	c.UnprovenTTL = cfg.Session.UnprovenTTL
	c.CookieName = cfg.Session.CookieName
	c.CookieSecure = cfg.Session.CookieSecure
	c.KeyPrefix = cfg.Redis.KeyPrefix
	c.RedisTimeout = cfg.Redis.Timeout
	return c
}

// newLimiter holds the per-IP limits by the contract's x-rate-limit class: the sign-in ceremonies of
// borrowers (send, verify) and of staff (staff), whose per-address limits are inside them, and the
// telemetry tunnels.
func newLimiter(cfg config.Config, rdb *redis.Client) (*ratelimit.Limiter, error) {
	return ratelimit.New(rdb, ratelimit.Config{
		Secret: []byte(cfg.Session.JWTSecret), KeyPrefix: cfg.Redis.KeyPrefix, Timeout: cfg.Redis.Timeout,
		Classes: map[string]ratelimit.Rule{
			"send":      {Limit: cfg.Auth.SendsPerIP, Window: cfg.Auth.LimitWindow},
			"verify":    {Limit: cfg.Auth.VerifiesPerIP, Window: cfg.Auth.LimitWindow},
			"staff":     {Limit: cfg.Auth.StaffSignInsPerIP, Window: cfg.Auth.LimitWindow},
			"telemetry": {Limit: cfg.Telemetry.RequestsPerIP, Window: cfg.Telemetry.LimitWindow},
		},
	})
}

// loadApp loads a built app, or logs why it is not served (the API still works without it).
func (s *Server) loadApp(name, dir string) *static.Site {
	site, err := static.Load(dir)
	if err != nil {
		s.log.Warn(name+" is not served: build it with `make build`", "error", err.Error())
		return nil
	}
	return site
}

// Handler is the public HTTP handler (for tests that drive the BFF in process).
func (s *Server) Handler() http.Handler { return s.engine }

// Sessions is the session manager (for tests and benchmarks that need a signed-in caller).
func (s *Server) Sessions() *session.Manager { return s.sessions }

// Listen binds the public and the metrics listeners (":0" picks free ports; Addr tells which).
func (s *Server) Listen() error {
	var err error
	if s.httpListener, err = net.Listen("tcp", s.cfg.HTTP.Addr); err != nil {
		return fmt.Errorf("listen on %s: %w", s.cfg.HTTP.Addr, err)
	}
	if s.metricsListener, err = net.Listen("tcp", s.cfg.Metrics.Addr); err != nil {
		_ = s.httpListener.Close()
		return fmt.Errorf("listen on %s for metrics: %w", s.cfg.Metrics.Addr, err)
	}
	s.log.Info("listening", "listener", "http", "addr", s.httpListener.Addr().String())
	s.log.Info("listening", "listener", "metrics", "addr", s.metricsListener.Addr().String())
	return nil
}

// webhookURL is where the payment gateway reaches POST /webhooks/payments: the configured URL, or
// the BFF's own listener on the loopback (the sandbox on the same machine: make run, the tests).
func (s *Server) webhookURL() string {
	if u := s.cfg.Upstream.Payments.WebhookURL; u != "" {
		return u
	}
	if s.httpListener == nil {
		return ""
	}
	_, port, err := net.SplitHostPort(s.httpListener.Addr().String())
	if err != nil {
		return ""
	}
	return "http://" + net.JoinHostPort("127.0.0.1", port) + payment.WebhookPath
}

// Addr is the bound public address (after Listen).
func (s *Server) Addr() string { return s.httpListener.Addr().String() }

// MetricsAddr is the bound metrics address (after Listen).
func (s *Server) MetricsAddr() string { return s.metricsListener.Addr().String() }

// Run listens if Listen was not called, then serves until ctx is cancelled (SIGTERM in main), then
// drains: /readyz fails at once, the listener stays open for the drain delay so load balancers
// notice, then in-flight requests are given up to the shutdown timeout to finish.
func (s *Server) Run(ctx context.Context) error {
	if s.httpListener == nil {
		if err := s.Listen(); err != nil {
			s.close()
			return err
		}
	}
	public := &http.Server{
		Handler:           s.engine,
		ReadHeaderTimeout: s.cfg.HTTP.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.HTTP.ReadTimeout,
		WriteTimeout:      s.cfg.HTTP.WriteTimeout,
		IdleTimeout:       s.cfg.HTTP.IdleTimeout,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	metricsMux := http.NewServeMux()
	metricsMux.Handle("GET /metrics", s.metrics.Handler())
	internal := &http.Server{Handler: metricsMux, ReadHeaderTimeout: 5 * time.Second}

	errs := make(chan error, 2)
	go func() { errs <- public.Serve(s.httpListener) }()
	go func() { errs <- internal.Serve(s.metricsListener) }()
	noticesCtx, endNotices := context.WithCancel(context.Background())
	noticesDone := make(chan struct{})
	go func() {
		defer close(noticesDone)
		s.notices.Run(noticesCtx)
	}()
	stopNotices := func() {
		endNotices()
		<-noticesDone
	}

	select {
	case err := <-errs:
		_ = public.Close()
		_ = internal.Close()
		stopNotices()
		s.close()
		return fmt.Errorf("server stopped: %w", err)
	case <-ctx.Done():
	}

	s.probes.Drain()
	stopNotices() // a poll under way stops; the next poll (of any instance) carries on from the cursor
	s.log.Info("draining: readiness is now failing", "drainDelay", s.cfg.Shutdown.DrainDelay.String())
	if d := s.cfg.Shutdown.DrainDelay; d > 0 {
		time.Sleep(d) // the drain delay is itself the behaviour: time for load balancers to stop sending
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.Shutdown.Timeout)
	defer cancel()
	err := public.Shutdown(shutdownCtx)
	_ = internal.Shutdown(shutdownCtx)
	s.close()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: in-flight requests did not finish: %w", err)
	}
	s.log.Info("stopped")
	return nil
}

func (s *Server) close() {
	s.endUpstreams()
	_ = s.redis.Close()
	if s.embedded != nil {
		s.embedded.Close()
	}
}
