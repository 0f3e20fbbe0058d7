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

	"lender/bff/internal/account"
	"lender/bff/internal/application"
	"lender/bff/internal/approval"
	"lender/bff/internal/auth"
	"lender/bff/internal/brand"
	"lender/bff/internal/browserbind"
	"lender/bff/internal/legacy"
	"lender/bff/internal/onepage"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/health"
	"lender/bff/internal/platform/metrics"
	"lender/bff/internal/platform/static"
	"lender/bff/internal/platform/upstreams"
	"lender/bff/internal/quote"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/sandboxmail"
	"lender/bff/internal/service"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/internal/telemetry"
	"lender/bff/upstream/sandboxctl"
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

	httpListener    net.Listener
	metricsListener net.Listener
}

// New builds the BFF from cfg: Redis (or, in dev without REDIS_URL, an embedded server), sessions,
// upstream clients, feature handlers and the router.
func New(cfg config.Config, log *slog.Logger) (*Server, error) {
	gin.SetMode(gin.ReleaseMode)
	s := &Server{cfg: cfg, log: log, metrics: metrics.New()}

	redisURL := cfg.Redis.URL
	if redisURL == "" {
		if cfg.Profile != config.ProfileDev {
			return nil, fmt.Errorf("profile %s needs REDIS_URL", cfg.Profile)
		}
		mr, err := miniredis.Run()
		if err != nil {
			return nil, fmt.Errorf("start the embedded Redis: %w", err)
		}
		s.embedded = mr
		redisURL = "redis://" + mr.Addr() + "/0"
		log.Warn("REDIS_URL is unset: using an EMBEDDED in-process Redis. Sessions and the service flag are lost on restart and cannot be shared between BFF instances. Set REDIS_URL for anything but local development.",
			"embeddedRedisURL", redisURL)
	}
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %w", err)
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
	s.redis = redis.NewClient(opts)
	s.metrics.WatchRedis(s.redis)

	sessionCfg := session.DefaultConfig()
	sessionCfg.Secret = []byte(cfg.Session.JWTSecret)
	sessionCfg.TokenTTL = cfg.Session.TokenTTL
	sessionCfg.RenewWithin = cfg.Session.RenewWithin
	sessionCfg.IdleTTL = cfg.Session.IdleTTL
	sessionCfg.AbsoluteTTL = cfg.Session.AbsoluteTTL
	sessionCfg.UnprovenTTL = cfg.Session.UnprovenTTL
	sessionCfg.CookieName = cfg.Session.CookieName
	sessionCfg.CookieSecure = cfg.Session.CookieSecure
	sessionCfg.KeyPrefix = cfg.Redis.KeyPrefix
	sessionCfg.RedisTimeout = cfg.Redis.Timeout
	s.sessions, err = session.New(sessionCfg, s.redis)
	if err != nil {
		return nil, err
	}

	upstreamLife, endUpstreams := context.WithCancel(context.Background())
	s.endUpstreams = endUpstreams
	ups := upstreams.New(upstreamLife, cfg.Upstream, s.metrics)
	checks := map[string]health.Check{
		"redis": func(ctx context.Context) error { return s.redis.Ping(ctx).Err() },
	}
	for name, ping := range ups.Pings() {
		checks[name] = ping
	}
	s.probes = health.New(checks, 2*time.Second)

	// Per-IP limits by the contract's x-rate-limit class: the sign-in ceremonies (per-address ones are
	// inside them) and the telemetry tunnels.
	limiter, err := ratelimit.New(s.redis, ratelimit.Config{
		Secret: []byte(cfg.Session.JWTSecret), KeyPrefix: cfg.Redis.KeyPrefix, Timeout: cfg.Redis.Timeout,
		Classes: map[string]ratelimit.Rule{
			"send":      {Limit: cfg.Auth.SendsPerIP, Window: cfg.Auth.LimitWindow},
			"verify":    {Limit: cfg.Auth.VerifiesPerIP, Window: cfg.Auth.LimitWindow},
			"telemetry": {Limit: cfg.Telemetry.RequestsPerIP, Window: cfg.Telemetry.LimitWindow},
		},
	})
	if err != nil {
		return nil, err
	}
	authFeature, err := auth.New(auth.Config{
		PublicURL:          cfg.Auth.PublicURL,
		Secret:             []byte(cfg.Session.JWTSecret),
		KeyPrefix:          cfg.Redis.KeyPrefix,
		RedisTimeout:       cfg.Redis.Timeout,
		LinkTTL:            cfg.Auth.LinkTTL,
		CodeTTL:            cfg.Auth.CodeTTL,
		CodeAttempts:       cfg.Auth.CodeAttempts,
		SendsPerAddress:    ratelimit.Rule{Limit: cfg.Auth.SendsPerAddress, Window: cfg.Auth.LimitWindow},
		VerifiesPerAddress: ratelimit.Rule{Limit: cfg.Auth.VerifiesPerAddress, Window: cfg.Auth.LimitWindow},
	}, auth.Deps{Redis: s.redis, Lending: ups.Lending, Notify: ups.Notify, Sessions: s.sessions,
		SignIn: signin.New(ups.Lending, s.sessions), Limiter: limiter})
	if err != nil {
		return nil, err
	}

	// An eligibility check is bound to the browser that ran it; only that browser registers with it.
	eligibilityChecks := browserbind.New(browserbind.Config{CookieName: cfg.Session.CookieName + "_browser",
		CookieSecure: cfg.Session.CookieSecure, KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout}, s.redis)
	accountFeature := account.New(account.Deps{Checks: eligibilityChecks, Lending: ups.Lending, Notify: ups.Notify,
		Signin: signin.New(ups.Lending, s.sessions), Sessions: s.sessions, Redis: s.redis, Limiter: limiter,
		Config: account.Config{PublicURL: cfg.Auth.PublicURL, KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout,
			PINTries: ratelimit.Rule{Limit: cfg.Auth.VerifiesPerAddress, Window: cfg.Auth.LimitWindow}}})
	deps := routerDeps{
		log:            log,
		basePath:       cfg.API.BasePath(),
		maxBodyBytes:   cfg.HTTP.MaxBodyBytes,
		hsts:           cfg.HTTP.HSTS,
		trustedProxies: cfg.HTTP.TrustedProxyList(),
		sessions:       s.sessions,
		limiter:        limiter,
		audit:          ups.Lending,
		probes:         s.probes,
		metrics:        s.metrics,
		api: api{
			serviceHandlers:   service.New(service.NewStore(s.redis, cfg.Redis.KeyPrefix)),
			brandHandlers:     brand.New(ups.Lending),
			telemetryHandlers: telemetryFeature(cfg, log),
			sandboxHandlers:   sandboxmail.New(cfg.Sandbox.Endpoints, s.sessions, ups.Notify, sandboxControl(upstreamLife, cfg)),
			authHandlers:      authFeature,
			quoteHandlers:     quote.New(ups.Lending, eligibilityChecks),
			accountHandlers:   accountFeature,
			approvalHandlers: approval.New(approval.Deps{Lending: ups.Lending, Payments: ups.Payments, Identity: ups.Identity,
				Phone: authFeature, Config: approval.Config{PublicURL: cfg.Auth.PublicURL}}),
			legacyHandlers:      legacy.New(legacy.Deps{Lending: ups.Lending, OpenBanking: ups.OpenBanking, PublicURL: cfg.Auth.PublicURL}),
			applicationHandlers: application.New(ups.Lending),
			onepageHandlers: onepage.New(onepage.Deps{Lending: ups.Lending, OpenBanking: ups.OpenBanking, Mailer: accountFeature,
				Redis: s.redis, Config: onepage.Config{PublicURL: cfg.Auth.PublicURL, KeyPrefix: cfg.Redis.KeyPrefix,
					RedisTimeout: cfg.Redis.Timeout}}),
		},
	}
	deps.borrower = s.loadApp("borrower app", cfg.Static.BorrowerDir)
	deps.portal = s.loadApp("finance portal", cfg.Static.PortalDir)
	s.engine, err = newRouter(deps)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// telemetryFeature builds the telemetry handlers: the settings the apps start their SDKs with and
// where the tunnels forward to.
func telemetryFeature(cfg config.Config, log *slog.Logger) *telemetry.Handlers {
	return telemetry.New(log, telemetry.Config{
		ErrorReportingDSN:   cfg.Telemetry.ErrorReportingDSN,
		ErrorsURL:           cfg.ErrorsURL(),
		AnalyticsKey:        cfg.Telemetry.AnalyticsKey,
		AnalyticsURL:        cfg.AnalyticsBatchURL(),
		ProductionHost:      cfg.Telemetry.ProductionHost,
		TestApplicationHost: cfg.Telemetry.TestApplicationHost,
		Release:             cfg.Telemetry.Release,
		Timeout:             cfg.Upstream.Timeout,
	})
}

// sandboxControl is the client of the sandbox's control API (the persona catalogue), at the shared
// upstream base where the sandbox serves every provider.
func sandboxControl(lifetime context.Context, cfg config.Config) *sandboxctl.Client {
	return sandboxctl.New(upstreams.Transport(lifetime, cfg.Upstream, cfg.Upstream.BaseURL), nil)
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

	select {
	case err := <-errs:
		_ = public.Close()
		_ = internal.Close()
		s.close()
		return fmt.Errorf("server stopped: %w", err)
	case <-ctx.Done():
	}

	s.probes.Drain()
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
