package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"html"
	"strings"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/upstreams"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/signin"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Messages of registration.
const (
	msgDetailsInvalid = "Some of your details are not valid. Please check your e-mail address, phone number and date of birth."
	msgCheckUnusable  = "Your eligibility check can no longer be used to apply: it was declined or is more than 30 days old. Please check your eligibility again."
	msgCheckNotFound  = "We could not find your eligibility check. Please check your eligibility again."
	msgCheckChanged   = "These details differ from the ones already sent with this eligibility check. Please check your eligibility again."
	msgCannotApply    = "We could not open an application with these details. Please check your eligibility again."
)

var errRegistered = errors.New("account: the e-mail address belongs to a customer")

// CreateDecisionUser registers the person of an eligibility check: a new customer, their application
// from the check, a mail with a link to confirm the address, and a session. An address that belongs to
// a customer already is 100613: the person is told to log in (spec §4), which deliberately reveals
// that the account exists.
func (h *Handlers) CreateDecisionUser(ctx context.Context, req apigen.CreateDecisionUserRequestObject) (apigen.CreateDecisionUserResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok || req.Body == nil {
		return nil, web.Fail(web.CodeInternal, errors.New("account: no gin context or body"))
	}
	b := req.Body
	email := strings.ToLower(strings.TrimSpace(string(b.Email)))

	_, err := h.lending.CustomerByEmail(ctx, email)
	switch {
	case err == nil:
		return nil, web.Fail(web.CodeAlreadyRegistered, errRegistered)
	case !errors.Is(err, lending.ErrCustomerNotFound):
		return nil, upstreams.Fail(err)
	}

	// Two submits of one form (a double click, a retry after a lost answer) carry the same check and
	// address: the same keys make the lending core answer the first customer and application again.
	custKey, appKey := registrationKeys(b.EligibilityCheckId, email)
	cr := lending.CreateCustomerRequest{Email: email, FirstName: b.FirstName, LastName: b.LastName,
		DateOfBirth: b.DateOfBirth.String()}
	if b.Phone != nil {
		cr.Phone = *b.Phone
	}
	cu, err := h.lending.CreateCustomer(ctx, cr, custKey)
	switch {
	case errors.Is(err, lending.ErrCustomerExists):
		return nil, web.Fail(web.CodeAlreadyRegistered, err)
	case errors.Is(err, lending.ErrIdempotencyConflict):
		return nil, web.FailWith(web.CodeBadRequest, msgCheckChanged, err)
	case errors.Is(err, lending.ErrInvalidRequest):
		return nil, web.FailWith(web.CodeBadRequest, msgDetailsInvalid, err)
	case err != nil:
		return nil, upstreams.Fail(err)
	}

	ar := lending.CreateApplicationRequest{CustomerID: cu.ID, EligibilityCheckID: b.EligibilityCheckId, OnePage: true}
	if b.OnePage != nil {
		ar.OnePage = *b.OnePage
	}
	if b.Purpose != nil {
		ar.Purpose = *b.Purpose
	}
	if b.PurposeText != nil {
		ar.PurposeText = *b.PurposeText
	}
	if b.ClientName != nil {
		ar.ApplicationOwner = *b.ClientName
	}
	app, err := h.lending.CreateApplication(ctx, ar, appKey)
	switch {
	case errors.Is(err, lending.ErrEligibilityCheckUnusable):
		return nil, web.FailWith(web.CodeBadRequest, msgCheckUnusable, err)
	case errors.Is(err, lending.ErrEligibilityCheckNotFound):
		return nil, web.FailWith(web.CodeBadRequest, msgCheckNotFound, err)
	case errors.Is(err, lending.ErrIdempotencyConflict):
		return nil, web.FailWith(web.CodeBadRequest, msgCheckChanged, err)
	case errors.Is(err, lending.ErrOutOfBounds), errors.Is(err, lending.ErrInvalidRequest),
		errors.Is(err, lending.ErrApplicationExists), errors.Is(err, lending.ErrCustomerNotFound):
		return nil, web.FailWith(web.CodeBadRequest, msgCannotApply, err)
	case err != nil:
		return nil, upstreams.Fail(err)
	}

	token, err := h.issueConfirmation(ctx, confirmation{CustomerID: cu.ID, ApplicationID: app.ID, Email: cu.Email})
	if err != nil {
		return nil, err
	}
	if err := h.mailConfirmation(ctx, cu, token); err != nil {
		// The customer and the application exist now, and a repeat would be 100613: failing here
		// would leave the person neither signed in nor able to register. They are signed in, and the
		// application shows the address as unconfirmed until a later mail is confirmed.
		web.Logger(c).WarnContext(ctx, "e-mail confirmation not sent", "requestId", web.RequestID(c), "cause", err.Error())
	}

	res, err := h.signin.Start(ctx, cu.ID, signin.Options{})
	if err != nil {
		return nil, err
	}
	return apigen.CreateDecisionUser200JSONResponse{Status: 200, ResultData: res}, nil
}

// registrationKeys are the idempotency keys of the customer and the application of one registration:
// hashes, so that neither the address nor the check id travels as a key.
func registrationKeys(checkID, email string) (customer, application string) {
	sum := sha256.Sum256([]byte("createDecisionUser\x00" + checkID + "\x00" + email))
	k := hex.EncodeToString(sum[:])
	return "reg-cus-" + k, "reg-app-" + k
}

// mailConfirmation sends the link to confirm the address.
func (h *Handlers) mailConfirmation(ctx context.Context, cu lending.Customer, token string) error {
	link := strings.TrimRight(h.cfg.PublicURL, "/") + "/#/email_verify_soft?token=" + token
	name := cu.FirstName
	text := "Hello " + name + ",\n\nPlease confirm your e-mail address by opening this link within 24 hours:\n\n" + link +
		"\n\nIf you did not apply for a loan with us, you can ignore this e-mail.\n"
	body := "<p>Hello " + html.EscapeString(name) + ",</p>" +
		"<p>Please confirm your e-mail address by opening this link within 24 hours:</p>" +
		`<p><a href="` + html.EscapeString(link) + `">Confirm my e-mail address</a></p>` +
		"<p>If you did not apply for a loan with us, you can ignore this e-mail.</p>"
	// The key is derived from the token, so a retried send is one mail, and the token is not in it.
	sum := sha256.Sum256([]byte("email-confirmation\x00" + token))
	_, err := h.notify.SendEmail(ctx, "emailconfirm-"+hex.EncodeToString(sum[:16]), notify.Email{
		To: cu.Email, Subject: "Confirm your e-mail address", Text: text, HTML: body,
		Template: "email-confirmation", Tags: []string{"auth"},
	})
	return err
}
