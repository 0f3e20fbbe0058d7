package web

import (
	"fmt"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// APIPrefix is the path every API route sits under; responses there are never cached.
const APIPrefix = "/api/"

// redactedHeaders never appear in a log, whatever the log is for.
var redactedHeaders = map[string]bool{
	"Accesstoken": true, "Authorization": true, "Cookie": true, "Set-Cookie": true, "Proxy-Authorization": true,
}

// RecoveryMiddleware turns a panic into the envelope (500, 'Internal Server Error') and logs a dump of
// the request with its credentials and query string removed.
func RecoveryMiddleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p) // the client went away: let net/http handle it as it does
				}
				Logger(c).Error("panic serving request",
					"requestId", RequestID(c),
					"method", c.Request.Method,
					"route", Route(c),
					"headers", redactedHeaderDump(c.Request.Header),
					"panic", fmt.Sprint(p),
					"stack", string(debug.Stack()))
				Abort(c, Fail(CodeInternal, nil))
			}
		}()
		c.Next()
	}
}

func redactedHeaderDump(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for name, values := range h {
		canonical := http.CanonicalHeaderKey(name)
		if redactedHeaders[canonical] {
			out[canonical] = "[redacted]"
			continue
		}
		out[canonical] = strings.Join(values, ", ")
	}
	return out
}

const routeKey = "web.route"

// SetRoute names the route of a request gin did not match itself (static files, the API's 404), so
// logs and metrics group it under a fixed label instead of its raw path.
func SetRoute(c *gin.Context, name string) { c.Set(routeKey, name) }

// Route is the route template (never the raw path, which can carry ids or tokens).
func Route(c *gin.Context) string {
	if r := c.FullPath(); r != "" {
		return r
	}
	if r := c.GetString(routeKey); r != "" {
		return r
	}
	return "unmatched"
}

// AccessLogMiddleware logs one line per request: method, route template, status, duration, request id,
// error code and the pseudonymous actor. No query strings, headers, bodies or personal data.
func AccessLogMiddleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		attrs := []any{
			"requestId", RequestID(c),
			"method", c.Request.Method,
			"route", Route(c),
			"status", c.Writer.Status(),
			"durationMs", float64(time.Since(start).Microseconds()) / 1000,
		}
		if code := ErrorCodeOf(c); code != CodeOK {
			attrs = append(attrs, "errorCode", int(code))
		}
		if actor := Actor(c); actor != "" {
			attrs = append(attrs, "actor", actor)
		}
		Logger(c).Info("request", attrs...)
	}
}

// SecurityHeaders are the headers every response carries (DESIGN §10).
type SecurityHeaders struct {
	HSTS bool
}

// contentSecurityPolicy allows only the BFF's own origin. Inline styles are allowed because MUI
// (emotion) injects style elements; scripts never run inline.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; form-action 'self'; " +
	"object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// Middleware sets the headers; API responses are also marked never to be stored.
func (s SecurityHeaders) Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if s.HSTS {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		if strings.HasPrefix(c.Request.URL.Path, APIPrefix) {
			h.Set("Cache-Control", "no-store")
		}
		c.Next()
	}
}

// BodyLimitMiddleware answers 413 with the envelope when a body is declared larger than limit, and
// caps undeclared (chunked) bodies so reading past the limit fails the same way.
func BodyLimitMiddleware(limit int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > limit {
			Abort(c, Fail(CodeBodyTooLarge, nil))
			return
		}
		if c.Request.Body != nil && c.Request.Body != http.NoBody {
			c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
		}
		c.Next()
	}
}

// NotFound answers unknown API routes with the envelope.
func NotFound(c *gin.Context) {
	Abort(c, Fail(CodeNotFound, nil))
}
