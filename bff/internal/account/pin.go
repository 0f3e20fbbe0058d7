package account

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// Messages of the PIN calls.
const (
	msgEnterEmail      = "Enter your e-mail address"
	msgNoPIN           = "You have not set a PIN yet. Sign in with a code sent to your e-mail, then set one."
	msgPINDigits       = "A PIN is 4 to 6 digits."
	msgPINDateOfBirth  = "Your PIN cannot be your date of birth"
	msgPINReused       = "Your new PIN cannot be the same as your last PIN"
	msgLockedNeedsCode = "Your PIN is locked. To set a new PIN, sign in with a code sent to your e-mail, then choose one."
)

// Rate-limit scopes of PIN attempts per address: every try, and the decoy count of an address with no
// customer.
const (
	scopePINTries = "addr:pin"
	scopePINDecoy = "addr:pin-decoy"
)

// pinDecoy plays the lending core's lock for an address with no customer (wrongPIN): the same count
// down and the same lock, forgotten after a week without tries.
var pinDecoy = ratelimit.Lockout{Attempts: lending.MaxPINAttempts, Lock: lending.PINLockPeriod, Idle: 7 * 24 * time.Hour}

var (
	errWrongPIN    = errors.New("account: wrong PIN or unknown address")
	errPINLocked   = errors.New("account: PIN locked")
	errMismatch    = errors.New("account: the PINs differ")
	errStaffActed  = errors.New("account: staff may not set a borrower's PIN")
	errLockedProof = errors.New("account: a locked PIN is replaced only in a session proved by a code or link")
)

// wrongPIN is the 100615 of a wrong PIN with left tries before the PIN locks: the count is the
// warning, and the last try says what happens if it is wrong too. In a step-up there is no address.
func wrongPIN(left int, stepUp bool) *web.Error {
	what := "The e-mail address or PIN is not right."
	if stepUp {
		what = "That PIN is not right."
	}
	switch {
	case left == 1:
		what += " You have 1 try left. If it is not right, your PIN will be locked for " + lockPeriod + "."
	case left > 1:
		what += " You have " + strconv.Itoa(left) + " tries left."
	}
	return web.FailWith(web.CodeWrongPIN, what, errWrongPIN)
}

// lockPeriod is lending.PINLockPeriod in words ("30 minutes").
var lockPeriod = strconv.Itoa(int(lending.PINLockPeriod/time.Minute)) + " minutes"

// noCustomer answers a PIN try for an address with no customer as a wrong PIN of one would be: the
// same count down, then the same lock for the same time, so the answers do not say who is a customer.
func (h *Handlers) noCustomer(ctx context.Context, email string) error {
	left, until, err := h.limiter.Fail(ctx, pinDecoy, scopePINDecoy, email)
	switch {
	case err != nil:
		return err
	case !until.IsZero():
		return lockedError(until, errWrongPIN)
	}
	return wrongPIN(left, false)
}

// CheckPinCode signs in with an e-mail address and PIN or, in a borrower session, re-checks that
// borrower's PIN (a step-up). Either way a right PIN starts a new session; a step-up revokes the old
// one and keeps a staff-acting session staff-acting. An unknown address answers exactly as a wrong PIN.
func (h *Handlers) CheckPinCode(ctx context.Context, req apigen.CheckPinCodeRequestObject) (apigen.CheckPinCodeResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok || req.Body == nil {
		return nil, web.Fail(web.CodeInternal, errors.New("account: no gin context or body"))
	}
	current, signedIn := session.From(c)
	var email, subject string
	if signedIn {
		subject = "customer:" + current.Subject
	} else {
		if req.Body.Email != nil {
			email = strings.ToLower(strings.TrimSpace(string(*req.Body.Email)))
		}
		if email == "" {
			return nil, web.FailWith(web.CodeBadRequest, msgEnterEmail, nil)
		}
		subject = "email:" + email
	}
	// Count the try before anything depends on whether the address exists, so known and unknown
	// addresses are limited alike.
	if _, err := h.limiter.Allow(ctx, h.cfg.PINTries, scopePINTries, subject); err != nil {
		return nil, err
	}

	var customerID string
	var cu lending.Customer // read only when signing in by e-mail address
	opt := signin.Options{Proof: session.ProofPIN}
	if signedIn {
		customerID = current.Subject
		opt.StepUp = current
	} else {
		var err error
		cu, err = h.lending.CustomerByEmail(ctx, email)
		switch {
		case errors.Is(err, lending.ErrCustomerNotFound):
			return nil, h.noCustomer(ctx, email)
		case err != nil:
			return nil, web.FailUpstream(err)
		}
		customerID = cu.ID
	}

	if err := h.verifyPIN(c, customerID, cu, req.Body.Pin, signedIn); err != nil {
		return nil, err
	}

	res, err := h.signin.Start(ctx, customerID, opt)
	if err != nil {
		return nil, err
	}
	if signedIn {
		// The step-up replaces the session: the old token must not outlive the new one.
		if err := h.sessions.Revoke(ctx, current.ID); err != nil {
			return nil, err
		}
	}
	return apigen.CheckPinCode200JSONResponse{Status: 200, ResultData: res}, nil
}

// verifyPIN asks the lending core to check customerID's PIN and answers nil when it is right, or the
// sign-in's answer: a wrong PIN counts down (100615), the try that locks it mails the owner and, like
// any try on a locked PIN, says when it unlocks (100603), and no PIN at all is 100638. cu is the
// customer as read before the attempt (zero when not read); stepUp: the person is signed in, so the
// words name no address. Every PIN check of a person (sign-in, step-up, a PIN change) goes through it.
func (h *Handlers) verifyPIN(c *gin.Context, customerID string, cu lending.Customer, pin string, stepUp bool) error {
	v, err := h.lending.VerifyPIN(c, customerID, pin)
	switch {
	case errors.Is(err, lending.ErrPINLocked):
		return h.stillLocked(c, customerID, cu, err)
	case errors.Is(err, lending.ErrPINNotSet):
		return web.FailWith(web.CodeRedirectLogin, msgNoPIN, err)
	case errors.Is(err, lending.ErrPINInvalid), errors.Is(err, lending.ErrCustomerNotFound):
		return web.Fail(web.CodeWrongPIN, err)
	case err != nil:
		return web.FailUpstream(err)
	case v.Locked:
		// This attempt locked it: its owner hears of it by e-mail, once.
		h.mailLock(c, c, customerID, cu, v.LockedUntil)
		return lockedError(v.LockedUntil, errPINLocked)
	case !v.Verified:
		return wrongPIN(v.AttemptsRemaining, stepUp)
	}
	return nil
}

// SetPinCode sets the signed-in borrower's PIN (typed twice). The router refuses it to staff acting
// for a borrower before it gets here; the check below is the second lock on the same door. The
// contract refuses runs of digits; the lending core refuses the date of birth and the PIN being
// replaced, and a new PIN lifts a lock. A locked PIN is replaced only in a session that proved itself
// with a code or link sent to the borrower: not a PIN step-up's, whose PIN is the one locked out.
func (h *Handlers) SetPinCode(ctx context.Context, req apigen.SetPinCodeRequestObject) (apigen.SetPinCodeResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting {
		return nil, web.Fail(web.CodeStaffForbidden, errStaffActed)
	}
	if req.Body == nil || req.Body.Pin != req.Body.PinConfirm {
		return nil, web.Fail(web.CodePINMismatch, errMismatch)
	}
	if !sess.Proof.SentSecret() {
		cu, err := h.sessionCustomer(ctx, sess)
		if err != nil {
			return nil, err
		}
		if cu.PIN.Locked {
			return nil, web.FailWith(web.CodeAccountLocked, msgLockedNeedsCode, errLockedProof)
		}
	}
	if err := h.setPIN(ctx, sess.Subject, req.Body.Pin); err != nil {
		return nil, err
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.SetPinCode200JSONResponse{Status: 200, ResultData: u}, nil
}

// setPIN asks the lending core to make pin customerID's PIN, and says on `pin` why it refused: the
// rules of every new PIN (user/setPinCode, profile/changePin).
func (h *Handlers) setPIN(ctx context.Context, customerID, pin string) error {
	_, err := h.lending.SetPIN(ctx, customerID, pin)
	switch {
	case errors.Is(err, lending.ErrPINInvalid):
		return web.FailField("pin", msgPINDigits, err)
	case errors.Is(err, lending.ErrPINIsDateOfBirth):
		return web.FailField("pin", msgPINDateOfBirth, err)
	case errors.Is(err, lending.ErrPINReused):
		return web.FailField("pin", msgPINReused, err)
	case errors.Is(err, lending.ErrCustomerNotFound):
		return web.Fail(web.CodeUnauthenticated, err)
	case err != nil:
		return web.FailUpstream(err)
	}
	return nil
}

// ChangePin changes the signed-in borrower's PIN (/edit-pin → /enter-new-pin → /reenter-new-pin): the
// lending core checks the PIN in use as a step-up does (the same count down, lock and mail), then the
// new one is set with the rules of every new PIN. Refused to staff acting for a borrower by the router
// (x-staff-forbidden); the check here is the second lock.
func (h *Handlers) ChangePin(ctx context.Context, req apigen.ChangePinRequestObject) (apigen.ChangePinResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok || req.Body == nil {
		return nil, web.Fail(web.CodeInternal, errors.New("account: no gin context or body"))
	}
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting {
		return nil, web.Fail(web.CodeStaffForbidden, errStaffActed)
	}
	if req.Body.Pin != req.Body.PinConfirm {
		return nil, web.Fail(web.CodePINMismatch, errMismatch)
	}
	// The same count as the borrower's PIN sign-ins and step-ups.
	if _, err := h.limiter.Allow(ctx, h.cfg.PINTries, scopePINTries, "customer:"+sess.Subject); err != nil {
		return nil, err
	}
	if err := h.verifyPIN(c, sess.Subject, lending.Customer{}, req.Body.CurrentPin, true); err != nil {
		return nil, err
	}
	if err := h.setPIN(ctx, sess.Subject, req.Body.Pin); err != nil {
		return nil, err
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.ChangePin200JSONResponse{Status: 200, ResultData: u}, nil
}
