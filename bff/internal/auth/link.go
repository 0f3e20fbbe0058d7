package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/url"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/upstreams"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/signin"
	"lender/bff/upstream/lending"
)

// linkTokenBytes is the entropy of a sign-in link: 256 bits, 43 characters of base64url.
const linkTokenBytes = 32

// Link records. <prefix>auth:link:<sha256(token)> holds the customer id ("" for an address with no
// customer, whose token is never sent); <prefix>auth:link-current:<hmac(address)> holds the hash of the
// address's current link, so a new send can kill the one before.

func (h *Handlers) linkKey(tokenHash string) string {
	return h.cfg.KeyPrefix + "auth:link:" + tokenHash
}
func (h *Handlers) linkCurrentKey(addrHash string) string {
	return h.cfg.KeyPrefix + "auth:link-current:" + addrHash
}

// issueLinkScript replaces an address's link with a new one in one step, so two sends racing each
// other cannot leave two live links. It reaches the old link's key by name (ARGV[3] .. old), which a
// single Redis node allows; a cluster would need the two keys in one hash slot.
//
// KEYS[1] the new link's key; KEYS[2] the address's current-link key.
// ARGV[1] customer id; ARGV[2] TTL (ms); ARGV[3] link-key prefix; ARGV[4] the new token's hash.
var issueLinkScript = redis.NewScript(`
local old = redis.call('GET', KEYS[2])
if old then
  redis.call('DEL', ARGV[3] .. old)
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[2])
return 1
`)

// SendMagicLink e-mails a sign-in link.
func (h *Handlers) SendMagicLink(ctx context.Context, req apigen.SendMagicLinkRequestObject) (apigen.SendMagicLinkResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	sent, err := h.sendLink(ctx, string(req.Body.Email), req.Body.ClientName)
	if err != nil {
		return nil, err
	}
	return apigen.SendMagicLink200JSONResponse{Status: 200, ResultData: sent}, nil
}

// ResendMagicLink sends a new link; the earlier ones stop working.
func (h *Handlers) ResendMagicLink(ctx context.Context, req apigen.ResendMagicLinkRequestObject) (apigen.ResendMagicLinkResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	sent, err := h.sendLink(ctx, string(req.Body.Email), req.Body.ClientName)
	if err != nil {
		return nil, err
	}
	return apigen.ResendMagicLink200JSONResponse{Status: 200, ResultData: sent}, nil
}

// sendLink is a send and a resend alike: every send makes the address's earlier links dead.
func (h *Handlers) sendLink(ctx context.Context, email string, clientName *string) (apigen.CodeSent, error) {
	addr, err := parseAddress(typeEmail, email)
	if err != nil {
		return apigen.CodeSent{}, err
	}
	if err := h.limit(ctx, h.cfg.SendsPerAddress, "addr:send:"+addr.purpose(), addr.value); err != nil {
		return apigen.CodeSent{}, err
	}
	brand, err := h.brandName(ctx, clientName)
	if err != nil {
		return apigen.CodeSent{}, err
	}
	customerID, err := h.customerID(ctx, addr)
	if err != nil {
		return apigen.CodeSent{}, err
	}

	// A record is stored for an unknown address too (its token is never sent), so both paths do the
	// same work and an earlier link to the address dies either way.
	token := newLinkToken()
	sum := sha256.Sum256([]byte(token))
	tokenHash := hex.EncodeToString(sum[:])
	rctx, cancel := h.redisCtx(ctx)
	err = issueLinkScript.Run(rctx, h.rdb,
		[]string{h.linkKey(tokenHash), h.linkCurrentKey(h.hashAddress("link", addr.value))},
		customerID, h.cfg.LinkTTL.Milliseconds(), h.cfg.KeyPrefix+"auth:link:", tokenHash).Err()
	cancel()
	if err != nil {
		return apigen.CodeSent{}, redisDown(err)
	}

	mail := noAccountMail(addr.value, brand)
	if customerID != "" {
		mail = linkMail(addr.value, brand, h.linkURL(token), h.cfg.LinkTTL)
	}
	if _, err := h.notify.SendEmail(ctx, sendKey(), mail); err != nil {
		return apigen.CodeSent{}, upstreams.Fail(err)
	}
	return apigen.CodeSent{ExpiresInSeconds: int(h.cfg.LinkTTL.Seconds())}, nil
}

// linkURL is the page the link opens: the borrower app's hash route, which redeems the token by POST.
func (h *Handlers) linkURL(token string) string {
	return h.cfg.PublicURL + "/#/login/emailMagicLink?token=" + url.QueryEscape(token)
}

// newLinkToken is 256 random bits as base64url.
func newLinkToken() string {
	b := make([]byte, linkTokenBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails; it crashes the program instead
	return base64.RawURLEncoding.EncodeToString(b)
}

// RedeemMagicLink consumes a link's token (GETDEL: exactly one caller ever gets it) and starts a new
// session. An unknown, used or expired token, or one issued for an address with no customer, is 100502.
func (h *Handlers) RedeemMagicLink(ctx context.Context, req apigen.RedeemMagicLinkRequestObject) (apigen.RedeemMagicLinkResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	sum := sha256.Sum256([]byte(req.Body.Token))
	rctx, cancel := h.redisCtx(ctx)
	customerID, err := h.rdb.GetDel(rctx, h.linkKey(hex.EncodeToString(sum[:]))).Result()
	cancel()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, web.Fail(web.CodeLoginFailed, errors.New("auth: link unknown, used or expired"))
	case err != nil:
		return nil, redisDown(err)
	case customerID == "":
		return nil, web.Fail(web.CodeLoginFailed, errors.New("auth: link of an address with no customer"))
	}
	res, err := h.signin.Start(ctx, customerID, signin.Options{Proof: session.ProofEmailLink})
	if err != nil {
		return nil, err
	}
	return apigen.RedeemMagicLink200JSONResponse{Status: 200, ResultData: res}, nil
}

// brandName is the display name of the brand a mail is sent for (the default brand when none is named).
func (h *Handlers) brandName(ctx context.Context, clientName *string) (string, error) {
	name := lending.DefaultBrand
	if clientName != nil && *clientName != "" {
		name = *clientName
	}
	b, err := h.lending.Branding(ctx, name)
	if errors.Is(err, lending.ErrBrandNotFound) {
		return "", web.FailWith(web.CodeBadRequest, "There is no brand called "+name+".", err)
	}
	if err != nil {
		return "", upstreams.Fail(err)
	}
	return b.DisplayName, nil
}

// customerID is the customer with addr, or "" when there is none. A phone number that only a
// provisional registration gave is nobody's yet: anyone can type any number when registering, and such a
// customer is signed in only by proving the e-mail address (signin.Completer.Start).
func (h *Handlers) customerID(ctx context.Context, addr address) (string, error) {
	var cu lending.Customer
	var err error
	if addr.kind == typePhone {
		cu, err = h.lending.CustomerByPhone(ctx, addr.value)
	} else {
		cu, err = h.lending.CustomerByEmail(ctx, addr.value)
	}
	if errors.Is(err, lending.ErrCustomerNotFound) {
		return "", nil
	}
	if err != nil {
		return "", upstreams.Fail(err)
	}
	if addr.kind == typePhone && cu.Provisional {
		return "", nil
	}
	return cu.ID, nil
}
