package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/browserbind"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/transport"
)

// Messages of registration.
const (
	msgDetailsInvalid = "Some of your details are not valid. Please check your e-mail address, phone number and date of birth."
	msgCheckUnusable  = "Your eligibility check can no longer be used to apply: it was declined or is more than 30 days old. Please check your eligibility again."
	msgCheckNotFound  = "We could not find your eligibility check. Please check your eligibility again."
	msgCheckChanged   = "These details differ from the ones already sent with this eligibility check. Please check your eligibility again."
	msgCheckMismatch  = "Your name, date of birth and e-mail address must be the ones you gave when you checked your eligibility. Please check your eligibility again with your own details."
	msgCheckUsed      = "This eligibility check has been used to apply already. Please check your eligibility again to start a new application."
	msgCheckElsewhere = "We could not find your eligibility check in this browser. Please check your eligibility again, on this device."
	msgCannotApply    = "We could not open an application with these details. Please check your eligibility again."
)

// CreateDecisionUser registers the person of an eligibility check: a new customer with their
// application from the check (both or neither, in one call to the lending core), a mail with a link to
// confirm the address, and a session that has proved nothing yet.
//
// Anyone can type anyone's address, so until the link is opened in that session the customer is
// provisional: the session reaches only the registration's own draft (the contract marks what it may
// call x-before-proof) and lives at most session.Config.UnprovenTTL, and the address's owner signing in
// discards the registration (signin.Completer.Start). The check must be the one this browser ran, for
// this person, and unused. An address that belongs to a customer is 100613: the person is told to log in
// (spec §4), which deliberately reveals that the account exists.
func (h *Handlers) CreateDecisionUser(ctx context.Context, req apigen.CreateDecisionUserRequestObject) (apigen.CreateDecisionUserResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok || req.Body == nil {
		return nil, web.Fail(web.CodeInternal, errors.New("account: no gin context or body"))
	}
	b := req.Body
	email := strings.ToLower(strings.TrimSpace(string(b.Email)))

	if err := h.checks.Check(ctx, c, browserbind.KindEligibilityCheck, b.EligibilityCheckId); err != nil {
		if errors.Is(err, browserbind.ErrOtherBrowser) {
			return nil, web.FailWith(web.CodeBadRequest, msgCheckElsewhere, err)
		}
		return nil, err
	}

	rr := lending.RegistrationRequest{
		Customer: lending.CreateCustomerRequest{Email: email, FirstName: b.FirstName, LastName: b.LastName,
			DateOfBirth: b.DateOfBirth.String()},
		Application: lending.CreateApplicationRequest{EligibilityCheckID: b.EligibilityCheckId, OnePage: true},
	}
	if b.Phone != nil {
		rr.Customer.Phone = *b.Phone
	}
	if b.OnePage != nil {
		rr.Application.OnePage = *b.OnePage
	}
	if b.Purpose != nil {
		rr.Application.Purpose = *b.Purpose
	}
	if b.PurposeText != nil {
		rr.Application.PurposeText = *b.PurposeText
	}
	if b.ClientName != nil {
		rr.Application.ApplicationOwner = *b.ClientName
	}
	// Two submits of one form (a double click, a retry after a lost answer or after a failure below)
	// carry the same check and address: the same key makes the lending core answer the first
	// registration again rather than "address taken", so a retry after any failure goes on.
	reg, err := h.lending.Register(ctx, rr, registrationKey(b.EligibilityCheckId, email))
	if err != nil {
		return nil, registrationFailure(err)
	}
	cu, app := reg.Customer, reg.Application

	res, err := h.signin.Start(ctx, cu.ID, signin.Options{Proof: session.ProofNone})
	if errors.Is(err, lending.ErrCustomerNotFound) {
		// The lending core answered a registration made before with this check and address, whose
		// customer the address's owner has discarded since: the check has had its one use.
		return nil, web.FailWith(web.CodeBadRequest, msgCheckUsed, err)
	}
	if err != nil {
		return nil, err
	}
	ttl := h.confirmationTTL(ctx, h.cfg.ConfirmationTTL) // the new session's life, at most
	token, err := h.issueConfirmation(ctx, confirmation{CustomerID: cu.ID, ApplicationID: app.ID, Email: cu.Email}, ttl)
	if err != nil {
		return nil, err
	}
	if err := h.mailConfirmation(ctx, cu, token, ttl); err != nil {
		// The customer and the application exist now: failing here would only make the person retry.
		// They are signed in, and "Send the link again" sends it.
		web.Logger(c).WarnContext(ctx, "e-mail confirmation not sent", "requestId", web.RequestID(c), "cause", err.Error())
	}
	return apigen.CreateDecisionUser200JSONResponse{Status: 200, ResultData: res}, nil
}

// registrationFailure says why the lending core refused a registration; it created nothing.
func registrationFailure(err error) error {
	switch {
	case errors.Is(err, lending.ErrCustomerExists):
		return web.Fail(web.CodeAlreadyRegistered, err)
	case errors.Is(err, lending.ErrEligibilityCheckMismatch):
		return web.FailWith(web.CodeBadRequest, msgCheckMismatch, err)
	case errors.Is(err, lending.ErrEligibilityCheckUsed):
		return web.FailWith(web.CodeBadRequest, msgCheckUsed, err)
	case errors.Is(err, lending.ErrEligibilityCheckUnusable):
		return web.FailWith(web.CodeBadRequest, msgCheckUnusable, err)
	case errors.Is(err, lending.ErrEligibilityCheckNotFound):
		return web.FailWith(web.CodeBadRequest, msgCheckNotFound, err)
	case errors.Is(err, lending.ErrIdempotencyConflict):
		return web.FailWith(web.CodeBadRequest, msgCheckChanged, err)
	case statusCode(err) == lending.CodeEmailInvalid, statusCode(err) == lending.CodePhoneInvalid:
		return web.FailWith(web.CodeBadRequest, msgDetailsInvalid, err)
	case errors.Is(err, lending.ErrOutOfBounds), errors.Is(err, lending.ErrApplicationExists),
		errors.Is(err, lending.ErrInvalidRequest):
		return web.FailWith(web.CodeBadRequest, msgCannotApply, err)
	}
	return web.FailUpstream(err)
}

// statusCode is the lending core's error code of err, "" when it is not an answer of the core.
func statusCode(err error) string {
	var se *transport.StatusError
	if errors.As(err, &se) {
		return se.Code
	}
	return ""
}

// registrationKey is the idempotency key of one registration: a hash, so that neither the address nor
// the check id travels as a key.
func registrationKey(checkID, email string) string {
	sum := sha256.Sum256([]byte("createDecisionUser\x00" + checkID + "\x00" + email))
	return "reg-" + hex.EncodeToString(sum[:])
}

// mailConfirmation sends the link to confirm the address, which works for ttl, in the brand the
// customer applied to.
func (h *Handlers) mailConfirmation(ctx context.Context, cu lending.Customer, token string, ttl time.Duration) error {
	brand, err := h.cfg.Brands.ForCustomer(ctx, cu.ID, nil)
	if err != nil {
		return err
	}
	link := strings.TrimRight(h.cfg.PublicURL, "/") + "/#/email_verify_soft?token=" + token
	name, within, b := cu.FirstName, forHowLong(ttl), brand.DisplayName
	text := "Hello " + name + ",\n\nPlease confirm your e-mail address by opening this link on the device you are applying on, within " +
		within + ":\n\n" + link + "\n\nIf you did not apply for a loan with " + b + ", you can ignore this e-mail.\n\n" + b + "\n"
	body := "<p>Hello " + html.EscapeString(name) + ",</p>" +
		"<p>Please confirm your e-mail address by opening this link on the device you are applying on, within " + within + ":</p>" +
		`<p><a href="` + html.EscapeString(link) + `">Confirm my e-mail address</a></p>` +
		"<p>If you did not apply for a loan with " + html.EscapeString(b) + ", you can ignore this e-mail.</p><p>" + html.EscapeString(b) + "</p>"
	// The key is derived from the token, so a retried send is one mail, and the token is not in it.
	sum := sha256.Sum256([]byte("email-confirmation\x00" + token))
	_, err = h.notify.SendEmail(ctx, "emailconfirm-"+hex.EncodeToString(sum[:16]), notify.Email{
		To: cu.Email, Subject: "Confirm your e-mail address – " + b, Text: text, HTML: body,
		Template: "email-confirmation", Tags: []string{"auth"},
	})
	return err
}

// forHowLong says a link's life in words, to the nearest minute: whole hours from an hour up, minutes below.
func forHowLong(d time.Duration) string {
	d = d.Round(time.Minute)
	if d >= time.Hour {
		h := int(d / time.Hour)
		if h == 1 {
			return "1 hour"
		}
		return strconv.Itoa(h) + " hours"
	}
	m := max(int(d/time.Minute), 1)
	if m == 1 {
		return "1 minute"
	}
	return strconv.Itoa(m) + " minutes"
}
