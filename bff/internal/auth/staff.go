package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// StaffLogin verifies a member of staff with the lending core and starts their own session (audience
// staff, 12 hours at most: the session's absolute limit). The token answered goes in the staffToken
// header of account/adminLogin; its binding cookie is set on this answer.
func (h *Handlers) StaffLogin(ctx context.Context, req apigen.StaffLoginRequestObject) (apigen.StaffLoginResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	c, err := ginContext(ctx)
	if err != nil {
		return nil, err
	}
	// Password guessing is limited per account as well as per IP.
	if err := h.limit(ctx, h.cfg.VerifiesPerAddress, "addr:verify:staff", strings.ToLower(strings.TrimSpace(req.Body.Account))); err != nil {
		return nil, err
	}
	st, err := h.lending.StaffSignIn(ctx, req.Body.Account, req.Body.Password)
	if errors.Is(err, lending.ErrInvalidCredentials) {
		return nil, web.FailWith(web.CodeWrongCode, "The account or password is not right.", err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	token, err := h.sessions.Start(ctx, c, session.NewSession{Subject: st.Staff.ID, Audience: session.AudienceStaff, Role: RoleStaff,
		Proof: session.ProofPassword})
	if err != nil {
		return nil, err
	}
	s, ok := session.From(c)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("auth: the staff session was not put in the context"))
	}
	return apigen.StaffLogin200JSONResponse{Status: 200, ResultData: apigen.StaffLogin{
		StaffToken:  token,
		DisplayName: st.Staff.DisplayName,
		ExpiresAt:   s.ExpiresAt.UTC(),
	}}, nil
}

// actFor starts a borrower session for the borrower with the e-mail address in body, marked as staff
// acting for them. The staff token must be a live staff session bound to this browser.
func (h *Handlers) actFor(ctx context.Context, staffToken string, body *apigen.AdminLoginRequest) (apigen.LoginResult, error) {
	c, err := ginContext(ctx)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	staff, err := h.sessions.Authenticate(c, staffToken, session.AudienceStaff)
	if err != nil {
		if web.AsError(err).Code == web.CodeDependencyDown {
			return apigen.LoginResult{}, err
		}
		return apigen.LoginResult{}, web.FailWith(web.CodeLoginFailed, "Your staff sign-in has ended. Sign in as staff again.", err)
	}
	if staff.Role != RoleStaff {
		return apigen.LoginResult{}, web.FailWith(web.CodeLoginFailed, "Your staff sign-in has ended. Sign in as staff again.", errors.New("auth: not a staff session"))
	}
	if body.Type != typeEmail {
		return apigen.LoginResult{}, web.FailWith(web.CodeBadRequest, "Staff sign in as a borrower by e-mail address: the type must be EMAIL.", errors.New("auth: staff acting needs EMAIL"))
	}
	addr, err := parseAddress(typeEmail, body.Param)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	customerID, err := h.customerID(ctx, addr)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	if customerID == "" {
		return apigen.LoginResult{}, web.FailWith(web.CodeWrongCode, "There is no borrower with that e-mail address.", errors.New("auth: no such borrower"))
	}
	// Taking over a borrower's session is itself on the record, before the session exists; if it
	// cannot be recorded, staff do not get in.
	if _, err := h.lending.RecordAudit(ctx, lending.AuditEvent{
		RequestID:  web.RequestID(c),
		ActorID:    staff.Subject,
		CustomerID: customerID,
		Action:     "adminLogin",
		OccurredAt: time.Now().UTC(),
	}); err != nil {
		return apigen.LoginResult{}, web.Fail(web.CodeDependencyDown, fmt.Errorf("auth: record staff sign-in as a borrower: %w", err))
	}
	return h.signin.Start(ctx, customerID, signin.Options{Proof: session.ProofStaff, Staff: staff})
}

// Logout ends the session the accessToken header names (any audience) when the browser holds its
// binding cookie, and clears the cookie. It answers success with or without a session; only a Redis
// failure (the session could not be ended) is an error.
func (h *Handlers) Logout(ctx context.Context, _ apigen.LogoutRequestObject) (apigen.LogoutResponseObject, error) {
	c, err := ginContext(ctx)
	if err != nil {
		return nil, err
	}
	if err := h.sessions.LogoutToken(c, c.GetHeader(session.HeaderAccessToken)); err != nil {
		return nil, err
	}
	return apigen.Logout200JSONResponse{Status: 200}, nil
}
