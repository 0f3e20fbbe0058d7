package telemetry

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/transport"
)

// Config is what the telemetry calls need: the settings the apps start their SDKs with, and where the
// tunnels forward to.
type Config struct {
	ErrorReportingDSN   string
	ErrorsURL           string // receives error envelopes unchanged
	AnalyticsKey        string
	AnalyticsURL        string // receives analytics batches
	ProductionHost      string
	TestApplicationHost string
	Release             string
	// Timeout bounds one forward (default 5 s).
	Timeout time.Duration
}

// MaxEnvelopeChars is the contract's limit on an error envelope (telemetry/errors maxLength).
const MaxEnvelopeChars = 200000

// GetTelemetryConfig answers the public settings; nothing in them is a secret (a DSN and an analytics
// project key are meant to be in the browser).
func (h *Handlers) GetTelemetryConfig(context.Context, apigen.GetTelemetryConfigRequestObject) (apigen.GetTelemetryConfigResponseObject, error) {
	c := h.cfg
	return apigen.GetTelemetryConfig200JSONResponse{Status: 200, ResultData: apigen.TelemetryConfig{
		ErrorReportingDsn:   c.ErrorReportingDSN,
		AnalyticsKey:        c.AnalyticsKey,
		ProductionHost:      c.ProductionHost,
		TestApplicationHost: c.TestApplicationHost,
		Release:             c.Release,
	}}, nil
}

// TunnelErrorReport forwards one error-reporting envelope, byte for byte, after checking that it is
// addressed to this site's DSN: without that check the tunnel would relay anything to anyone.
func (h *Handlers) TunnelErrorReport(ctx context.Context, req apigen.TunnelErrorReportRequestObject) (apigen.TunnelErrorReportResponseObject, error) {
	if req.Body == nil || *req.Body == "" {
		return nil, web.FailWith(web.CodeBadRequest, "The error report is empty.", nil)
	}
	body := *req.Body
	if utf8.RuneCountInString(body) > MaxEnvelopeChars {
		return nil, web.Fail(web.CodeBodyTooLarge, nil)
	}
	dsn, err := envelopeDSN(body)
	if err != nil {
		return nil, web.FailWith(web.CodeBadRequest, "The error report is not an envelope.", err)
	}
	if h.cfg.ErrorReportingDSN == "" || dsn != h.cfg.ErrorReportingDSN {
		return nil, web.FailWith(web.CodeBadRequest, "The error report is not for this site.", errors.New("envelope dsn does not match"))
	}
	if err := h.forward(ctx, "errors", h.cfg.ErrorsURL, "application/x-sentry-envelope", []byte(body)); err != nil {
		return nil, err
	}
	return apigen.TunnelErrorReport200JSONResponse{Status: 200}, nil
}

// envelopeDSN reads the dsn of an envelope's header, its first line.
func envelopeDSN(body string) (string, error) {
	line, _, _ := strings.Cut(body, "\n")
	var head struct {
		DSN string `json:"dsn"`
	}
	if err := json.Unmarshal([]byte(line), &head); err != nil {
		return "", fmt.Errorf("envelope header: %w", err)
	}
	return head.DSN, nil
}

// TunnelAnalyticsBatch forwards one analytics batch for this site's project key, without the client's
// IP address and with personal data and secrets redacted from the properties.
func (h *Handlers) TunnelAnalyticsBatch(ctx context.Context, req apigen.TunnelAnalyticsBatchRequestObject) (apigen.TunnelAnalyticsBatchResponseObject, error) {
	b := req.Body
	if b == nil {
		return nil, web.FailWith(web.CodeBadRequest, "The analytics batch is empty.", nil)
	}
	if h.cfg.AnalyticsKey == "" || b.ApiKey != h.cfg.AnalyticsKey {
		return nil, web.FailWith(web.CodeBadRequest, "The analytics batch is not for this site.", errors.New("api_key does not match"))
	}
	for i := range b.Batch {
		b.Batch[i].Properties = cleanProperties(b.Batch[i].Properties)
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, web.Fail(web.CodeInternal, err)
	}
	if err := h.forward(ctx, "analytics", h.cfg.AnalyticsURL, "application/json", raw); err != nil {
		return nil, err
	}
	return apigen.TunnelAnalyticsBatch200JSONResponse{Status: 200}, nil
}

// dropped are properties that never leave the BFF: the client's IP address (the analytics service
// would otherwise store where a borrower was).
var dropped = map[string]bool{"$ip": true}

// cleanProperties removes dropped properties and redacts free text. The SDK's own "$" properties are
// ids, versions and sizes and pass as they are, except its URLs, whose query strings can carry a
// sign-in token; the app's own properties (an error's message, stack, info) are free text and may
// quote an e-mail address or a token, so all of them are redacted.
func cleanProperties(props map[string]any) map[string]any {
	if props == nil {
		return map[string]any{}
	}
	out := make(map[string]any, len(props))
	for k, v := range props {
		if dropped[k] {
			continue
		}
		out[k] = cleanValue(k, v)
	}
	return out
}

func cleanValue(key string, v any) any {
	switch t := v.(type) {
	case string:
		if !strings.HasPrefix(key, "$") || isURLProperty(key) {
			return Redact(t)
		}
		return t
	case map[string]any:
		return cleanProperties(t)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = cleanValue(key, e)
		}
		return out
	default:
		return v
	}
}

// isURLProperty: the SDK properties that hold a page address ($current_url, $referrer,
// $initial_current_url, $pathname, …).
func isURLProperty(key string) bool {
	k := strings.ToLower(key)
	return strings.Contains(k, "url") || strings.Contains(k, "referrer") || strings.Contains(k, "pathname")
}

// forward POSTs body to url. It is detached from the browser's request: reports are often sent as a
// page closes, and the browser leaving must not lose them. Failures become envelopes: unreachable
// 503, slow 504, a rate limit 429 (so the SDK backs off), any other refusal 502. Bodies are never
// logged.
func (h *Handlers) forward(ctx context.Context, kind, url, contentType string, body []byte) error {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), h.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(fctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return web.Fail(web.CodeInternal, fmt.Errorf("telemetry %s: build the request: %w", kind, err))
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("User-Agent", "lender-bff")
	if id := transport.RequestID(ctx); id != "" && len(id) <= 128 {
		req.Header.Set(transport.RequestIDHeader, id)
	}
	res, err := h.client.Do(req)
	if err != nil {
		h.log.WarnContext(ctx, "telemetry forward failed", "kind", kind, "error", errorKind(err))
		var nerr net.Error
		if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &nerr) && nerr.Timeout()) {
			return web.Fail(web.CodeUpstreamTimeout, fmt.Errorf("telemetry %s: timeout", kind))
		}
		return web.Fail(web.CodeDependencyDown, fmt.Errorf("telemetry %s: unreachable", kind))
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10)) // lets the connection be reused
	_ = res.Body.Close()
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return nil
	}
	h.log.WarnContext(ctx, "telemetry forward refused", "kind", kind, "status", res.StatusCode)
	if res.StatusCode == http.StatusTooManyRequests {
		return web.Fail(web.CodeRateLimited, fmt.Errorf("telemetry %s: upstream rate limit", kind))
	}
	return web.Fail(web.CodeUpstreamFailed, fmt.Errorf("telemetry %s: upstream answered %d", kind, res.StatusCode))
}

// errorKind names a transport failure without its text, which holds the forwarding URL.
func errorKind(err error) string {
	var nerr net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &nerr) && nerr.Timeout():
		return "timeout"
	default:
		return "unreachable"
	}
}
