package app

import (
	"log/slog"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/account"
	"lender/bff/internal/apigen"
	"lender/bff/internal/application"
	"lender/bff/internal/approval"
	"lender/bff/internal/auth"
	"lender/bff/internal/brand"
	"lender/bff/internal/browserbind"
	"lender/bff/internal/legacy"
	"lender/bff/internal/loan"
	"lender/bff/internal/onepage"
	"lender/bff/internal/payment"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/portal"
	"lender/bff/internal/profile"
	"lender/bff/internal/quote"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/sandboxmail"
	"lender/bff/internal/service"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/signin"
	"lender/bff/internal/telemetry"
)

// api is the generated strict-server interface, made of one handler set per feature. Each feature
// names its set Handlers; the aliases give the embedded fields distinct names.
type api struct {
	*serviceHandlers
	*brandHandlers
	*telemetryHandlers
	*sandboxHandlers
	*authHandlers
	*accountHandlers
	*quoteHandlers
	*approvalHandlers
	*legacyHandlers
	*applicationHandlers
	*onepageHandlers
	*portalHandlers
	*loanHandlers
	*profileHandlers
	*paymentHandlers
}

type (
	serviceHandlers     = service.Handlers
	brandHandlers       = brand.Handlers
	telemetryHandlers   = telemetry.Handlers
	sandboxHandlers     = sandboxmail.Handlers
	authHandlers        = auth.Handlers
	accountHandlers     = account.Handlers
	quoteHandlers       = quote.Handlers
	approvalHandlers    = approval.Handlers
	legacyHandlers      = legacy.Handlers
	applicationHandlers = application.Handlers
	onepageHandlers     = onepage.Handlers
	portalHandlers      = portal.Handlers
	loanHandlers        = loan.Handlers
	profileHandlers     = profile.Handlers
	paymentHandlers     = payment.Handlers
)

var _ apigen.StrictServerInterface = api{}

// features build the API, one feature a line, in this order: a feature may be handed one built before
// it (approval proves a phone with auth's SMS codes, onepage mails through account). Adding a feature
// is its package, a line here with the method that builds it, and its embedded field in api.
var features = []func(*wiring, *api) error{
	(*wiring).service,
	(*wiring).brand,
	(*wiring).telemetry,
	(*wiring).sandboxMail,
	(*wiring).auth,
	(*wiring).quote,
	(*wiring).account,
	(*wiring).approval,
	(*wiring).legacy,
	(*wiring).application,
	(*wiring).onePage,
	(*wiring).portal,
	(*wiring).loan,
	(*wiring).profile,
	(*wiring).payment,
}

// wiring is what features are built from: the configuration and the parts of the platform they share.
type wiring struct {
	cfg       config.Config
	log       *slog.Logger
	redis     *redis.Client
	sessions  *session.Manager
	limiter   *ratelimit.Limiter
	upstreams upstreams
	// checks binds an eligibility check to the browser that ran it; only that browser registers with it.
	checks *browserbind.Binder
	signin *signin.Completer
	// brands are the configured brands and the lending core's clients trading under them.
	brands branding.Catalogue
	// webhookURL is where the payment gateway reaches the BFF's webhook receiver (the BFF's own
	// listener unless configured: known once it listens).
	webhookURL func() string
}

// newWiring adds to the platform's parts the two that several features share: the browser binding of
// eligibility checks and the last step of signing in.
func newWiring(cfg config.Config, log *slog.Logger, rdb *redis.Client, sessions *session.Manager, limiter *ratelimit.Limiter, ups upstreams,
	webhookURL func() string) *wiring {
	return &wiring{cfg: cfg, log: log, redis: rdb, sessions: sessions, limiter: limiter, upstreams: ups, webhookURL: webhookURL,
		checks: browserbind.New(browserbind.Config{CookieName: cfg.Session.CookieName + "_browser",
			CookieSecure: cfg.Session.CookieSecure, KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout}, rdb),
		signin: signin.New(ups.lending, sessions),
		brands: branding.New(cfg.Brands, ups.lending),
	}
}

// api builds every feature.
func (w *wiring) api() (api, error) {
	var a api
	for _, build := range features {
		if err := build(w, &a); err != nil {
			return api{}, err
		}
	}
	return a, nil
}

// portal: the finance portal's sign-in and session, limited per e-mail address as borrowers' codes are
// (the per-IP limit is the router's).
func (w *wiring) portal(a *api) (err error) {
	a.portalHandlers, err = portal.New(portal.Config{
		SignInsPerAddress: ratelimit.Rule{Limit: w.cfg.Auth.VerifiesPerAddress, Window: w.cfg.Auth.LimitWindow},
	}, w.upstreams.lending, w.sessions, w.limiter)
	return err
}

func (w *wiring) service(a *api) error {
	a.serviceHandlers = service.New(service.NewStore(w.redis, w.cfg.Redis.KeyPrefix))
	return nil
}

func (w *wiring) brand(a *api) error {
	a.brandHandlers = brand.New(w.brands, portal.FirmBrand)
	return nil
}

// telemetry: the settings the apps start their SDKs with and where the tunnels forward to.
func (w *wiring) telemetry(a *api) error {
	a.telemetryHandlers = telemetry.New(w.log, telemetry.Config{
		ErrorReportingDSN:   w.cfg.Telemetry.ErrorReportingDSN,
		ErrorsURL:           w.cfg.ErrorsURL(),
		AnalyticsKey:        w.cfg.Telemetry.AnalyticsKey,
		AnalyticsURL:        w.cfg.AnalyticsBatchURL(),
		ProductionHost:      w.cfg.Telemetry.ProductionHost,
		TestApplicationHost: w.cfg.Telemetry.TestApplicationHost,
		Release:             w.cfg.Telemetry.Release,
		Timeout:             w.cfg.Upstream.Timeout,
	})
	return nil
}

func (w *wiring) sandboxMail(a *api) error {
	a.sandboxHandlers = sandboxmail.New(w.cfg.Sandbox.Endpoints, w.sessions, w.upstreams.notify, w.upstreams.sandbox)
	return nil
}

// auth: the sign-in ceremonies, with their per-address limits (the per-IP ones are the router's).
func (w *wiring) auth(a *api) (err error) {
	cfg := w.cfg
	a.authHandlers, err = auth.New(auth.Config{
		PublicURL:          cfg.Auth.PublicURL,
		Secret:             []byte(cfg.Session.JWTSecret),
		KeyPrefix:          cfg.Redis.KeyPrefix,
		RedisTimeout:       cfg.Redis.Timeout,
		LinkTTL:            cfg.Auth.LinkTTL,
		CodeTTL:            cfg.Auth.CodeTTL,
		CodeAttempts:       cfg.Auth.CodeAttempts,
		SendsPerAddress:    ratelimit.Rule{Limit: cfg.Auth.SendsPerAddress, Window: cfg.Auth.LimitWindow},
		VerifiesPerAddress: ratelimit.Rule{Limit: cfg.Auth.VerifiesPerAddress, Window: cfg.Auth.LimitWindow},
		Brands:             w.brands,
	}, auth.Deps{Redis: w.redis, Lending: w.upstreams.lending, Notify: w.upstreams.notify, Sessions: w.sessions,
		SignIn: w.signin, Limiter: w.limiter})
	return err
}

func (w *wiring) quote(a *api) error {
	a.quoteHandlers = quote.New(w.upstreams.lending, w.checks, w.brands)
	return nil
}

func (w *wiring) account(a *api) error {
	cfg := w.cfg
	a.accountHandlers = account.New(account.Deps{Checks: w.checks, Lending: w.upstreams.lending, Notify: w.upstreams.notify,
		Signin: w.signin, Sessions: w.sessions, Redis: w.redis, Limiter: w.limiter,
		Config: account.Config{PublicURL: cfg.Auth.PublicURL, KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout,
			PINTries: ratelimit.Rule{Limit: cfg.Auth.VerifiesPerAddress, Window: cfg.Auth.LimitWindow},
			Sends:    ratelimit.Rule{Limit: cfg.Auth.SendsPerAddress, Window: cfg.Auth.LimitWindow}, Brands: w.brands}})
	return nil
}

func (w *wiring) approval(a *api) error {
	a.approvalHandlers = approval.New(approval.Deps{Lending: w.upstreams.lending, Payments: w.upstreams.payments,
		Identity: w.upstreams.identity, Phone: a.authHandlers, Config: approval.Config{PublicURL: w.cfg.Auth.PublicURL,
			Brands: w.brands}})
	return nil
}

func (w *wiring) legacy(a *api) error {
	a.legacyHandlers = legacy.New(legacy.Deps{Lending: w.upstreams.lending, OpenBanking: w.upstreams.openBanking,
		PublicURL: w.cfg.Auth.PublicURL, Brands: w.brands})
	return nil
}

func (w *wiring) application(a *api) error {
	a.applicationHandlers = application.New(w.upstreams.lending)
	return nil
}

func (w *wiring) onePage(a *api) error {
	cfg := w.cfg
	a.onepageHandlers = onepage.New(onepage.Deps{Lending: w.upstreams.lending, OpenBanking: w.upstreams.openBanking,
		Mailer: a.accountHandlers, Redis: w.redis, Config: onepage.Config{PublicURL: cfg.Auth.PublicURL,
			KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout, Brands: w.brands}})
	return nil
}

// loan: the borrower's loan account; the menus name the phone number of the borrower's brand.
func (w *wiring) loan(a *api) error {
	a.loanHandlers = loan.New(loan.Deps{Lending: w.upstreams.lending, Brands: w.brands})
	return nil
}

// profile: the borrower's details and settings; a new mobile number is proved with auth's SMS codes.
func (w *wiring) profile(a *api) error {
	a.profileHandlers = profile.New(profile.Deps{Lending: w.upstreams.lending, Payments: w.upstreams.payments,
		Notify: w.upstreams.notify, Phone: a.authHandlers})
	return nil
}

// payment: taking payments towards a loan; an application's card-saving checkout is approval's.
func (w *wiring) payment(a *api) error {
	cfg := w.cfg
	a.paymentHandlers = payment.New(payment.Deps{Lending: w.upstreams.lending, Payments: w.upstreams.payments,
		Notify: w.upstreams.notify, CPA: a.approvalHandlers, Redis: w.redis, Log: w.log, Config: payment.Config{
			PublicURL: cfg.Auth.PublicURL, Secret: cfg.Upstream.Payments.Secret, WebhookURL: w.webhookURL,
			KeyPrefix: cfg.Redis.KeyPrefix, RedisTimeout: cfg.Redis.Timeout, Brands: w.brands}})
	return nil
}
