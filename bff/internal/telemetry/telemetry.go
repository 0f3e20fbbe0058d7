// Package telemetry receives what the apps report about themselves (spec §7 "Logging" and
// "Analytics", DESIGN §6): the front-end error log (matrix/frontLog), and the tunnels through which
// the apps' error-reporting (Sentry-compatible) and product-analytics (PostHog-compatible) SDKs send,
// so that ad blockers and CSP lose nothing and no browser talks to a third party. The sandbox
// captures what the tunnels forward; production forwards to the configured services. The router limits
// both tunnels together per client IP (the contract's x-rate-limit: telemetry); config.Telemetry says
// how that limit is sized.
package telemetry

import (
	"context"
	"log/slog"
	"net/http"
	"regexp"
	"time"

	"lender/bff/internal/apigen"
)

// Handlers implements the telemetry part of the generated API.
type Handlers struct {
	log    *slog.Logger
	cfg    Config
	client *http.Client
}

// New returns the handlers, writing accepted logs to log and forwarding as cfg says.
func New(log *slog.Logger, cfg Config) *Handlers {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	client := &http.Client{
		Timeout: cfg.Timeout,
		// A redirect is answered, not followed: the forwarding URLs are configured exactly.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return &Handlers{log: log, cfg: cfg, client: client}
}

// FrontLog keeps a front-end error after redacting anything that could identify a person or grant
// access: the apps send whatever an exception said, which can include an e-mail or a token.
func (h *Handlers) FrontLog(ctx context.Context, req apigen.FrontLogRequestObject) (apigen.FrontLogResponseObject, error) {
	b := req.Body
	h.log.WarnContext(ctx, "front-end error",
		"message", Redact(b.Message),
		"stack", Redact(deref(b.Stack)),
		"componentName", Redact(deref(b.ComponentName)),
		"pageName", Redact(deref(b.PageName)),
		"info", Redact(deref(b.Info)),
	)
	return apigen.FrontLog200JSONResponse{Status: 200}, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// redactions run in order; each replaces what it matches with a label saying what was removed.
var redactions = []struct {
	pattern *regexp.Regexp
	label   string
}{
	{regexp.MustCompile(`eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*`), "[token]"},
	{regexp.MustCompile(`(?i)[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}`), "[email]"},
	{regexp.MustCompile(`\?[^\s"'#]*`), "?[query]"},
	{regexp.MustCompile(`(?i)\b(?:bearer|accesstoken|token|code|pin|password)\b\s*[:=]\s*\S+`), "[credential]"},
	{regexp.MustCompile(`\+?\d[\d -]{8,}\d`), "[number]"},
	{regexp.MustCompile(`(?i)\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b`), "[postcode]"},
}

// Redact removes e-mail addresses, tokens, query strings, credentials, long numbers (phones, account
// and card numbers) and postcodes from s.
func Redact(s string) string {
	for _, r := range redactions {
		s = r.pattern.ReplaceAllString(s, r.label)
	}
	return s
}
