// Package payments is the sandbox's payment gateway: the server side of bff/upstream/payments, modelled on
// a card acquirer with hosted payment links. It serves payment links and their hosted checkout and 3-D
// Secure pages, cards on file, recurring (continuous payment authority) charges of stored cards, and
// signed webhooks delivered with retries by a background worker. Money-moving calls are idempotent by
// key. State is in memory; times come from the sandbox clock. The API is documented in the package doc of
// bff/upstream/payments, the test cards in sandbox/README.md.
package payments

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// DefaultSecret signs redirects and webhooks when Config.Secret is empty. It is for the sandbox only:
// the BFF's sandbox profile is configured with the same value.
const DefaultSecret = "sandbox-payments-secret"

// DefaultLinkTTL is how long a payment link takes payments.
const DefaultLinkTTL = 30 * time.Minute

// DefaultRetryDelays are the waits between webhook delivery attempts: 6 attempts over about 13 minutes.
var DefaultRetryDelays = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute, 10 * time.Minute}

// DefaultWebhookTimeout bounds one webhook delivery attempt.
const DefaultWebhookTimeout = 10 * time.Second

// Config configures the gateway. The zero value is a working sandbox.
type Config struct {
	// PublicURL is where the browser reaches the hosted pages, e.g. http://localhost:8090. Empty: the
	// scheme and host of the API request that made the link (right for tests only).
	PublicURL string
	// AppURL is the URL every returnUrl must be under (hosted.DefaultAppURL when empty).
	AppURL string
	// Secret keys the HMAC-SHA256 signatures of redirects and webhooks (DefaultSecret when empty).
	Secret string
	// WebhookURL receives the webhooks of links and payments that name no notificationUrl; empty sends
	// those nowhere.
	WebhookURL string
	// RetryDelays are the real-time waits between delivery attempts; a webhook is tried
	// len(RetryDelays)+1 times. Nil means DefaultRetryDelays; tests use milliseconds.
	RetryDelays []time.Duration
	// WebhookTimeout bounds one delivery attempt (DefaultWebhookTimeout when 0).
	WebhookTimeout time.Duration
	// LinkTTL is how long a payment link takes payments (DefaultLinkTTL when 0).
	LinkTTL time.Duration
}

// Provider holds the payment gateway's state. It is safe for concurrent use. Close stops its webhook
// worker.
type Provider struct {
	provider.Base
	cfg      Config
	site     hosted.Site
	prefix   string // where Register put the routes, e.g. "/payments/v1"
	hooks    *webhooks
	newID    func(prefix string) string // ids: prefix + 64 random bits
	newToken func() string              // capabilities (checkout tokens, card tokens): 128 random bits
	seed     provider.Seed[SeedCard]    // the cards every reset restores (SetSeed)

	mu sync.Mutex // guards st
	st *state
}

// New builds the provider in its seed state (no links, cards or payments; SetSeed adds cards).
func New(clk *clock.Clock, cfg Config) *Provider {
	if cfg.Secret == "" {
		cfg.Secret = DefaultSecret
	}
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = DefaultRetryDelays
	}
	cfg.RetryDelays = slices.Clone(cfg.RetryDelays)
	if cfg.WebhookTimeout <= 0 {
		cfg.WebhookTimeout = DefaultWebhookTimeout
	}
	if cfg.LinkTTL <= 0 {
		cfg.LinkTTL = DefaultLinkTTL
	}
	p := &Provider{
		Base:     provider.NewBase(clk, IdempotencyTTL),
		cfg:      cfg,
		site:     hosted.Site{PublicURL: cfg.PublicURL, AppURL: cfg.AppURL},
		prefix:   "/payments/v1",
		st:       newState(),
		newID:    func(prefix string) string { return prefix + randomHex(8) },
		newToken: func() string { return randomHex(16) },
	}
	p.hooks = newWebhooks(clk, cfg)
	return p
}

// Reset restores the seed state: no links, payments, idempotency keys or deliveries, and only the seed
// cards (SetSeed) on file. Deliveries still being retried are abandoned.
func (p *Provider) Reset() {
	p.mu.Lock()
	p.st = newState()
	p.seedLocked(p.Clock.Now())
	p.mu.Unlock()
	p.Idem.Reset()
	p.hooks.reset()
}

// Close stops the webhook worker: pending deliveries are abandoned, attempts in flight are cancelled,
// and Close returns when every delivery goroutine has ended. Later events are recorded but not sent.
func (p *Provider) Close() error {
	p.hooks.close()
	return nil
}

// Register adds the provider's routes under prefix (e.g. "/payments/v1"): the API and the hosted pages.
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	p.prefix = prefix
	// The hosted pages: their forms post only from the sandbox's own pages.
	form := func(h http.HandlerFunc) http.HandlerFunc { return hosted.Protect(h).ServeHTTP }
	provider.Register(mux, prefix, provider.Routes{
		"/payment-links":                                      {http.MethodPost: p.createLink},
		"/payment-links/{id}":                                 {http.MethodGet: p.getLink},
		"/recurring-payments":                                 {http.MethodPost: p.createRecurring},
		"/recurring-payments/{id}":                            {http.MethodGet: p.getRecurring},
		"/customers/{customer}/cards":                         {http.MethodGet: p.listCards},
		"/customers/{customer}/cards/{token}":                 {http.MethodDelete: p.removeCard},
		"/customers/{customer}/cards/{token}/primary":         {http.MethodPost: p.setPrimary},
		"/customers/{customer}/cards/{token}/billing-address": {http.MethodPut: p.updateBilling},
		"/webhook-deliveries":                                 {http.MethodGet: p.listDeliveries},
		"/webhook-deliveries/{id}/redeliver":                  {http.MethodPost: p.redeliver},
		checkoutPath + "{token}":                              {http.MethodGet: p.checkoutPage, http.MethodPost: form(p.checkoutSubmit)},
		checkoutPath + "{token}/authenticate":                 {http.MethodGet: p.challengePage, http.MethodPost: form(p.challengeSubmit)},
		checkoutPath + "{token}/cancel":                       {http.MethodPost: form(p.cancelSubmit)},
	})
}

// checkoutPath is where the hosted pages live under the prefix; the token follows.
const checkoutPath = "/checkout/"

func (p *Provider) listDeliveries(w http.ResponseWriter, _ *http.Request) {
	httpjson.Write(w, http.StatusOK, payments.WebhookDeliveryList{Deliveries: p.hooks.list()})
}

// redeliver starts a new series of attempts for a failed webhook delivery.
func (p *Provider) redeliver(w http.ResponseWriter, r *http.Request) {
	d, err := p.hooks.redeliver(r.PathValue("id"))
	switch {
	case errors.Is(err, errDeliveryNotFound):
		httpjson.Error(w, http.StatusNotFound, payments.CodeDeliveryNotFound, "no such webhook delivery")
	case errors.Is(err, errDeliveryNotFailed):
		httpjson.Error(w, http.StatusConflict, payments.CodeDeliveryNotFailed, "only a failed delivery can be redelivered; this one is pending or delivered")
	case err != nil:
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
	default:
		httpjson.Write(w, http.StatusOK, d)
	}
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	return hex.EncodeToString(b)
}

// invalid answers 400 invalid_request.
func invalid(w http.ResponseWriter, msg string) {
	httpjson.Error(w, http.StatusBadRequest, payments.CodeInvalidRequest, msg)
}
