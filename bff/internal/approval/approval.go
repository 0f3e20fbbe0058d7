// Package approval serves the borrower's calls after their application is approved (spec §4 "Once
// approved"): proving and recording a mobile number, confirmation of payee, the card payment
// authority through the payment gateway's hosted checkout, the broker commission, the loan documents,
// the signature, the identity check, the drawdown, and the answer to a counteroffer.
//
// Every call needs a borrower session and acts on that customer's latest application; anything else
// named in a request (a payment link, an identity check) is checked to be theirs and is 100404
// otherwise. The lending core decides what each step may do: this package maps its answers.
//
// The drawdown: the application becomes ready_for_drawdown when its last after-approval stage is done,
// whichever that is (an additional operation can reopen any). So every call here that completes a
// stage ends by opening the loan when the application it got back is ready (openLoan), with an
// Idempotency-Key derived from the application, so a retried or repeated call opens one loan;
// application/drawdown does the same on its own for the signOver screen.
package approval

import (
	"context"
	"errors"
	"strings"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// PhoneProver proves a customer holds a mobile number with a 6-digit SMS code: the sign-in code
// ceremony of package auth (*auth.Handlers).
type PhoneProver interface {
	SendPhoneProof(ctx context.Context, customerID, raw string) (phone string, ttl time.Duration, err error)
	CheckPhoneProof(ctx context.Context, customerID, raw, code string) (phone string, err error)
	// RefuseNumber is the one answer to a number a customer cannot use, whatever the reason, so that
	// no answer says whose number it is.
	RefuseNumber(cause error) error
}

// Config configures the handlers.
type Config struct {
	// PublicURL is the borrower app's origin; the hosted checkout and the identity check send the
	// browser back under it (the providers refuse any other return URL).
	PublicURL string
	// Brands are the configured brands: the hosted checkout names the one owning the application.
	Brands branding.Catalogue
}

// Deps are what the handlers use.
type Deps struct {
	Lending  Lending
	Payments Payments
	Identity Identity
	Phone    PhoneProver
	Config   Config
}

// Handlers implements the after-approval part of the generated API.
type Handlers struct {
	lending  Lending
	payments Payments
	identity Identity
	phone    PhoneProver
	cfg      Config
}

// New returns the handlers.
func New(d Deps) *Handlers {
	d.Config.PublicURL = strings.TrimRight(d.Config.PublicURL, "/")
	return &Handlers{lending: d.Lending, payments: d.Payments, identity: d.Identity, phone: d.Phone, cfg: d.Config}
}

// Messages shared by the calls.
const (
	msgNoApplication = "We could not find that application."
	msgWrongStage    = "This step is not open on your application now. Please go back to your application."
)

// latest is the signed-in customer and their newest application (package application's Latest: the
// same application every journey call acts on, read so that a due referral is decided, and checked to
// be the customer's).
func (h *Handlers) latest(ctx context.Context) (string, lending.Application, error) {
	s, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return "", lending.Application{}, err
	}
	return s.Subject, a, nil
}

// stepError maps the lending core's answers to a step call; msgInvalid is the message of a field it
// refused (its own messages are for developers).
func stepError(err error, msgInvalid string) error {
	switch {
	case errors.Is(err, lending.ErrApplicationStatus):
		return web.FailWith(web.CodeBadRequest, msgWrongStage, err)
	case errors.Is(err, lending.ErrInvalidRequest) && msgInvalid != "":
		return web.FailWith(web.CodeBadRequest, msgInvalid, err)
	case errors.Is(err, lending.ErrInvalidRequest):
		return web.Fail(web.CodeBadRequest, err)
	case errors.Is(err, lending.ErrApplicationNotFound):
		// The customer's own application vanished between two calls: nothing the person can fix.
		return web.FailWith(web.CodeNotFound, msgNoApplication, err)
	default:
		return web.FailUpstream(err)
	}
}

// notFound is the answer for something named in a request that is not the customer's (or does not
// exist: the two are not told apart).
func notFound(what string, cause error) error {
	return web.FailWith(web.CodeNotFound, "We could not find that "+what+".", cause)
}

// progress is what a step call answers: where the application now stands.
func progress(a lending.Application) apigen.ApplicationProgress {
	pending := a.RegStage.Pending()
	if pending == nil {
		pending = []string{}
	}
	next := ""
	if len(pending) > 0 {
		next = pending[0]
	}
	ops := a.AdditionalOps
	if ops == nil {
		ops = []string{}
	}
	return apigen.ApplicationProgress{
		ApplicationId:        a.ID,
		Status:               a.Status,
		RegStage:             next,
		PendingStages:        pending,
		AdditionalOperations: ops,
		LoanId:               a.LoanID,
	}
}

// drawdownKey is the Idempotency-Key of the application's drawdown: one application opens one loan
// however many calls (or retries of one) get there.
func drawdownKey(applicationID string) string { return "drawdown-" + applicationID }

// openLoan opens the loan when a is ready for drawdown and answers the application as it then stands.
// A step that succeeded stays done even when the drawdown fails: the error says so, and
// application/drawdown (or the next step call) tries again with the same key.
func (h *Handlers) openLoan(ctx context.Context, a lending.Application) (lending.Application, error) {
	if a.Status != lending.ApplicationReadyForDrawdown {
		return a, nil
	}
	_, err := h.lending.CreateLoan(ctx, lending.CreateLoanRequest{ApplicationID: a.ID}, drawdownKey(a.ID))
	switch {
	case errors.Is(err, lending.ErrApplicationStatus):
		// Drawn down meanwhile (a concurrent call), or reopened by an additional operation: read it.
	case err != nil:
		return a, web.FailUpstream(err)
	}
	now, err := h.lending.Application(ctx, a.ID)
	if err != nil {
		return a, web.FailUpstream(err)
	}
	return now, nil
}

// done answers a step's application after opening the loan when it is ready.
func (h *Handlers) done(ctx context.Context, a lending.Application) (apigen.ApplicationProgress, error) {
	a, err := h.openLoan(ctx, a)
	if err != nil {
		return apigen.ApplicationProgress{}, err
	}
	return progress(a), nil
}
