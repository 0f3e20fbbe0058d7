// Package server assembles the sandbox: every provider under its own path prefix, the control API under
// /_sandbox/, fault injection, and an HTML index at /. A *Server is an http.Handler, so Go tests run
// the real sandbox under httptest.NewServer(server.New(server.Config{})).
package server

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
	"lender/sandbox/identity"
	"lender/sandbox/lending"
	"lender/sandbox/notify"
	"lender/sandbox/openbanking"
	"lender/sandbox/payments"
	"lender/sandbox/personas"
	"lender/sandbox/snapshot"
	"lender/sandbox/telemetry"
)

// Config configures a sandbox.
type Config struct {
	// PublicURL is where the browser reaches the sandbox's hosted pages, e.g. http://localhost:8090.
	PublicURL string
	// AppURL is where hosted pages send the browser back to, e.g. http://localhost:8080.
	AppURL string
	// Logger receives control-API events; nil discards them.
	Logger *slog.Logger
	// Now is the real-time source under the sandbox clock; nil means time.Now.
	Now func() time.Time
	// Payments configures the payment gateway: its signing secret, webhook URL and retry delays
	// (PublicURL and AppURL come from the fields above). The zero value works.
	Payments payments.Config
	// SnapshotFile keeps every provider's state across restarts (SANDBOX_SNAPSHOT_FILE; see
	// sandbox/snapshot); "" keeps it in memory only. SnapshotDebounce is how long after a change it is
	// written (snapshot.Debounce when 0).
	SnapshotFile     string
	SnapshotDebounce time.Duration
}

// provider is one simulated upstream.
type provider interface {
	Register(mux *http.ServeMux, prefix string)
	Reset()
}

// Provider names with their path prefixes (DESIGN §5).
var providerNames = []string{"lending", "payments", "openbanking", "identity", "notify", "telemetry"}

// Prefix is the path prefix of a provider's API, e.g. "/lending/v1".
func Prefix(provider string) string { return "/" + provider + "/v1" }

// Server is the sandbox. It is safe for concurrent use.
type Server struct {
	cfg       Config
	log       *slog.Logger
	clock     *clock.Clock
	providers map[string]provider
	faults    *faults
	mux       *http.ServeMux
	telemetry *telemetry.Provider // also read by the control API's GET /_sandbox/telemetry
	lending   *lending.Provider   // also run by the control API: the reminders when the clock moves
	snap      *snapshot.Store     // nil without a snapshot file
}

// New builds a sandbox in its seed state.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	clk := clock.New(cfg.Now)
	site := hosted.Site{PublicURL: cfg.PublicURL, AppURL: cfg.AppURL} // where hosted pages live and return to
	pay := cfg.Payments
	pay.PublicURL, pay.AppURL = cfg.PublicURL, cfg.AppURL
	// The other providers hold what the seeded borrowers' loans and applications refer to (cards,
	// consents, identity checks); sandbox/personas is the one source of those references.
	payProvider := payments.New(clk, pay)
	payProvider.SetSeed(personas.SeedCards())
	obProvider := openbanking.New(clk, site)
	obProvider.SetSeed(personas.SeedConsents())
	idProvider := identity.New(clk, site)
	idProvider.SetSeed(personas.SeedChecks())
	telemetryProvider := telemetry.New(clk)
	lendingProvider, notifyProvider := lending.New(clk), notify.New(clk)
	lendingProvider.SetMailer(notifyProvider) // the lending core's instalment reminders
	s := &Server{
		cfg:   cfg,
		log:   cfg.Logger,
		clock: clk,
		providers: map[string]provider{
			"lending":     lendingProvider,
			"payments":    payProvider,
			"openbanking": obProvider,
			"identity":    idProvider,
			"notify":      notifyProvider,
			"telemetry":   telemetryProvider,
		},
		faults:    newFaults(),
		mux:       http.NewServeMux(),
		telemetry: telemetryProvider,
		lending:   lendingProvider,
	}
	for _, name := range providerNames {
		s.providers[name].Register(s.mux, Prefix(name))
	}
	s.registerControl()
	s.mux.Handle("/{$}", httpjson.Methods{http.MethodGet: s.index})
	s.mux.HandleFunc("/", httpjson.NotFound)
	s.openSnapshot(cfg.SnapshotFile)
	return s
}

// Clock is the sandbox clock every provider reads.
func (s *Server) Clock() *clock.Clock { return s.clock }

// Close stops the providers' background work (the payment gateway's webhook deliveries) and waits for
// it to end. Call it once the HTTP server has stopped.
func (s *Server) Close() {
	for _, name := range providerNames {
		if c, ok := s.providers[name].(io.Closer); ok {
			_ = c.Close()
		}
	}
	s.closeSnapshot()
}

// Reset restores the seed state of every provider, puts the clock back to real time and clears faults.
func (s *Server) Reset() {
	// The clock first: providers seed dates relative to it, so a moved clock would shift the seed.
	s.clock.Reset()
	for _, name := range providerNames {
		s.providers[name].Reset()
	}
	s.snap.Forget() // the seed is the state again: the next start seeds afresh
	s.faults.clear("")
}

// ServeHTTP applies any fault of the provider the path belongs to, then routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if name := providerOf(r.URL.Path); name != "" {
		if f, ok := s.faults.get(name); ok {
			if !f.apply(w, r) {
				return
			}
		}
	}
	s.mux.ServeHTTP(w, r)
	s.noteChange(r)
}

// providerOf is the provider whose prefix path starts with, or "".
func providerOf(path string) string {
	p := strings.TrimPrefix(path, "/")
	for _, name := range providerNames {
		if strings.HasPrefix(p, name) {
			rest := p[len(name):]
			if rest == "/v1" || strings.HasPrefix(rest, "/v1/") {
				return name
			}
		}
	}
	return ""
}
