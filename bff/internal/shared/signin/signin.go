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
	lending  Lending
	sessions *session.Manager
}

// New returns a Completer.
func New(l Lending, m *session.Manager) *Completer { return &Completer{lending: l, sessions: m} }

// Options change how a session is started.
type Options struct {
	// Proof is how the person proved who they are; required. session.ProofNone is a registration's.
	Proof session.Proof
	// Staff, when set, is the staff session of a member of staff acting for the borrower: the new
	// session is marked staff-acting, and ends when the staff session does.
	Staff *session.Session
	// StepUp, when set, is the borrower session a PIN step-up replaces: staff acting stay so.
	StepUp *session.Session
}

// Messages of sign-ins that cannot go on.
const (
	// msgRegistrationDiscarded: the address's owner proved it by signing in; the registration someone
	// made with it never proved it, so it was discarded and they start again.
	msgRegistrationDiscarded = "Your e-mail address is confirmed. An application had been started with it, but the address " +
		"was never confirmed, so we have deleted that application and kept none of its answers. You can start a new application now."
	msgStaffProvisional = "This applicant has not confirmed their e-mail address yet, so staff cannot sign in as them."
	msgSignInAgain      = "Please sign in again: ask for a new link or code."
)

var (
	errDiscarded    = errors.New("signin: a provisional registration was discarded by the address's owner")
	errNotSettled   = errors.New("signin: the customer has not proved their e-mail address")
	errNoProof      = errors.New("signin: Start without a proof")
	errStaffSession = errors.New("signin: the staff session is not a staff member's")
)

// emailProofs prove the customer's e-mail address, the one thing anyone can register with.
var emailProofs = map[session.Proof]bool{session.ProofEmailLink: true, session.ProofEmailCode: true}

// Start begins a new borrower session for customerID on c's browser (always a new session id: a
// session is never carried over from before sign-in) and answers the sign-in result. The handler's
// context must be the *gin.Context of the request.
//
// A provisional customer (a registration whose address nobody proved) is no one's account yet. Only
// the registration itself starts a session for them (ProofNone). Proving the address by a link or code
// mailed to it discards the registration and every session of it, and answers
// CodeRegistrationDiscarded: the address's owner starts again and never sees what the registration
// held. Any other way in is refused as if there were no account.
func (s *Completer) Start(ctx context.Context, customerID string, opt Options) (apigen.LoginResult, error) {
	c, ok := ctx.(*gin.Context)
	if !ok {
		return apigen.LoginResult{}, web.Fail(web.CodeInternal, errors.New("signin: the handler context is not a gin context"))
	}
	if opt.Proof == "" {
		return apigen.LoginResult{}, web.Fail(web.CodeInternal, errNoProof)
	}
	cu, err := s.lending.Customer(ctx, customerID)
	if err != nil {
		return apigen.LoginResult{}, web.FailUpstream(err)
	}
	if cu.Provisional && opt.Proof != session.ProofNone {
		return apigen.LoginResult{}, s.refuseProvisional(ctx, cu, opt)
	}
	user, err := s.user(ctx, cu, opt.Staff != nil || staffActing(opt.StepUp))
	if err != nil {
		return apigen.LoginResult{}, err
	}
	ns := session.NewSession{Subject: customerID, Audience: session.AudienceBorrower, Role: RoleBorrower, Proof: opt.Proof}
	acting := opt.Staff
	switch {
	case acting != nil:
		if acting.Audience != session.AudienceStaff {
			return apigen.LoginResult{}, web.Fail(web.CodeInternal, errStaffSession)
		}
		ns.Role = RoleStaffActing
		ns.Upstream = map[string]string{upstreamStaffID: acting.Subject}
		ns.OpenedBy, ns.NotAfter = acting.ID, acting.ExpiresAt
	case staffActing(opt.StepUp):
		// A step-up keeps a staff-acting session staff-acting, still ending with the staff sign-in.
		ns.Role, ns.Upstream = RoleStaffActing, opt.StepUp.Upstream
		ns.OpenedBy, ns.NotAfter = opt.StepUp.OpenedBy, opt.StepUp.ExpiresAt
	}
	token, err := s.sessions.Start(ctx, c, ns)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	return withToken(user, token), nil
}

// refuseProvisional answers a sign-in to a provisional customer other than their registration's own.
func (s *Completer) refuseProvisional(ctx context.Context, cu lending.Customer, opt Options) error {
	switch {
	case opt.Staff != nil:
		return web.FailWith(web.CodeWrongCode, msgStaffProvisional, errNotSettled)
	case !emailProofs[opt.Proof]:
		return web.Fail(web.CodeLoginFailed, errNotSettled)
	}
	// Sessions first: once they are gone nothing of the registration can be read or written, and a
	// failure after this point leaves a customer the next proof discards.
	if err := s.sessions.RevokeSubject(ctx, session.AudienceBorrower, cu.ID, "", false); err != nil {
		return err
	}
	err := s.lending.DiscardCustomer(ctx, cu.ID)
	switch {
	case errors.Is(err, lending.ErrCustomerNotProvisional):
		// The registration proved the address in its own session meanwhile: it is an account now, and
		// its sessions are gone. Signing in again finds it.
		return web.FailWith(web.CodeLoginFailed, msgSignInAgain, err)
	case err != nil:
		return web.FailUpstream(err)
	}
	return web.FailWith(web.CodeRegistrationDiscarded, msgRegistrationDiscarded, errDiscarded)
}

// Proved records that the person of the request's session has proved their e-mail address (the
// confirmation link mailed at registration, opened in this session): an unproven registration session
// is replaced by a proven one, whose token goes back in the renewal header, and every other unproven
// session of the customer ends (session.Manager.Prove).
func (s *Completer) Proved(ctx context.Context) error {
	c, _ := ctx.(*gin.Context)
	if c == nil {
		return web.Fail(web.CodeInternal, errors.New("signin: the handler context is not a gin context"))
	}
	return s.sessions.Prove(ctx, c, session.ProofEmailConfirmation)
}

func staffActing(s *session.Session) bool {
	_, ok := StaffActing(s)
	return ok
}

// User is what the apps keep about customerID: the customer and their latest application.
func (s *Completer) User(ctx context.Context, customerID string, staffActing bool) (apigen.SignedInUser, error) {
	cu, err := s.lending.Customer(ctx, customerID)
	if err != nil {
		return apigen.SignedInUser{}, web.FailUpstream(err)
	}
	return s.user(ctx, cu, staffActing)
}

func (s *Completer) user(ctx context.Context, cu lending.Customer, staffActing bool) (apigen.SignedInUser, error) {
	apps, err := s.lending.CustomerApplications(ctx, cu.ID)
	if err != nil {
		return apigen.SignedInUser{}, web.FailUpstream(err)
	}
	loans, err := s.lending.CustomerLoans(ctx, cu.ID)
	if err != nil {
		return apigen.SignedInUser{}, web.FailUpstream(err)
	}
	u := apigen.SignedInUser{
		Uuid:      cu.ID,
		Email:     cu.Email,
		FirstName: cu.FirstName,
		LastName:  cu.LastName,
		PinSet:    cu.PIN.Set,
		// A locked PIN stays locked at sign-in: whoever signed in by a code or link sets a new PIN next,
		// and that unlocks it (user/setPinCode).
		PinLocked:   cu.PIN.Locked,
		StaffActing: staffActing,
		HasLoan:     len(loans) > 0,
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
func (s *Completer) SessionUser(ctx context.Context) (apigen.SignedInUser, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return apigen.SignedInUser{}, err
	}
	_, acting := StaffActing(sess)
	return s.User(ctx, sess.Subject, acting)
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
		PinLocked:       u.PinLocked,
		HasLoan:         u.HasLoan,
		RegStage:        u.RegStage,
		StaffActing:     u.StaffActing,
		Uuid:            u.Uuid,
	}
}

// Customers reads customers; *lending.Client is one.
type Customers interface {
	Customer(ctx context.Context, id string) (lending.Customer, error)
}

// SessionCustomer is the lending core's record of the customer session s is of: 100401 when there is
// no such customer any more (the session outlived them).
func SessionCustomer(ctx context.Context, core Customers, s *session.Session) (lending.Customer, error) {
	cu, err := core.Customer(ctx, s.Subject)
	switch {
	case errors.Is(err, lending.ErrCustomerNotFound):
		return cu, web.Fail(web.CodeUnauthenticated, err)
	case err != nil:
		return cu, web.FailUpstream(err)
	}
	return cu, nil
}
