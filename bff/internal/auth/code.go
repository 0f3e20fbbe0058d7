package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
)

// codeDigits is the length of a sign-in code.
const codeDigits = 6

var codeSpace = big.NewInt(1_000_000)

// Code records: <prefix>auth:code:<purpose>:<hmac(address)>, a hash of mac (the code's HMAC), n (wrong
// tries so far) and cid (the customer id; "" for an address with no customer, whose code is never
// sent). A new send replaces the record, so only the newest code works.

func (h *Handlers) codeKeyOf(a address) string {
	return h.cfg.KeyPrefix + "auth:code:" + a.purpose() + ":" + h.hashAddress(a.purpose(), a.value)
}

// codeMAC binds the code to its purpose and address, so a record's MAC cannot be replayed for another.
func (h *Handlers) codeMAC(a address, code string) string {
	m := hmac.New(sha256.New, h.codeKey)
	m.Write([]byte(a.purpose()))
	m.Write([]byte{0})
	m.Write([]byte(a.value))
	m.Write([]byte{0})
	m.Write([]byte(code))
	var sum [sha256.Size]byte
	return hex.EncodeToString(m.Sum(sum[:0]))
}

// newCode is 6 digits, uniform over 000000–999999.
func newCode() string {
	n, err := rand.Int(rand.Reader, codeSpace)
	if err != nil {
		panic(fmt.Sprintf("auth: crypto/rand failed: %v", err)) // crypto/rand does not fail on supported systems
	}
	s := strconv.FormatInt(n.Int64(), 10)
	for len(s) < codeDigits {
		s = "0" + s
	}
	return s
}

// storeCodeScript replaces an address's code record.
// KEYS[1] record; ARGV[1] mac; ARGV[2] customer id; ARGV[3] TTL (ms).
var storeCodeScript = redis.NewScript(`
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'mac', ARGV[1], 'n', 0, 'cid', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`)

// checkCodeScript checks a presented code's MAC in one step, so concurrent guesses cannot exceed the
// attempt cap or use a code twice. The MACs compared are under a server key the caller does not know,
// so the comparison's timing says nothing about the code.
//
// KEYS[1] record; ARGV[1] presented mac; ARGV[2] attempts allowed.
// Answers {"dead"} (none, expired, used or out of tries), {"ok", cid} (deleted: single use), or
// {"wrong", tries left} (the record is deleted when none are left).
var checkCodeScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'mac', 'n', 'cid')
if not r[1] then
  return {'dead'}
end
local max = tonumber(ARGV[2])
local n = tonumber(r[2]) or max
if n >= max then
  redis.call('DEL', KEYS[1])
  return {'dead'}
end
if r[1] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return {'ok', r[3] or ''}
end
n = redis.call('HINCRBY', KEYS[1], 'n', 1)
if n >= max then
  redis.call('DEL', KEYS[1])
end
return {'wrong', max - n}
`)

// SendEmailVerify sends a 6-digit sign-in code by e-mail (EMAIL) or SMS (PHONE).
func (h *Handlers) SendEmailVerify(ctx context.Context, req apigen.SendEmailVerifyRequestObject) (apigen.SendEmailVerifyResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	addr, err := parseAddress(req.Body.Type, req.Body.Param)
	if err != nil {
		return nil, err
	}
	if err := h.limit(ctx, h.cfg.SendsPerAddress, "addr:send:"+addr.purpose(), addr.value); err != nil {
		return nil, err
	}
	brand, err := h.brandName(ctx, nil)
	if err != nil {
		return nil, err
	}
	customerID, err := h.customerID(ctx, addr)
	if err != nil {
		return nil, err
	}

	// An address with no customer gets a record too, whose code is never sent: guesses at it behave
	// exactly like guesses at a real one (wrong, then dead after the cap).
	code := newCode()
	rctx, cancel := h.redisCtx(ctx)
	err = storeCodeScript.Run(rctx, h.rdb, []string{h.codeKeyOf(addr)},
		h.codeMAC(addr, code), customerID, h.cfg.CodeTTL.Milliseconds()).Err()
	cancel()
	if err != nil {
		return nil, redisDown(err)
	}

	switch {
	case addr.kind == typeEmail && customerID != "":
		_, err = h.notify.SendEmail(ctx, sendKey(), codeMail(addr.value, brand, code, h.cfg.CodeTTL))
	case addr.kind == typeEmail:
		_, err = h.notify.SendEmail(ctx, sendKey(), noAccountMail(addr.value, brand))
	case customerID != "":
		_, err = h.notify.SendSMS(ctx, sendKey(), codeSMS(addr.value, brand, code, h.cfg.CodeTTL))
		// An unknown number gets no SMS: a text to a stranger's phone is spam and costs money.
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	return apigen.SendEmailVerify200JSONResponse{Status: 200, ResultData: apigen.CodeSent{ExpiresInSeconds: int(h.cfg.CodeTTL.Seconds())}}, nil
}

// AdminLogin signs in with a code, or, with a staff token, as staff acting for a borrower.
func (h *Handlers) AdminLogin(ctx context.Context, req apigen.AdminLoginRequestObject) (apigen.AdminLoginResponseObject, error) {
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("auth: no body"))
	}
	var (
		res apigen.LoginResult
		err error
	)
	if req.Params.StaffToken != nil && *req.Params.StaffToken != "" {
		res, err = h.actFor(ctx, *req.Params.StaffToken, req.Body)
	} else {
		res, err = h.codeLogin(ctx, req.Body)
	}
	if err != nil {
		return nil, err
	}
	return apigen.AdminLogin200JSONResponse{Status: 200, ResultData: res}, nil
}

// codeLogin checks a code and starts the customer's session.
func (h *Handlers) codeLogin(ctx context.Context, body *apigen.AdminLoginRequest) (apigen.LoginResult, error) {
	addr, err := parseAddress(body.Type, body.Param)
	if err != nil {
		return apigen.LoginResult{}, err
	}
	if body.Code == nil || !sixDigits(*body.Code) {
		return apigen.LoginResult{}, web.FailWith(web.CodeBadRequest, "Enter the 6-digit code.", errors.New("auth: no code"))
	}
	if err := h.limit(ctx, h.cfg.VerifiesPerAddress, "addr:verify:"+addr.purpose(), addr.value); err != nil {
		return apigen.LoginResult{}, err
	}
	rctx, cancel := h.redisCtx(ctx)
	reply, err := checkCodeScript.Run(rctx, h.rdb, []string{h.codeKeyOf(addr)},
		h.codeMAC(addr, *body.Code), h.cfg.CodeAttempts).Slice()
	cancel()
	if err != nil {
		return apigen.LoginResult{}, redisDown(err)
	}
	verdict, _ := reply[0].(string)
	switch verdict {
	case "ok":
		customerID, _ := reply[1].(string)
		if customerID == "" {
			return apigen.LoginResult{}, web.Fail(web.CodeLoginFailed, errors.New("auth: code of an address with no customer"))
		}
		proof := session.ProofEmailCode
		if addr.kind == typePhone {
			proof = session.ProofPhoneCode
		}
		return h.signin.Start(ctx, customerID, signin.Options{Proof: proof})
	case "wrong":
		left, _ := reply[1].(int64)
		if left <= 0 {
			return apigen.LoginResult{}, web.FailWith(web.CodeLoginFailed,
				"That code is not right, and after "+strconv.Itoa(h.cfg.CodeAttempts)+" wrong tries it no longer works. Please ask for a new code.",
				errors.New("auth: code out of tries"))
		}
		return apigen.LoginResult{}, web.FailWith(web.CodeWrongCode, "That code is not right. You have "+tries(left)+" left.", errors.New("auth: wrong code"))
	default:
		return apigen.LoginResult{}, web.Fail(web.CodeLoginFailed, errors.New("auth: code unknown, used, expired or out of tries"))
	}
}

func tries(n int64) string {
	if n == 1 {
		return "1 try"
	}
	return strconv.FormatInt(n, 10) + " tries"
}

func sixDigits(s string) bool {
	if len(s) != codeDigits {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
