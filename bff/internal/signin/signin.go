// Package signin is the last step every way of signing in shares: once a feature has proved who a
// customer is (a magic link, a code, a PIN, a new registration, or a member of staff acting for a
// borrower), it starts a fresh borrower session and answers what the apps keep after sign-in
// (spec §3: abChoice, accessToken, applyId, names, the loan, regStage, uuid, email).
package signin

import (
	"context"
	"errors"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/upstreams"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

// Session roles of borrower sessions.
const (
	// RoleBorrower is a session the borrower started themselves.
	RoleBorrower = "borrower"
	// RoleStaffActing is a borrower session a member of staff started to act for the borrower: every
	// call in it is audited and calls marked x-staff-forbidden are refused.
	RoleStaffActing = "staff-acting"
	// upstreamStaffID is the key of the acting staff member's id in Session.Upstream.
	upstreamStaffID = "staffId"
)

// StaffActing reports whether s was started by a member of staff for a borrower, and who.
func StaffActing(s *session.Session) (staffID string, ok bool) {
	if s == nil || s.Role != RoleStaffActing {
		return "", false
	}
	staffID = s.Upstream[upstreamStaffID]
	return staffID, staffID != ""
}

// Completer finishes sign-ins.
type Completer struct {
	lending  lending.API
	sessions *session.Manager
}

// New returns a Completer.
func New(l lending.API, m *session.Manager) *Completer { return &Completer{lending: l, sessions: m} }

// Options change how a session is started.
type Options struct {
	// StaffID, when set, starts the session as staff acting for the borrower.
	StaffID string
}

// Start begins a new borrower session for customerID on c's browser (always a new session id: a
// session is never carried over from before sign-in) and answers the sign-in result. The handler's
// context must be the *gin.Context of the request.
func (s *Completer) Start(ctx context.Context, customerID string, opt Options) (apigen.LoginResult, error) {
	c, ok := ctx.(*gin.Context)
	if !ok {
		return apigen.LoginResult{}, web.Fail(web.CodeInternal, errors.New("signin: the handler context is not a gin context"))
	}
	user, err := s.User(ctx, customerID, opt.StaffID != "")
	if err != nil {
		return apigen.LoginResult{}, err
	}
	ns := session.NewSession{Subject: customerID, Audience: session.AudienceBorrower, Role: RoleBorrower}
	if opt.StaffID != "" {
		ns.Role = RoleStaffActing
		ns.Upstream = map[string]string{upstreamStaffID: opt.StaffID}
	}
	token, err := s.sessions.Start(ctx, c, ns)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	return withToken(user, token), nil
}

// User is what the apps keep about customerID: the customer and their latest application.
func (s *Completer) User(ctx context.Context, customerID string, staffActing bool) (apigen.SignedInUser, error) {
	cu, err := s.lending.Customer(ctx, customerID)
	if err != nil {
		return apigen.SignedInUser{}, upstreams.Fail(err)
	}
	apps, err := s.lending.CustomerApplications(ctx, customerID)
	if err != nil {
		return apigen.SignedInUser{}, upstreams.Fail(err)
	}
	u := apigen.SignedInUser{
		Uuid:        cu.ID,
		Email:       cu.Email,
		FirstName:   cu.FirstName,
		LastName:    cu.LastName,
		PinSet:      cu.PIN.Set,
		StaffActing: staffActing,
	}
	if len(apps) > 0 {
		a := apps[0] // newest first
		u.ApplyId = a.ID
		u.AbChoice = apigen.ABChoice{Welcome: a.ABChoice.Welcome, EmailConf: a.ABChoice.EmailConf}
		if pending := a.RegStage.Pending(); len(pending) > 0 {
			u.RegStage = pending[0]
		}
		u.InterestRate = a.Quote.AnnualRatePercent
		u.LoanAmountPence = a.Quote.AmountPence
		u.LoanTermMonths = a.Quote.TermMonths
		u.OnePage = a.OnePage
	}
	return u, nil
}

// SessionUser is User for the customer of the request's borrower session.
func (s *Completer) SessionUser(ctx context.Context) (apigen.SignedInUser, *session.Session, error) {
	c, _ := ctx.(*gin.Context)
	sess, ok := session.FromContext(c)
	if c == nil || !ok {
		return apigen.SignedInUser{}, nil, web.Fail(web.CodeUnauthenticated, errors.New("signin: no session"))
	}
	_, acting := StaffActing(sess)
	u, err := s.User(ctx, sess.Subject, acting)
	return u, sess, err
}

func withToken(u apigen.SignedInUser, token string) apigen.LoginResult {
	return apigen.LoginResult{
		AccessToken:     token,
		AbChoice:        u.AbChoice,
		ApplyId:         u.ApplyId,
		Email:           u.Email,
		FirstName:       u.FirstName,
		InterestRate:    u.InterestRate,
		LastName:        u.LastName,
		LoanAmountPence: u.LoanAmountPence,
		LoanTermMonths:  u.LoanTermMonths,
		OnePage:         u.OnePage,
		PinSet:          u.PinSet,
		RegStage:        u.RegStage,
		StaffActing:     u.StaffActing,
		Uuid:            u.Uuid,
	}
}
