// Package portal holds the finance portal's sign-in and session (issue 20 §1): portal/login,
// portal/logout and portal/me, and the brand the portal is drawn in for a signed-in portal user.
//
// A portal session is a session of audience portal (package session): its own token audience and its
// own binding cookie, so a borrower's token never opens a portal call and a portal token never opens a
// borrower's (docs/decisions/portal-sessions.md). The lending core owns the portal users and checks
// their passwords; the BFF keeps the session. The session record holds the user's id as its subject,
// their role, and their firm's broker id and brand clientName; never their name or e-mail address,
// which portal/me reads from the lending core.
//
// Sign-ins are limited per e-mail address here and per client IP by the router (x-rate-limit: verify).
// An unknown e-mail address and a wrong password take the same path through the BFF to the same
// lending-core answer (which checks a decoy password for an unknown address), so they answer alike.
package portal

import (
	"context"
	"errors"
	"strings"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
	"lender/bff/upstream/lending"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each).
type Lending interface {
	PortalSignIn(ctx context.Context, email, password string) (lending.PortalSession, error)
	PortalUser(ctx context.Context, id string) (lending.PortalUser, error)
}

// The session record's upstream fields of a portal session.
const (
	upstreamBrokerID   = "brokerId"
	upstreamClientName = "clientName"
)

// wrongCredentials is the one message for an unknown e-mail address and a wrong password.
const wrongCredentials = "The email address or password is not right."

// signInScope is the per-address limit's scope: apart from borrowers' and staff's counts.
const signInScope = "addr:verify:portal"

// Config configures the handlers.
type Config struct {
	// SignInsPerAddress limits sign-in attempts for one e-mail address.
	SignInsPerAddress ratelimit.Rule
}

// Handlers implements the portal part of the generated API.
type Handlers struct {
	cfg      Config
	lending  Lending
	sessions *session.Manager
	limiter  *ratelimit.Limiter
}

// New builds the handlers.
func New(cfg Config, l Lending, sessions *session.Manager, limiter *ratelimit.Limiter) (*Handlers, error) {
	if l == nil || sessions == nil || limiter == nil {
		return nil, errors.New("portal: a dependency is missing")
	}
	if cfg.SignInsPerAddress.Limit < 1 || cfg.SignInsPerAddress.Window <= 0 {
		return nil, errors.New("portal: SignInsPerAddress needs a positive limit and window")
	}
	return &Handlers{cfg: cfg, lending: l, sessions: sessions, limiter: limiter}, nil
}

// PortalLogin checks a portal user's e-mail and password with the lending core and starts their
// portal session.
func (h *Handlers) PortalLogin(ctx context.Context, req apigen.PortalLoginRequestObject) (apigen.PortalLoginResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("portal: no body"))
	}
	c, ok := ctx.(*gin.Context)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("portal: the handler context is not a gin context"))
	}
	email := strings.ToLower(strings.TrimSpace(string(req.Body.Email)))
	// Counted before the lending core is asked, whether the address is anyone's or not.
	if wait, err := h.limiter.Allow(ctx, h.cfg.SignInsPerAddress, signInScope, email); err != nil {
		ratelimit.RetryAfter(c, wait)
		return nil, err
	}
	ps, err := h.lending.PortalSignIn(ctx, email, req.Body.Password)
	if errors.Is(err, lending.ErrInvalidCredentials) {
		return nil, web.FailWith(web.CodeWrongCode, wrongCredentials, err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	token, err := h.sessions.Start(ctx, c, session.NewSession{
		Subject:  ps.User.ID,
		Audience: session.AudiencePortal,
		Role:     ps.User.Role,
		Upstream: map[string]string{upstreamBrokerID: ps.User.BrokerID, upstreamClientName: ps.User.ClientName},
		Proof:    session.ProofPassword,
	})
	if err != nil {
		return nil, err
	}
	return apigen.PortalLogin200JSONResponse{Status: 200, ResultData: apigen.PortalLogin{
		AccessToken: token,
		User:        shape(ps.User),
	}}, nil
}

// PortalLogout ends the request's portal session (the gate let only a live one through) and clears
// its cookie; its token is refused from then on.
func (h *Handlers) PortalLogout(ctx context.Context, _ apigen.PortalLogoutRequestObject) (apigen.PortalLogoutResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("portal: the handler context is not a gin context"))
	}
	if err := h.sessions.RevokeCurrent(c); err != nil {
		return nil, err
	}
	return apigen.PortalLogout200JSONResponse{Status: 200}, nil
}

// PortalMe answers the signed-in portal user as the lending core knows them now.
func (h *Handlers) PortalMe(ctx context.Context, _ apigen.PortalMeRequestObject) (apigen.PortalMeResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	u, err := h.lending.PortalUser(ctx, s.Subject)
	if errors.Is(err, lending.ErrPortalUserNotFound) {
		// The user has left the lending core since signing in: their session ends with them.
		return nil, web.Fail(web.CodeUnauthenticated, err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	return apigen.PortalMe200JSONResponse{Status: 200, ResultData: shape(u)}, nil
}

func shape(u lending.PortalUser) apigen.PortalUser {
	return apigen.PortalUser{Name: u.Name, Role: apigen.PortalUserRole(u.Role), Firm: u.BrokerFirm}
}

// FirmBrand is the brand the finance portal is drawn in for portal session s: the brand of the
// user's firm (a configured brand, or the lending core's client record over the brand it trades under),
// or the default brand while neither knows the firm. It is the one place that says so.
func FirmBrand(ctx context.Context, brands branding.Catalogue, s *session.Session) (config.Brand, error) {
	name := s.Upstream[upstreamClientName]
	return brands.Owner(ctx, name)
}
