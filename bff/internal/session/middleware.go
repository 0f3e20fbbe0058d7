package session

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/golang-jwt/jwt/v5"

	"lender/bff/internal/platform/web"
)

// Session is the authenticated session of a request. Handlers treat it as read-only.
type Session struct {
	ID       string   // the session id (sid)
	Subject  string   // the opaque customer or staff id the session was started for
	Audience Audience // who the session is for
	Role     string
	// Upstream holds the upstream credentials of the session (for later features).
	Upstream map[string]string
	// Actor is the pseudonymous id of the subject (the token's sub, the access log's user id).
	Actor     string
	CreatedAt time.Time
	ExpiresAt time.Time // the absolute expiry
	// Proof is how the person proved who they are (see Proven).
	Proof Proof
	// OpenedBy is the id of the session that opened this one (a member of staff's), "" for none.
	OpenedBy string
}

// String does not print the subject, the session id or the upstream credentials.
func (s Session) String() string {
	return fmt.Sprintf("session{audience:%s role:%q actor:%s}", s.Audience, s.Role, s.Actor)
}

// GoString is String, so %#v does not leak either.
func (s Session) GoString() string { return s.String() }

// LogValue logs only the audience, role and pseudonymous actor.
func (s Session) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("audience", string(s.Audience)),
		slog.String("role", s.Role),
		slog.String("actor", s.Actor),
	)
}

type ctxKey struct{}

// From is the request's session: the one the session gate authenticated, or Start began. ctx is the
// handler's context, the request's *gin.Context; ok is false when there is none. Every feature reads
// the session here.
func From(ctx context.Context) (*Session, bool) {
	c, _ := ctx.(*gin.Context)
	if c == nil {
		return nil, false
	}
	v, ok := c.Get(ctxKey{})
	if !ok {
		return nil, false
	}
	s, ok := v.(*Session)
	return s, ok && s != nil
}

// errNoSession is why Required refused.
var errNoSession = errors.New("session: the request has no session")

// Required is From for the operations the contract makes require a session: the gate has let none
// through without one, so its absence is a 401 rather than a fault.
func Required(ctx context.Context) (*Session, error) {
	s, ok := From(ctx)
	if !ok {
		return nil, web.Fail(web.CodeUnauthenticated, errNoSession)
	}
	return s, nil
}

// NewSession is what Start needs to begin a session.
type NewSession struct {
	Subject  string // an opaque customer or staff id; required
	Audience Audience
	Role     string
	Upstream map[string]string // copied
	// Proof is how the person proved who they are; required. ProofNone sessions live at most
	// Config.UnprovenTTL.
	Proof Proof
	// NotAfter, when set, bounds the absolute expiry (a borrower session a member of staff opens ends
	// when their sign-in does).
	NotAfter time.Time
	// OpenedBy, when set, is the live session opening this one: revoking it revokes this one.
	OpenedBy string
}

// Start begins a new session for ns on the browser of c: it always creates a new random session id
// (signing in never reuses one), stores the record, sets the binding cookie on c's response and puts
// the session in c for the rest of the request. It returns the access token for the response body.
//
// Failures are *web.Error values ready for web.Abort: CodeDependencyDown when Redis cannot be reached,
// CodeInternal otherwise.
func (m *Manager) Start(ctx context.Context, c *gin.Context, ns NewSession) (string, error) {
	if ns.Subject == "" {
		return "", web.Fail(web.CodeInternal, errors.New("session: Start without a subject"))
	}
	if !ns.Audience.Valid() {
		return "", web.Fail(web.CodeInternal, fmt.Errorf("session: Start with unknown audience %q", ns.Audience))
	}
	if ns.Proof == "" {
		return "", web.Fail(web.CodeInternal, errors.New("session: Start without a proof"))
	}
	if ns.OpenedBy != "" && !validSID(ns.OpenedBy) {
		return "", web.Fail(web.CodeInternal, errors.New("session: Start opened by a malformed session id"))
	}
	now := m.now()
	abs := now.Add(m.cfg.AbsoluteTTL)
	if ns.Proof == ProofNone {
		abs = now.Add(m.cfg.UnprovenTTL)
	}
	if !ns.NotAfter.IsZero() && ns.NotAfter.Before(abs) {
		abs = ns.NotAfter
	}
	life := abs.Sub(now)
	if life < time.Second {
		return "", web.Fail(web.CodeUnauthenticated, errors.New("session: the opening session ends now"))
	}
	sid := randomToken(sidBytes)
	secret := randomToken(secretBytes)
	cookieHash := sha256.Sum256([]byte(secret))
	s := &Session{
		ID:        sid,
		Subject:   ns.Subject,
		Audience:  ns.Audience,
		Role:      ns.Role,
		Upstream:  maps.Clone(ns.Upstream),
		Actor:     m.actorID(ns.Audience, ns.Subject),
		CreatedAt: now,
		ExpiresAt: time.UnixMilli(abs.UnixMilli()),
		Proof:     ns.Proof,
		OpenedBy:  ns.OpenedBy,
	}
	token, err := m.mint(sid, s.Audience, s.Actor, now, m.tokenExpiry(now, s.ExpiresAt))
	if err != nil {
		return "", web.Fail(web.CodeInternal, err)
	}
	rec := &record{
		Subject:  s.Subject,
		Audience: s.Audience,
		Role:     s.Role,
		Upstream: s.Upstream,
		Actor:    s.Actor,
		Created:  now.UnixMilli(),
		Expires:  abs.UnixMilli(),
		Proof:    s.Proof,
		OpenedBy: s.OpenedBy,
	}
	// Indexed before it exists, so no session is ever live without being in the indexes that end it.
	if err := m.index(ctx, m.subjectKey(s.Audience, s.Subject), sid, life); err != nil {
		return "", web.Fail(web.CodeDependencyDown, err)
	}
	if s.OpenedBy != "" {
		if err := m.index(ctx, m.openedKey(s.OpenedBy), sid, life); err != nil {
			return "", web.Fail(web.CodeDependencyDown, err)
		}
	}
	if err := m.create(ctx, sid, rec, cookieHash[:], min(m.cfg.IdleTTL, life)); err != nil {
		if errors.Is(err, errCollision) {
			return "", web.Fail(web.CodeInternal, err)
		}
		return "", web.Fail(web.CodeDependencyDown, err)
	}
	if s.OpenedBy != "" {
		// The opener may have been revoked between its check and the index: then this one ends too.
		alive, err := m.alive(ctx, s.OpenedBy)
		if err != nil || !alive {
			_ = m.remove(context.WithoutCancel(ctx), sid)
			if err != nil {
				return "", web.Fail(web.CodeDependencyDown, err)
			}
			return "", web.Fail(web.CodeUnauthenticated, errors.New("session: the opening session has ended"))
		}
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name:     m.CookieName(s.Audience),
		Value:    secret,
		Path:     "/",
		MaxAge:   int(life / time.Second),
		Secure:   m.cfg.CookieSecure,
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
	c.Set(ctxKey{}, s)
	web.SetActor(c, s.Actor)
	return token, nil
}

// Revoke deletes session sid, so its token fails from the next request on. Revoking a session that
// does not exist is not an error. A Redis failure is a CodeDependencyDown *web.Error.
func (m *Manager) Revoke(ctx context.Context, sid string) error {
	if !validSID(sid) {
		return nil // no such key can exist
	}
	if err := m.remove(ctx, sid); err != nil {
		return web.Fail(web.CodeDependencyDown, err)
	}
	return nil
}

// RevokeCurrent revokes the session of the request (logout) and clears its cookie. Without a session
// it fails with CodeUnauthenticated.
func (m *Manager) RevokeCurrent(c *gin.Context) error {
	s, ok := From(c)
	if !ok {
		return web.Fail(web.CodeUnauthenticated, ErrNoSession)
	}
	if err := m.Revoke(c.Request.Context(), s.ID); err != nil {
		return err
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name:     m.CookieName(s.Audience),
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		Secure:   m.cfg.CookieSecure,
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
	c.Header(HeaderRenewedToken, "") // nothing stale may be handed out after logout
	c.Delete(ctxKey{})
	return nil
}

// Require admits only requests with a valid token of audience aud, its matching cookie and a live
// session; it answers every other request 401 (or 503 when Redis cannot answer). It panics when aud is
// not a known audience, which is a mistake in the route table.
func (m *Manager) Require(aud Audience) gin.HandlerFunc { return m.middleware(true, aud) }

// Optional lets requests without a token through anonymously; a request that carries a token is
// checked exactly as Require checks it.
func (m *Manager) Optional(aud Audience) gin.HandlerFunc { return m.middleware(false, aud) }

// OptionalAmong is Optional for an operation that sessions of several audiences may call (the brand,
// which the borrower app and the finance portal both ask for): a token is checked exactly as Require
// checks it for the audience it was minted for, which must be one of auds; any other token is 401.
func (m *Manager) OptionalAmong(auds ...Audience) gin.HandlerFunc {
	return m.middleware(false, auds...)
}

func (m *Manager) middleware(required bool, auds ...Audience) gin.HandlerFunc {
	if len(auds) == 0 {
		panic("session: a gate without an audience")
	}
	gates := make([]authenticator, len(auds))
	for i, aud := range auds {
		if !aud.Valid() {
			panic(fmt.Sprintf("session: unknown audience %q", aud))
		}
		gates[i] = authenticator{m: m, aud: aud, parser: m.parsers[aud], cookie: m.CookieName(aud)}
	}
	return func(c *gin.Context) {
		raw := c.GetHeader(HeaderAccessToken)
		if raw == "" {
			if required {
				web.Abort(c, web.Fail(web.CodeUnauthenticated, ErrNoToken))
				return
			}
			c.Next()
			return
		}
		a := m.gateFor(gates, raw)
		s, err := a.authenticate(c, raw)
		if err != nil {
			web.Abort(c, err)
			return
		}
		c.Set(ctxKey{}, s)
		web.SetActor(c, s.Actor)
		c.Next()
	}
}

// gateFor is the authenticator of the audience raw was signed for, among gates; the first when there
// is one gate or none verifies (which then refuses raw itself). Only a token whose signature and
// audience check out for one of the gates' audiences picks that gate.
func (m *Manager) gateFor(gates []authenticator, raw string) *authenticator {
	if len(gates) > 1 {
		for i := range gates {
			if _, err := m.verify(gates[i].parser, raw); err == nil {
				return &gates[i]
			}
		}
	}
	return &gates[0]
}

// Authenticate checks a token of audience aud that arrived outside the accessToken header (the
// staff token of a staff member acting for a borrower) exactly as Require would, but never renews it
// and does not make it the request's session. Errors are *web.Error values as from Require.
func (m *Manager) Authenticate(c *gin.Context, raw string, aud Audience) (*Session, error) {
	if !aud.Valid() {
		return nil, web.Fail(web.CodeInternal, fmt.Errorf("session: unknown audience %q", aud))
	}
	a := authenticator{m: m, aud: aud, parser: m.parsers[aud], cookie: m.CookieName(aud), noRenew: true}
	return a.authenticate(c, raw)
}

type authenticator struct {
	m      *Manager
	aud    Audience
	parser *jwt.Parser // built once by New for aud
	cookie string
	// noRenew: the token is not the request's accessToken, so a renewal must not be handed back.
	noRenew bool
}

// authenticate checks token, cookie and session, refreshes the idle TTL and renews the token when it
// is close to expiry. Errors are *web.Error: CodeUnauthenticated for anything the caller got wrong,
// CodeDependencyDown when Redis failed, CodeInternal for a malformed record.
func (a *authenticator) authenticate(c *gin.Context, raw string) (*Session, error) {
	m := a.m
	cl, err := m.verify(a.parser, raw)
	if err != nil {
		return nil, web.Fail(web.CodeUnauthenticated, err)
	}

	// Hash every cookie of our name (up to maxCookies): a shadowing cookie must not lock the owner out.
	var hashes [maxCookies][sha256.Size]byte
	n := 0
	for _, ck := range c.Request.CookiesNamed(a.cookie) {
		if n == maxCookies {
			break
		}
		if ck.Value != "" {
			hashes[n] = sha256.Sum256([]byte(ck.Value))
			n++
		}
	}
	if n == 0 {
		return nil, web.Fail(web.CodeUnauthenticated, ErrNoCookie)
	}

	now := m.now()
	rec, stored, err := m.load(c.Request.Context(), cl.SID, now, hashes[:n])
	switch {
	case err == nil:
	case errors.Is(err, errNotFound):
		return nil, web.Fail(web.CodeUnauthenticated, ErrNoSession)
	case errors.Is(err, errMismatch):
		return nil, web.Fail(web.CodeUnauthenticated, ErrCookieMismatch)
	case errors.Is(err, errBadRecord), errors.Is(err, errBadReplies):
		return nil, web.Fail(web.CodeInternal, fmt.Errorf("session: %w", err))
	default:
		return nil, web.Fail(web.CodeDependencyDown, err)
	}

	// The script compared the hashes already; this is the authoritative, constant-time comparison.
	bound := 0
	for i := range n {
		bound |= subtle.ConstantTimeCompare(hashes[i][:], []byte(stored))
	}
	if bound != 1 {
		return nil, web.Fail(web.CodeUnauthenticated, ErrCookieMismatch)
	}
	// The token was signed for this session; these only fail if records or keys got mixed up.
	if rec.Audience != a.aud || subtle.ConstantTimeCompare([]byte(rec.Actor), []byte(cl.Subject)) != 1 {
		return nil, web.Fail(web.CodeUnauthenticated, fmt.Errorf("%w: token does not belong to the session", ErrBadToken))
	}
	// A record from before sessions kept their proof may be a registration's that proved nothing: it is
	// treated as ended, and its person signs in again (once, at that release).
	if rec.Proof == "" {
		return nil, web.Fail(web.CodeUnauthenticated, ErrNoSession)
	}

	s := &Session{
		ID:        cl.SID,
		Subject:   rec.Subject,
		Audience:  rec.Audience,
		Role:      rec.Role,
		Upstream:  rec.Upstream,
		Actor:     rec.Actor,
		CreatedAt: time.UnixMilli(rec.Created),
		ExpiresAt: time.UnixMilli(rec.Expires),
		Proof:     rec.Proof,
		OpenedBy:  rec.OpenedBy,
	}

	// Renew a token close to its expiry, never past the session's absolute expiry.
	if exp := cl.ExpiresAt.Time; !a.noRenew && exp.Sub(now) < m.cfg.RenewWithin {
		if next := m.tokenExpiry(now, s.ExpiresAt); next.After(exp) {
			token, err := m.mint(s.ID, s.Audience, s.Actor, now, next)
			if err != nil {
				return nil, web.Fail(web.CodeInternal, err)
			}
			c.Header(HeaderRenewedToken, token)
		}
	}
	return s, nil
}

// tokenExpiry is when a token minted at now expires: TokenTTL later, but not after the absolute
// expiry (rounded down to the second, as token times are).
func (m *Manager) tokenExpiry(now, abs time.Time) time.Time {
	exp := now.Add(m.cfg.TokenTTL)
	if exp.After(abs) {
		exp = abs
	}
	return exp.Truncate(time.Second)
}
