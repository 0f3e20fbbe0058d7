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
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// linkTokenBytes is the entropy of a sign-in link: 256 bits.
const linkTokenBytes = 32

// linkSlotBytes open every token: the first bytes of the HMAC of the address it was sent to. They name
// the Redis Cluster hash slot of the address's link records, so that a send, which knows only the
// address, and a redeem, which knows only the token, reach the same slot, and the script that replaces
// a link touches one slot. 16 bits say nothing about the address: 1 in 65,536 of all addresses share
// them. A token is 34 bytes, 46 characters of base64url.
const linkSlotBytes = 2

// Link records, all of one address under the hash tag {<hex of its slot bytes>}:
// <prefix>auth:link:{tag}:<sha256(token)> holds the customer id ("" for an address with no customer,
// whose token is never sent); <prefix>auth:link-current:{tag}:<hmac(address)> holds the hash of the
// address's current link, so a new send can kill the one before.

func linkTag(slot []byte) string { return "{" + hex.EncodeToString(slot) + "}" }

func (h *Handlers) linkKey(tag, tokenHash string) string {
	return h.cfg.KeyPrefix + "auth:link:" + tag + ":" + tokenHash
}
func (h *Handlers) linkCurrentKey(tag, addrHash string) string {
	return h.cfg.KeyPrefix + "auth:link-current:" + tag + ":" + addrHash
}

// issueLinkScript replaces an address's link with a new one in one step, so two sends racing each
// other cannot leave two live links. The old link's key is the new one's with the token hash
// swapped, so it carries the same hash tag and lies in the same Redis Cluster slot as both KEYS.
//
// KEYS[1] the new link's key; KEYS[2] the address's current-link key (same hash tag).
// ARGV[1] customer id; ARGV[2] TTL (ms); ARGV[3] the new token's hash (the end of KEYS[1]).
var issueLinkScript = redis.NewScript(`
local old = redis.call('GET', KEYS[2])
if old then
  redis.call('DEL', string.sub(KEYS[1], 1, #KEYS[1] - #ARGV[3]) .. old)
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[2])
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
	customerID, err := h.customerID(ctx, addr)
	if err != nil {
		return apigen.CodeSent{}, err
	}
	brand, err := h.brandName(ctx, customerID, clientName)
	if err != nil {
		return apigen.CodeSent{}, err
	}

	// A record is stored for an unknown address too (its token is never sent), so both paths do the
	// same work and an earlier link to the address dies either way.
	addrHash := h.hashAddress("link", addr.value)
	slot, _ := hex.DecodeString(addrHash[:2*linkSlotBytes])
	tag := linkTag(slot)
	token := newLinkToken(slot)
	sum := sha256.Sum256([]byte(token))
	tokenHash := hex.EncodeToString(sum[:])
	rctx, cancel := h.redisCtx(ctx)
	err = issueLinkScript.Run(rctx, h.rdb,
		[]string{h.linkKey(tag, tokenHash), h.linkCurrentKey(tag, addrHash)},
		customerID, h.cfg.LinkTTL.Milliseconds(), tokenHash).Err()
	cancel()
	if err != nil {
		return apigen.CodeSent{}, redisDown(err)
	}

	mail := noAccountMail(addr.value, brand)
	if customerID != "" {
		mail = linkMail(addr.value, brand, h.linkURL(token), h.cfg.LinkTTL)
	}
	if _, err := h.notify.SendEmail(ctx, sendKey(), mail); err != nil {
		return apigen.CodeSent{}, web.FailUpstream(err)
	}
	return apigen.CodeSent{ExpiresInSeconds: int(h.cfg.LinkTTL.Seconds())}, nil
}

// linkURL is the page the link opens: the borrower app's hash route, which redeems the token by POST.
func (h *Handlers) linkURL(token string) string {
	return h.cfg.PublicURL + "/#/login/emailMagicLink?token=" + url.QueryEscape(token)
}

// newLinkToken is the address's slot bytes and 256 random bits, as base64url.
func newLinkToken(slot []byte) string {
	b := make([]byte, linkSlotBytes+linkTokenBytes)
	copy(b, slot)
	_, _ = rand.Read(b[linkSlotBytes:]) // crypto/rand.Read never fails; it crashes the program instead
	return base64.RawURLEncoding.EncodeToString(b)
}

// linkKeyOf is the key of the record a presented token names, or false for a string that no send
// can have made.
func (h *Handlers) linkKeyOf(token string) (string, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) != linkSlotBytes+linkTokenBytes {
		return "", false
	}
	sum := sha256.Sum256([]byte(token))
	return h.linkKey(linkTag(raw[:linkSlotBytes]), hex.EncodeToString(sum[:])), true
}

// RedeemMagicLink consumes a link's token (GETDEL: exactly one caller ever gets it) and starts a new
// session. An unknown, used or expired token, or one issued for an address with no customer, is 100502.
func (h *Handlers) RedeemMagicLink(ctx context.Context, req apigen.RedeemMagicLinkRequestObject) (apigen.RedeemMagicLinkResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	key, ok := h.linkKeyOf(req.Body.Token)
	if !ok {
		return nil, web.Fail(web.CodeLoginFailed, errors.New("auth: link unknown, used or expired"))
	}
	rctx, cancel := h.redisCtx(ctx)
	customerID, err := h.rdb.GetDel(rctx, key).Result()
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

// brandName is the display name of the brand a message to customerID ("" for an address with no
// customer) is sent in: the brand owning their newest application, else the one the call names, else
// the default (branding.ForCustomer). A borrower of the white label who signs in from the lender's own
// app still hears from the white label.
func (h *Handlers) brandName(ctx context.Context, customerID string, clientName *string) (string, error) {
	b, err := h.cfg.Brands.ForCustomer(ctx, customerID, clientName)
	return b.DisplayName, err
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
		return "", web.FailUpstream(err)
	}
	if addr.kind == typePhone && cu.Provisional {
		return "", nil
	}
	return cu.ID, nil
}
