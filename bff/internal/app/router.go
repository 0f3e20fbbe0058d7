// Package app assembles the BFF: it wires the platform (config, Redis, sessions, upstream clients,
// metrics) to the feature handlers behind the generated API, and runs the listeners.
package app

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/brand"
	"lender/bff/internal/payment"
	"lender/bff/internal/platform/health"
	"lender/bff/internal/platform/metrics"
	"lender/bff/internal/platform/static"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/internal/staffaudit"
	"lender/bff/upstream/transport"
)

// PortalMount is where the finance portal is served.
const PortalMount = "/finance-portal"

// routerDeps is what the router needs; Server builds them from config.
type routerDeps struct {
	log            *slog.Logger
	basePath       string
	maxBodyBytes   int64
	hsts           bool
	trustedProxies []string
	sessions       *session.Manager
	limiter        *ratelimit.Limiter  // per-IP limits of the operations marked x-rate-limit
	audit          staffaudit.Recorder // where staff-acting requests are recorded (the lending core)
	api            api
	probes         *health.Probes
	metrics        *metrics.Registry
	borrower       *static.Site // nil when the app is not built
	portal         *static.Site // nil when the app is not built
	brandAssets    *static.Site // the brands' icons and logos
}

// newRouter builds the gin engine with the middleware pipeline of DESIGN §4, in order: request id →
// recovery → access log → metrics → security headers → body limit → (per API route) session →
// contract validation → handler.
func newRouter(d routerDeps) (*gin.Engine, error) {
	engine := gin.New()
	engine.HandleMethodNotAllowed = false
	engine.RedirectTrailingSlash = false
	engine.RedirectFixedPath = false
	// Handlers receive the *gin.Context as their context.Context; let it fall back to the request's
	// context, which carries the request id to the upstream clients.
	engine.ContextWithFallback = true
	// Client IPs come from X-Forwarded-For only when the peer is a configured proxy (nil trusts none).
	if err := engine.SetTrustedProxies(d.trustedProxies); err != nil {
		return nil, fmt.Errorf("trusted proxies: %w", err)
	}
	engine.Use(
		web.RequestIDMiddleware(d.log),
		forwardRequestID,
		web.RecoveryMiddleware(),
		web.AccessLogMiddleware(),
		d.metrics.HTTPMiddleware(),
		web.SecurityHeaders{HSTS: d.hsts}.Middleware(),
		web.BodyLimitMiddleware(d.maxBodyBytes),
	)

	engine.GET("/healthz", d.probes.Live)
	engine.GET("/readyz", d.probes.Ready)

	spec, err := contract()
	if err != nil {
		return nil, err
	}
	auth, err := sessionGates(spec, d.basePath, d.sessions)
	if err != nil {
		return nil, err
	}
	// Staff acting for a borrower: every request is recorded before anything else runs (even one the
	// staff gate then refuses, so attempts are on record too), and x-staff-forbidden calls are refused.
	audited := staffaudit.New(spec, d.basePath, d.audit, nil).Middleware()
	staffGate := staffGates(spec, d.basePath)
	proofGate := proofGates(spec, d.basePath)
	limits, err := d.limiter.Gate(spec, d.basePath)
	if err != nil {
		return nil, err
	}
	validator := web.NewValidator(spec, d.basePath)
	strict := apigen.NewStrictHandlerWithOptions(d.api, nil, apigen.StrictGinServerOptions{
		RequestErrorHandlerFunc: func(c *gin.Context, err error) {
			refused := requestError(err)
			if refused.Code == web.CodeBadRequest {
				// The decoder's words name a field and a type, never a value: the developer's detail.
				web.Logger(c).InfoContext(c.Request.Context(), "request body could not be decoded",
					"requestId", web.RequestID(c), "route", c.FullPath(), "cause", err.Error())
			}
			web.Abort(c, refused)
		},
		HandlerErrorFunc: func(c *gin.Context, err error) { web.Abort(c, err) },
		ResponseErrorHandlerFunc: func(c *gin.Context, err error) {
			web.Abort(c, web.Fail(web.CodeInternal, err))
		},
	})
	// The API routes get their own chain, so the session gate and the validator are ordinary gin
	// middleware that run after the route is matched.
	apiRoutes := engine.Group("", d.api.sandboxHandlers.Gate(d.basePath), auth, proofGate, limits, audited, staffGate, validator.Middleware())
	apigen.RegisterHandlersWithOptions(apiRoutes, strict, apigen.GinServerOptions{
		BaseURL: d.basePath,
		ErrorHandler: func(c *gin.Context, err error, status int) {
			web.Abort(c, web.Fail(web.CodeBadRequest, err))
		},
	})

	// The payment gateway's webhooks: outside the API's envelope and sessions, verified by signature.
	engine.POST(payment.WebhookPath, func(c *gin.Context) {
		web.SetRoute(c, payment.WebhookPath)
		d.api.paymentHandlers.Webhook(c.Writer, c.Request)
	})

	assets := func(c *gin.Context) { d.brandAssets.Serve(c.Writer, c.Request, c.Param("filepath")) }
	engine.GET(brand.AssetsMount+"/*filepath", assets)
	engine.HEAD(brand.AssetsMount+"/*filepath", assets)
	if d.portal != nil {
		engine.GET(PortalMount, func(c *gin.Context) {
			c.Redirect(http.StatusMovedPermanently, PortalMount+"/")
		})
		portal := func(c *gin.Context) { d.portal.Serve(c.Writer, c.Request, c.Param("filepath")) }
		engine.GET(PortalMount+"/*filepath", portal)
		engine.HEAD(PortalMount+"/*filepath", portal)
	}
	engine.NoRoute(func(c *gin.Context) {
		p := c.Request.URL.Path
		switch {
		case strings.HasPrefix(p, web.APIPrefix):
			web.SetRoute(c, "api-unmatched")
			web.NotFound(c)
		case d.borrower != nil && (c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead):
			web.SetRoute(c, "borrower-app")
			d.borrower.Serve(c.Writer, c.Request, p)
		default:
			web.SetRoute(c, "unmatched")
			c.String(http.StatusNotFound, "not found")
		}
	})
	return engine, nil
}

// forwardRequestID puts the request id where the upstream clients read it, so a provider's logs can
// be matched with the BFF's.
func forwardRequestID(c *gin.Context) {
	c.Request = c.Request.WithContext(transport.WithRequestID(c.Request.Context(), web.RequestID(c)))
	c.Next()
}

// requestError maps a body the strict server could not decode: too large → 413, otherwise 400 with the
// catalogue's generic message (the decoder's words are for developers; the cause goes to the log).
func requestError(err error) *web.Error {
	e := web.AsError(err)
	if e.Code == web.CodeInternal {
		return web.Fail(web.CodeBadRequest, err)
	}
	return e
}

// sessionGates reads each operation's security from the contract: an operation that lists only
// accessToken requires a session; one that also allows {} takes an optional session; one with no
// security takes none. x-session-audience names the audience (default borrower), or lists the
// audiences of an optional session.
func sessionGates(spec *openapi3.T, basePath string, m *session.Manager) (gin.HandlerFunc, error) {
	gates := map[string]gin.HandlerFunc{}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			security := spec.Security
			if op.Security != nil {
				security = *op.Security
			}
			audiences, err := sessionAudiences(op.Extensions["x-session-audience"])
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			anonymous, token := false, false
			for _, req := range security {
				if len(req) == 0 {
					anonymous = true
				}
				if _, ok := req["accessToken"]; ok {
					token = true
				}
			}
			key := method + " " + basePath + web.GinPath(path)
			switch {
			case token && anonymous:
				gates[key] = m.OptionalAmong(audiences...)
			case token && len(audiences) == 1:
				gates[key] = m.Require(audiences[0])
			case token:
				return nil, fmt.Errorf("%s %s: a required session names one x-session-audience", method, path)
			}
		}
	}
	return func(c *gin.Context) {
		if gate, ok := gates[c.Request.Method+" "+c.FullPath()]; ok {
			gate(c)
			return
		}
		c.Next()
	}, nil
}

// sessionAudiences reads an operation's x-session-audience: absent is borrower; a name is that
// audience; a list is the audiences whose sessions may call it.
func sessionAudiences(ext any) ([]session.Audience, error) {
	var names []any
	switch v := ext.(type) {
	case nil:
		return []session.Audience{session.AudienceBorrower}, nil
	case string:
		names = []any{v}
	case []any:
		names = v
	default:
		return nil, fmt.Errorf("x-session-audience %v is neither a name nor a list", ext)
	}
	audiences := make([]session.Audience, 0, len(names))
	for _, n := range names {
		name, _ := n.(string)
		if a := session.Audience(name); a.Valid() {
			audiences = append(audiences, a)
			continue
		}
		return nil, fmt.Errorf("unknown x-session-audience %v", n)
	}
	if len(audiences) == 0 {
		return nil, errors.New("x-session-audience lists no audience")
	}
	return audiences, nil
}

// staffGates refuses, with 100617, every operation marked x-staff-forbidden in the contract when the
// request's session is a member of staff acting for a borrower: staff may not change a borrower's
// e-mail, phone or PIN, nor take a payment for them. The mark is true (the catalogue's words) or the
// words to say for that operation. It runs after the session gate and before the handler.
func staffGates(spec *openapi3.T, basePath string) gin.HandlerFunc {
	forbidden := map[string]string{}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			switch v := op.Extensions["x-staff-forbidden"].(type) {
			case bool:
				if v {
					forbidden[method+" "+basePath+web.GinPath(path)] = ""
				}
			case string:
				forbidden[method+" "+basePath+web.GinPath(path)] = v
			}
		}
	}
	return func(c *gin.Context) {
		if words, ok := forbidden[c.Request.Method+" "+c.FullPath()]; ok {
			if s, ok := session.From(c); ok {
				if _, acting := signin.StaffActing(s); acting {
					if words == "" {
						web.Abort(c, web.Fail(web.CodeStaffForbidden, nil))
					} else {
						web.Abort(c, web.FailWith(web.CodeStaffForbidden, words, nil))
					}
					return
				}
			}
		}
		c.Next()
	}
}

// errBeforeProof is why a registration's session was refused an operation.
var errBeforeProof = errors.New("app: the session has not proved its e-mail address")

// proofGates refuses, with 100618, every operation not marked x-before-proof in the contract when the
// request's session has proved nothing (a registration's, before its e-mail address is confirmed): such a
// session reaches only the registration's own draft and the step that proves the address
// (docs/decisions/registration-proves-the-address.md). It runs right after the session gate.
func proofGates(spec *openapi3.T, basePath string) gin.HandlerFunc {
	allowed := marked(spec, basePath, "x-before-proof")
	return func(c *gin.Context) {
		if s, ok := session.From(c); ok && !s.Proven() && !allowed[c.Request.Method+" "+c.FullPath()] {
			web.Abort(c, web.Fail(web.CodeEmailUnproven, errBeforeProof))
			return
		}
		c.Next()
	}
}

// marked is the set of the contract's operations, as "METHOD ginpath" under basePath, whose extension
// is true.
func marked(spec *openapi3.T, basePath, extension string) map[string]bool {
	set := map[string]bool{}
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			if v, ok := op.Extensions[extension].(bool); ok && v {
				set[method+" "+basePath+web.GinPath(path)] = true
			}
		}
	}
	return set
}
