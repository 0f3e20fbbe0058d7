package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/oneuse"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/transport"
)

// E-mail confirmation links. The token is 32 random bytes (256 bits) in base64url; Redis keeps only
// its SHA-256, under a key that also names the customer, with the application and address it
// confirms, for ConfirmationTTL. Redeeming looks under the signed-in customer's key only (so someone
// else's link is simply unknown, and is not used up) and deletes the record in the same command that
// reads it (GETDEL), so a token works once however many requests race. Only when the lending core
// could not be reached is it put back, for the rest of its life, so an outage does not burn a link.

const confirmationBytes = 32

// confirmation is what a token confirms.
type confirmation struct {
	CustomerID    string `json:"customerId"`
	ApplicationID string `json:"applicationId"`
	Email         string `json:"email"`
	ExpiresAt     int64  `json:"expiresAt"` // unix ms
}

var (
	errConfirmationUnknown = errors.New("account: confirmation token unknown, used or expired")
	errConfirmationOther   = errors.New("account: confirmation token of another customer")
	errNoApplication       = errors.New("account: no application")
)

// What a link does, each its own key space, so a link mailed for one never works as the other.
const (
	// linkConfirm confirms the address a registration gave, on the application (this file).
	linkConfirm = "emailconfirm:"
	// linkChange makes a new address the borrower's, replacing the one in use (emailchange.go).
	linkChange = "emailchange:"
)

func (h *Handlers) linkKey(purpose, customerID, token string) string {
	sum := sha256.Sum256([]byte(token))
	return h.cfg.KeyPrefix + purpose + customerID + ":" + hex.EncodeToString(sum[:])
}

// issueConfirmation stores a new registration token for rec, working for ttl, and returns it.
func (h *Handlers) issueConfirmation(ctx context.Context, rec confirmation, ttl time.Duration) (string, error) {
	return h.issueLink(ctx, linkConfirm, rec, ttl)
}

// issueLink stores a new token of purpose for rec, working for ttl, and returns it.
func (h *Handlers) issueLink(ctx context.Context, purpose string, rec confirmation, ttl time.Duration) (string, error) {
	b := make([]byte, confirmationBytes)
	_, _ = rand.Read(b) // crypto/rand never fails
	token := base64.RawURLEncoding.EncodeToString(b)
	exp := time.Now().Add(ttl)
	rec.ExpiresAt = exp.UnixMilli()
	rctx, cancel := h.redisCtx(ctx)
	defer cancel()
	if err := oneuse.Put(rctx, h.rdb, h.linkKey(purpose, rec.CustomerID, token), rec, ttl); err != nil {
		return "", web.Fail(web.CodeDependencyDown, fmt.Errorf("account: %w", err))
	}
	return token, nil
}

// redeemLink takes the record of customerID's token of purpose out of Redis; 100608 when there is none.
func (h *Handlers) redeemLink(ctx context.Context, purpose, customerID, token string) (confirmation, error) {
	rctx, cancel := h.redisCtx(ctx)
	defer cancel()
	rec, err := oneuse.Take[confirmation](rctx, h.rdb, h.linkKey(purpose, customerID, token))
	switch {
	case errors.Is(err, oneuse.ErrNotFound):
		return rec, web.Fail(web.CodeEmailVerificationFailed, errConfirmationUnknown)
	case errors.Is(err, oneuse.ErrMalformed):
		return rec, web.Fail(web.CodeInternal, err)
	case err != nil:
		return rec, web.Fail(web.CodeDependencyDown, fmt.Errorf("account: %w", err))
	}
	return rec, nil
}

// restoreLink puts a redeemed token of purpose back until its original expiry (unless it has expired
// or was somehow stored again meanwhile). Best effort: the caller is already failing.
func (h *Handlers) restoreLink(ctx context.Context, purpose, token string, rec confirmation) {
	rctx, cancel := h.redisCtx(context.WithoutCancel(ctx))
	defer cancel()
	oneuse.PutBack(rctx, h.rdb, h.linkKey(purpose, rec.CustomerID, token), rec, time.UnixMilli(rec.ExpiresAt))
}

// EmailSoftConfirmation confirms the signed-in applicant's address with the token from the mail sent
// at registration. A wrong, used or expired token, or one mailed to another customer, is 100608.
func (h *Handlers) EmailSoftConfirmation(ctx context.Context, req apigen.EmailSoftConfirmationRequestObject) (apigen.EmailSoftConfirmationResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeEmailVerificationFailed, errConfirmationUnknown)
	}
	if err := h.ConfirmEmail(ctx, sess.Subject, req.Body.Token); err != nil {
		return nil, err
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.EmailSoftConfirmation200JSONResponse{Status: 200, ResultData: u}, nil
}

// ConfirmEmail redeems customerID's confirmation token and records the address as verified on the
// application it was issued for, which settles a provisional customer. The session that opened the link
// has then proved the address: an unproven one is replaced by a proven one (its token in the renewal
// header), and every other unproven session of the customer ends. A wrong, used or expired token, or one
// mailed to another customer, is 100608. Shared by user/emailSoftConfirmation and the one-page e-mail step.
func (h *Handlers) ConfirmEmail(ctx context.Context, customerID, token string) error {
	rec, err := h.redeemLink(ctx, linkConfirm, customerID, token)
	if err != nil {
		return err
	}
	if rec.CustomerID != customerID { // the key names the customer; this is the second lock
		return web.Fail(web.CodeEmailVerificationFailed, errConfirmationOther)
	}
	_, err = h.lending.RecordEmailVerified(ctx, rec.ApplicationID, rec.Email)
	switch {
	case errors.Is(err, lending.ErrInvalidRequest), errors.Is(err, lending.ErrApplicationStatus),
		errors.Is(err, lending.ErrApplicationNotFound):
		// The address changed, or the application was withdrawn or moved on: this link is spent.
		return web.Fail(web.CodeEmailVerificationFailed, err)
	case err != nil:
		if errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrTimeout) {
			h.restoreLink(ctx, linkConfirm, token, rec)
		}
		return web.FailUpstream(err)
	}
	return h.signin.Proved(ctx)
}

// SendConfirmation mails the customer a new link confirming their address for the application, the
// same mail as at registration. Earlier links keep working until they expire.
func (h *Handlers) SendConfirmation(ctx context.Context, cu lending.Customer, applicationID string) error {
	ttl := h.confirmationTTL(ctx, h.cfg.ConfirmationTTL)
	token, err := h.issueConfirmation(ctx, confirmation{CustomerID: cu.ID, ApplicationID: applicationID, Email: cu.Email}, ttl)
	if err != nil {
		return err
	}
	if err := h.mailConfirmation(ctx, cu, token, ttl); err != nil {
		return web.FailUpstream(err)
	}
	return nil
}

// Refusals of user/startOverApply, said to the applicant (100400).
const (
	msgNothingToStartOver = "You have no application to start over."
	msgDeclinedNoRestart  = "We cannot start a new application for you, because we declined your last one."
	msgCannotStartOver    = "This application can no longer be started over."
)

// startOverKey keys the start over of an application, so a double click (or a retried call) opens one
// new application: both requests read the same latest application and send the same key.
func startOverKey(applicationID string) string { return "startover-" + applicationID }

// freshReplacement: the latest of apps (newest first) is the one a start over opened in place of the
// one before it, and nothing has been recorded on it since. It is already the new application a start
// over would open, so it is answered as it is. This is what keeps a double click to one new
// application when the second request reads the applications only after the first has started over
// (requests that read them before share the key).
func freshReplacement(apps []lending.Application) bool {
	if len(apps) < 2 {
		return false
	}
	latest, before := apps[0], apps[1]
	return latest.Status == lending.ApplicationInProgress && latest.UpdatedAt.Equal(latest.CreatedAt) &&
		before.Withdrawal != nil && before.Withdrawal.ReplacedBy == latest.ID
}

// StartOverApply opens a new application for the signed-in applicant in place of their latest one:
// an open one is withdrawn and replaced; one they closed themselves (withdrawn because they changed
// their mind, or a counteroffer they declined) is followed by a new one, carrying the same loan
// re-priced, in the same journey. The lending core decides which it allows: a declined application,
// one drawn down and one already followed are refused, each with its reason.
func (h *Handlers) StartOverApply(ctx context.Context, _ apigen.StartOverApplyRequestObject) (apigen.StartOverApplyResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	apps, err := h.lending.CustomerApplications(ctx, sess.Subject)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	if len(apps) == 0 {
		return nil, web.FailWith(web.CodeBadRequest, msgNothingToStartOver, errNoApplication)
	}
	if !freshReplacement(apps) {
		latest := apps[0]
		_, err = h.lending.StartOver(ctx, latest.ID, startOverKey(latest.ID))
		switch {
		case errors.Is(err, lending.ErrApplicationStatus) && latest.Status == lending.ApplicationDeclined:
			return nil, web.FailWith(web.CodeBadRequest, msgDeclinedNoRestart, err)
		case errors.Is(err, lending.ErrApplicationStatus), errors.Is(err, lending.ErrApplicationExists):
			return nil, web.FailWith(web.CodeBadRequest, msgCannotStartOver, err)
		case err != nil:
			return nil, web.FailUpstream(err)
		}
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.StartOverApply200JSONResponse{Status: 200, ResultData: u}, nil
}
