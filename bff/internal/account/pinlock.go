package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// The lending core locks a PIN after lending.MaxPINAttempts wrong PINs in a row, for
// lending.PINLockPeriod. The attempt that locks it mails the PIN's owner; every locked answer says when
// the PIN unlocks. Signing in with a code sent to the e-mail address works all the while, and leads to
// setting a new PIN, which unlocks it (the lending core lifts the lock only then, never at sign-in).

var errNoLockEnd = errors.New("account: the lending core answered a lock without its end")

// unlockTime is when a lock lifts, as a person in the UK reads it: "14:35 UK time on 26 November 2026".
func unlockTime(t time.Time) string {
	return uktime.Clock(t) + " UK time on " + uktime.Date(t)
}

// lockedError is the 100603 answer: when the PIN unlocks, when the lending core said; the catalogue's
// message, which names the lock period, when it did not.
func lockedError(until time.Time, cause error) *web.Error {
	if until.IsZero() {
		return web.Fail(web.CodeAccountLocked, cause)
	}
	return web.FailWith(web.CodeAccountLocked, "Your PIN is locked after too many wrong tries. It unlocks at "+unlockTime(until)+
		". To sign in now, use a code sent to your e-mail, then set a new PIN.", cause)
}

// stillLocked answers an attempt on a PIN locked earlier. cu is the customer as read before the attempt
// (zero in a step-up); when it does not show the lock, the customer is read again for its end. If that
// fails the answer is still 100603, with the catalogue's message: the PIN is locked either way.
func (h *Handlers) stillLocked(ctx context.Context, customerID string, cu lending.Customer, cause error) *web.Error {
	if !cu.PIN.Locked {
		if got, err := h.lending.Customer(ctx, customerID); err == nil {
			cu = got
		}
	}
	return lockedError(cu.PIN.LockedUntil, cause)
}

// mailLock tells the PIN's owner that wrong tries locked it. cu is the customer as read before the
// attempt (zero in a step-up, when it is read here). The idempotency key is derived from the lock (the
// customer and the end the lending core gave it), so a retried send is one mail and a later lock gets
// its own. A failure is logged, not answered: the person is told the PIN is locked either way.
func (h *Handlers) mailLock(ctx context.Context, c *gin.Context, customerID string, cu lending.Customer, until time.Time) {
	err := func() error {
		if until.IsZero() { // the lending core's contract says it never is; a mail must not guess
			return errNoLockEnd
		}
		if cu.ID == "" {
			got, err := h.lending.Customer(ctx, customerID)
			if err != nil {
				return err
			}
			cu = got
		}
		brand, err := h.cfg.Brands.ForCustomer(ctx, customerID, nil)
		if err != nil {
			return err
		}
		sum := sha256.Sum256([]byte("pin-locked\x00" + customerID + "\x00" + until.UTC().Format(time.RFC3339Nano)))
		_, err = h.notify.SendEmail(ctx, "pinlock-"+hex.EncodeToString(sum[:16]), lockMail(cu, brand, until))
		return err
	}()
	if err != nil {
		web.Logger(c).WarnContext(ctx, "PIN lock notice not sent", "requestId", web.RequestID(c), "cause", err.Error())
	}
}

// lockMail is the notice of a lock, in the brand the customer applied to. It holds no PIN, code or
// link: only what happened, when it ends, how to get in meanwhile, and what to do if it was not them.
func lockMail(cu lending.Customer, brand config.Brand, until time.Time) notify.Email {
	paragraphs := []string{
		"Hello " + cu.FirstName + ",",
		"Your PIN was locked after too many wrong tries in a row. It unlocks at " + unlockTime(until) + ".",
		"You can sign in with a code sent to this e-mail address instead: choose e-mail on the sign-in screen. " +
			"You will then be asked to set a new PIN, which unlocks it.",
		"If this was not you, someone may be trying to get into your account. Sign in with a code sent to this address " +
			"and set a new PIN. Nobody can sign in with a code without access to this e-mail account.",
		brand.DisplayName + ", " + brand.Email + ", " + brand.Phone,
	}
	text, body := letter{paragraphs: paragraphs}.render()
	return notify.Email{To: cu.Email, Subject: "Your " + brand.DisplayName + " PIN has been locked", Text: text, HTML: body,
		Template: "pin-locked", Tags: []string{"auth"}}
}
