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
	a, ok := p.st.staff[strings.ToLower(strings.TrimSpace(req.Account))]
	var sec secret
	if ok {
		sec = a.secret
	}
	p.mu.Unlock()
	if !verifyPassword(ok, sec, req.Password) {
		httpjson.Error(w, http.StatusUnauthorized, lending.CodeInvalidCredentials, wrongCredentials)
		return
	}
	httpjson.Write(w, http.StatusOK, lending.StaffSession{Staff: a.user, AuthenticatedAt: p.clock.Now()})
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
	a, ok := p.st.portal[strings.ToLower(strings.TrimSpace(req.Email))]
	var sec secret
	if ok {
		sec = a.secret
	}
	p.mu.Unlock()
	if !verifyPassword(ok, sec, req.Password) {
		httpjson.Error(w, http.StatusUnauthorized, lending.CodeInvalidCredentials, wrongCredentials)
		return
	}
	httpjson.Write(w, http.StatusOK, lending.PortalSession{User: a.user, AuthenticatedAt: p.clock.Now()})
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
