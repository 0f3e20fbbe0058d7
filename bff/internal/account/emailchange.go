package account

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/transport"
)

// A borrower's change of e-mail address (/edit-email → /emailVerify): the confirmation-link ceremony
// of registration (confirm.go: 256 random bits, kept hashed under the customer's key, taken once) for
// a link of its own purpose, mailed to the new address. Only redeeming it changes anything: the lending
// core replaces the address (told the new one is proved), and the old address hears of it.

// Messages of profile/changeEmail and profile/confirmEmailChange. They never echo an address.
const (
	msgSameEmail       = "This is the email address we already have. Enter a different email address."
	msgOtherAccount    = "This email address belongs to another account. Enter a different email address."
	msgTakenSinceLink  = "This email address now belongs to another account, so we could not change yours. Go back and enter a different email address."
	scopeEmailChange   = "customer:email-change"
	templateChangeLink = "email-change-confirmation"
)

var (
	errStaffChange = errors.New("account: staff may not change a borrower's e-mail address")
	errOtherOwner  = errors.New("account: the new e-mail address is another customer's")
)

// ChangeEmail mails a link confirming a new address to that address. The address in use stays until
// the link is redeemed; an address another customer has is refused, as registration refuses it.
func (h *Handlers) ChangeEmail(ctx context.Context, req apigen.ChangeEmailRequestObject) (apigen.ChangeEmailResponseObject, error) {
	sess, err := h.changer(ctx)
	if err != nil {
		return nil, err
	}
	email := strings.ToLower(strings.TrimSpace(string(req.Body.Email)))
	if err := ratelimit.Count(ctx, h.limiter, h.cfg.Sends, scopeEmailChange, sess.Subject); err != nil {
		return nil, err
	}
	current, err := h.sessionCustomer(ctx, sess)
	if err != nil {
		return nil, err
	}
	if current.Email == email {
		return nil, web.FailField("email", msgSameEmail, errEmailUnchanged)
	}
	switch owner, err := h.lending.CustomerByEmail(ctx, email); {
	case errors.Is(err, lending.ErrCustomerNotFound):
	case err != nil:
		return nil, web.FailUpstream(err)
	case owner.ID != sess.Subject:
		return nil, web.FailField("email", msgOtherAccount, errOtherOwner)
	}
	ttl := h.cfg.ConfirmationTTL
	token, err := h.issueLink(ctx, linkChange, confirmation{CustomerID: sess.Subject, Email: email}, ttl)
	if err != nil {
		return nil, err
	}
	brand, err := h.cfg.Brands.ForCustomer(ctx, sess.Subject, nil)
	if err != nil {
		return nil, err
	}
	link := strings.TrimRight(h.cfg.PublicURL, "/") + "/#/emailVerify?token=" + token
	text, body := letter{paragraphs: []string{
		"Hello " + current.FirstName + ",",
		"You asked to use this e-mail address for your " + brand.DisplayName + " account. To confirm it, open this link within " +
			forHowLong(ttl) + " and sign in if you are asked to:",
		"Until you do, we keep using the address you have now.",
		"If you did not ask for this, you can ignore this e-mail: nothing will change.",
		brand.DisplayName + ", " + brand.Email + ", " + brand.Phone,
	}, link: link, linkText: "Confirm my new e-mail address", linkAt: 2}.render()
	// The key is derived from the token, so a retried send is one mail, and the token is not in it.
	if _, err := h.notify.SendEmail(ctx, "emailchange-"+tokenDigest(token), notify.Email{To: email,
		Subject: "Confirm your new e-mail address – " + brand.DisplayName, Text: text, HTML: body,
		Template: templateChangeLink, Tags: []string{"auth"}}); err != nil {
		if errors.Is(err, notify.ErrInvalidAddress) {
			return nil, web.FailField("email", msgEmailFormat, err)
		}
		return nil, web.FailUpstream(err)
	}
	return apigen.ChangeEmail200JSONResponse{Status: 200, ResultData: apigen.CodeSent{ExpiresInSeconds: int(ttl.Seconds())}}, nil
}

// ConfirmEmailChange redeems a link ChangeEmail mailed: the lending core makes its address the
// borrower's, and the old address is told. A wrong, used, expired or another borrower's token is
// 100608; when the core could not be reached the link is put back, so an outage does not burn it.
func (h *Handlers) ConfirmEmailChange(ctx context.Context, req apigen.ConfirmEmailChangeRequestObject) (apigen.ConfirmEmailChangeResponseObject, error) {
	sess, err := h.changer(ctx)
	if err != nil {
		return nil, err
	}
	token := req.Body.Token
	rec, err := h.redeemLink(ctx, linkChange, sess.Subject, token)
	if err != nil {
		return nil, err
	}
	if rec.CustomerID != sess.Subject { // the key names the customer; this is the second lock
		return nil, web.Fail(web.CodeEmailVerificationFailed, errConfirmationOther)
	}
	before, err := h.sessionCustomer(ctx, sess)
	if err != nil {
		h.restoreLink(ctx, linkChange, token, rec)
		return nil, err
	}
	after, err := h.lending.ReplaceEmail(ctx, sess.Subject, rec.Email)
	switch {
	case errors.Is(err, lending.ErrCustomerExists), errors.Is(err, lending.ErrInvalidRequest):
		return nil, web.FailWith(web.CodeBadRequest, msgTakenSinceLink, err)
	case errors.Is(err, lending.ErrCustomerNotFound):
		return nil, web.Fail(web.CodeUnauthenticated, err)
	case err != nil:
		if errors.Is(err, transport.ErrUnavailable) || errors.Is(err, transport.ErrTimeout) {
			h.restoreLink(ctx, linkChange, token, rec)
		}
		return nil, web.FailUpstream(err)
	}
	if before.Email != after.Email {
		h.mailOldAddress(ctx, before, after, token)
	}
	u, err := h.signin.SessionUser(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.ConfirmEmailChange200JSONResponse{Status: 200, ResultData: u}, nil
}

// mailOldAddress tells the address a borrower used to have that it was replaced, and what to do if it
// was not them. It names neither address. A failure is logged, not answered: the change is made.
func (h *Handlers) mailOldAddress(ctx context.Context, before, after lending.Customer, token string) {
	err := func() error {
		brand, err := h.cfg.Brands.ForCustomer(ctx, after.ID, nil)
		if err != nil {
			return err
		}
		text, body := letter{paragraphs: []string{
			"Hello " + before.FirstName + ",",
			"The e-mail address of your " + brand.DisplayName + " account was changed, and we will write to the new address from now on. " +
				"The change was confirmed from a link we sent to the new address.",
			"Not you? Contact us straight away on " + brand.Phone + " or at " + brand.Email + ", and we will secure your account.",
			brand.DisplayName,
		}}.render()
		_, err = h.notify.SendEmail(ctx, "emailchanged-"+tokenDigest(token), notify.Email{To: before.Email,
			Subject: "Your " + brand.DisplayName + " e-mail address was changed", Text: text, HTML: body,
			Template: "email-changed", Tags: []string{"auth"}})
		return err
	}()
	if err != nil {
		if c, ok := ctx.(*gin.Context); ok {
			web.Logger(c).WarnContext(ctx, "e-mail change notice not sent", "requestId", web.RequestID(c), "cause", err.Error())
		}
	}
}

// changer is the signed-in borrower who may change their own credentials: 100617 for staff acting for
// them (the router refuses x-staff-forbidden calls first; this is the second lock).
func (h *Handlers) changer(ctx context.Context) (*session.Session, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting {
		return nil, web.Fail(web.CodeStaffForbidden, errStaffChange)
	}
	return sess, nil
}

// tokenDigest keys the mails about a link: derived from its token, which it does not reveal.
func tokenDigest(token string) string {
	sum := sha256.Sum256([]byte("email-change\x00" + token))
	return hex.EncodeToString(sum[:16])
}
