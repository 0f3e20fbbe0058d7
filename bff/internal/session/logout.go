package session

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/platform/web"
)

// LogoutToken ends the session that raw (an access token of any audience) names, provided the browser
// also holds that session's binding cookie, and clears the cookie. A token that is missing, malformed,
// expired, of an unknown session or without its cookie ends nothing and is not an error: log-out
// always succeeds from the browser's point of view. Only a Redis failure is returned (a
// CodeDependencyDown *web.Error), so that a log-out that did not happen is not reported as done.
//
// The cookie check matters: without it anyone who saw a token (in a log, a screenshot) could end
// that person's session.
func (m *Manager) LogoutToken(c *gin.Context, raw string) error {
	if raw == "" {
		return nil
	}
	for _, aud := range audiences {
		// Verify the signature and audience first; only the audience the token was minted for passes.
		if _, err := m.verify(m.parsers[aud], raw); err != nil {
			continue
		}
		a := authenticator{m: m, aud: aud, parser: m.parsers[aud], cookie: m.CookieName(aud), noRenew: true}
		s, err := a.authenticate(c, raw)
		if err != nil {
			if web.AsError(err).Code == web.CodeDependencyDown {
				return err
			}
			return nil // not a live session bound to this browser: nothing to end
		}
		if err := m.Revoke(c.Request.Context(), s.ID); err != nil {
			return err
		}
		http.SetCookie(c.Writer, &http.Cookie{
			Name:     m.CookieName(aud),
			Value:    "",
			Path:     "/",
			MaxAge:   -1,
			Secure:   m.cfg.CookieSecure,
			HttpOnly: true,
			SameSite: http.SameSiteStrictMode,
		})
		if cur, ok := From(c); ok && cur.ID == s.ID {
			c.Delete(ctxKey{})
		}
		return nil
	}
	return nil
}
