package account

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// Messages of user/updateApplicationEmail, fit for the screen's error summary and its field. They never
// echo the address.
const (
	msgEnterNewEmail  = "Enter your new email address"
	msgEmailFormat    = "Enter an email address in the correct format, like name@example.com"
	msgEmailUnchanged = "This is the email address we already have. Enter a different email address, or go back and ask us to send the link again."
	msgEmailTaken     = "This email address belongs to another account. Enter a different email address, or sign in to that account instead."
	msgEmailConfirmed = "Your email address is already confirmed, so it cannot be changed here. Go back to continue your application."
	msgLinkNotSent    = "We changed your email address, but could not send the link just now. Go back and ask us to send the link again."
)

var (
	errEmailEmpty     = errors.New("account: no new e-mail address")
	errEmailUnchanged = errors.New("account: the new e-mail address is the current one")
	errEmailConfirmed = errors.New("account: the application's e-mail address is confirmed")
	errStaffEmail     = errors.New("account: staff may not change a borrower's e-mail address")
)

// UpdateApplicationEmail corrects the signed-in applicant's e-mail address while their latest application
// has not confirmed it (a mistyped address never receives the confirmation link), then mails a new
// confirmation link to the new address, the same mail as at registration. Links mailed to the old
// address stop working: the lending core refuses to confirm an address that is no longer the
// customer's. The router refuses it to staff acting for a borrower (x-staff-forbidden); the check
// below is the second lock.
func (h *Handlers) UpdateApplicationEmail(ctx context.Context, req apigen.UpdateApplicationEmailRequestObject) (apigen.UpdateApplicationEmailResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting {
		return nil, web.Fail(web.CodeStaffForbidden, errStaffEmail)
	}
	email := ""
	if req.Body != nil {
		email = strings.ToLower(strings.TrimSpace(req.Body.Email))
	}
	if email == "" {
		return nil, web.FailWith(web.CodeBadRequest, msgEnterNewEmail, errEmailEmpty)
	}
	_, app, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if app.EmailVerification == lending.StageDone {
		return nil, web.FailWith(web.CodeBadRequest, msgEmailConfirmed, errEmailConfirmed)
	}
	current, err := h.sessionCustomer(ctx, sess)
	if err != nil {
		return nil, err
	}
	if current.Email == email {
		return nil, web.FailWith(web.CodeBadRequest, msgEmailUnchanged, errEmailUnchanged)
	}
	changed, err := h.lending.ChangeEmail(ctx, sess.Subject, email)
	switch {
	case errors.Is(err, lending.ErrInvalidRequest):
		return nil, web.FailWith(web.CodeBadRequest, msgEmailFormat, err)
	case errors.Is(err, lending.ErrCustomerExists):
		return nil, web.FailWith(web.CodeBadRequest, msgEmailTaken, err)
	case errors.Is(err, lending.ErrEmailConfirmed):
		return nil, web.FailWith(web.CodeBadRequest, msgEmailConfirmed, err)
	case errors.Is(err, lending.ErrCustomerNotFound):
		return nil, web.Fail(web.CodeUnauthenticated, err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	if err := h.SendConfirmation(ctx, changed, app.ID); err != nil {
		// The address has changed; only the mail is missing, and "Send the link again" sends it. A fault
		// keeps its own message, which sends the person to the error screen.
		if e := web.AsError(err); e.Code == web.CodeDependencyDown || e.Code == web.CodeUpstreamTimeout {
			return nil, web.FailWith(e.Code, msgLinkNotSent, err)
		}
		return nil, err
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.UpdateApplicationEmail200JSONResponse{Status: 200, ResultData: u}, nil
}
