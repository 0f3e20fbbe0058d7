package lending

import (
	"net/http"
	"strings"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// staffAccount is a staff member and their hashed password.
type staffAccount struct {
	user   lending.StaffUser
	secret secret
}

// portalAccount is a finance-portal user and their hashed password.
type portalAccount struct {
	user   lending.PortalUser
	secret secret
}

// maxPassword caps a password; a longer one is simply wrong.
const maxPassword = 256

const wrongCredentials = "the account or password is incorrect"

func (p *Provider) staffSignIn(w http.ResponseWriter, r *http.Request) {
	var req lending.StaffSignInRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Account == "" || req.Password == "" {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, "account and password are required")
		return
	}
	p.mu.Lock()
	a, ok := p.st.staff[accountKey(req.Account)]
	p.mu.Unlock()
	if !signIn(w, ok, a, req.Password) {
		return
	}
	httpjson.Write(w, http.StatusOK, lending.StaffSession{Staff: a.user, AuthenticatedAt: p.Clock.Now()})
}

func (p *Provider) portalSignIn(w http.ResponseWriter, r *http.Request) {
	var req lending.PortalSignInRequest
	if !decode(w, r, &req) {
		return
	}
	if req.Email == "" || req.Password == "" {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeInvalidRequest, "email and password are required")
		return
	}
	p.mu.Lock()
	a, ok := p.st.portal[accountKey(req.Email)]
	p.mu.Unlock()
	if !signIn(w, ok, a, req.Password) {
		return
	}
	httpjson.Write(w, http.StatusOK, lending.PortalSession{User: a.user, AuthenticatedAt: p.Clock.Now()})
}

func (p *Provider) portalUser(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	a, ok := p.st.portalByID[r.PathValue("id")]
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodePortalUserNotFound, "no finance-portal user has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, a.user)
}

// accountKey is how staff accounts and portal e-mails are looked up: trimmed, lower case.
func accountKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// hashedAccount is what a sign-in checks: an account with its hashed password.
type hashedAccount interface{ passwordSecret() secret }

func (a *staffAccount) passwordSecret() secret  { return a.secret }
func (a *portalAccount) passwordSecret() secret { return a.secret }

// signIn checks password against the account found (or a decoy when found is false) and answers the
// one 401 for any failure, without saying which part was wrong.
func signIn[A hashedAccount](w http.ResponseWriter, found bool, a A, password string) bool {
	var sec secret
	if found {
		sec = a.passwordSecret()
	}
	if !verifyPassword(found, sec, password) {
		httpjson.Error(w, http.StatusUnauthorized, lending.CodeInvalidCredentials, wrongCredentials)
		return false
	}
	return true
}

// verifyPassword checks a password against an account's secret, or against a decoy when there is no
// account, so both failures take the same time and answer the same.
func verifyPassword(exists bool, s secret, password string) bool {
	if !exists || len(password) > maxPassword {
		decoy.matches(password[:min(len(password), maxPassword)])
		return false
	}
	return s.matches(password)
}
