package lending

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"lender/bff/upstream/transport"
)

// Portal roles (PortalUser.Role).
const (
	RoleBroker  = "broker"  // a broker firm's adviser
	RoleFinance = "finance" // a finance officer of the firm
)

// StaffSignInRequest is the body of POST /staff/sessions.
type StaffSignInRequest struct {
	Account  string `json:"account"`
	Password string `json:"password"`
}

// StaffUser is a member of the lender's staff.
type StaffUser struct {
	ID          string `json:"id"`
	Account     string `json:"account"`
	DisplayName string `json:"displayName"`
}

// StaffSession is the answer of POST /staff/sessions: whose credentials were verified, and when. The
// lending core keeps no session; the BFF does.
type StaffSession struct {
	Staff           StaffUser `json:"staff"`
	AuthenticatedAt time.Time `json:"authenticatedAt"`
}

// PortalSignInRequest is the body of POST /portal-users/sessions.
type PortalSignInRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// PortalUser is a finance-portal user: a broker's adviser or finance officer.
type PortalUser struct {
	ID         string `json:"id"`
	Email      string `json:"email"`
	Name       string `json:"name"`
	Role       string `json:"role"`     // RoleBroker or RoleFinance
	BrokerID   string `json:"brokerId"` // the broker firm's key, e.g. "brk_northgate"
	BrokerFirm string `json:"brokerFirm"`
	// ClientName is the brand clientName of the user's firm: the finance portal is drawn in it.
	ClientName string `json:"clientName"`
}

// PortalSession is the answer of POST /portal-users/sessions.
type PortalSession struct {
	User            PortalUser `json:"user"`
	AuthenticatedAt time.Time  `json:"authenticatedAt"`
}

// StaffSignIn calls POST /staff/sessions. Wrong credentials are ErrInvalidCredentials, which never
// says whether the account or the password was wrong.
func (c *Client) StaffSignIn(ctx context.Context, account, password string) (StaffSession, error) {
	var s StaffSession
	err := c.t.Do(ctx, transport.Request{Operation: "staff.sessions.create", Method: http.MethodPost,
		Path: "/staff/sessions", Body: StaffSignInRequest{Account: account, Password: password}}, &s)
	return s, classify(err)
}

// PortalUser calls GET /portal-users/{id}; ErrPortalUserNotFound.
func (c *Client) PortalUser(ctx context.Context, id string) (PortalUser, error) {
	var u PortalUser
	err := c.t.Do(ctx, transport.Request{Operation: "portal_users.get", Method: http.MethodGet,
		Path: "/portal-users/" + url.PathEscape(id)}, &u)
	return u, classify(err)
}

// PortalSignIn calls POST /portal-users/sessions. Wrong credentials are ErrInvalidCredentials.
func (c *Client) PortalSignIn(ctx context.Context, email, password string) (PortalSession, error) {
	var s PortalSession
	err := c.t.Do(ctx, transport.Request{Operation: "portal_users.sessions.create", Method: http.MethodPost,
		Path: "/portal-users/sessions", Body: PortalSignInRequest{Email: email, Password: password}}, &s)
	return s, classify(err)
}
