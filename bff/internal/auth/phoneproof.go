package auth

import (
	"context"
	"errors"
	"strconv"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Proving a new mobile number: a signed-in customer who gives a number (the setPhone stage) must show
// they hold it before it becomes theirs. It is the sign-in code ceremony (code.go) under its own
// purpose, bound to the customer as well as the number, so a sign-in code never proves a number and a
// code sent for one customer cannot prove the number for another.

// typePhoneProof is the purpose of these codes in their Redis key and HMAC.
const typePhoneProof apigen.LoginType = "PHONE_PROOF"

// phoneProofAddress is the code record's address: the customer and the normalised number.
func phoneProofAddress(customerID, phone string) address {
	return address{kind: typePhoneProof, value: customerID + "\x00" + phone}
}

// msgNumberRefused is the one answer to a well-formed number a customer cannot make theirs, whatever
// the reason (another customer's, or one the text provider will not send to): a reason of its own would
// tell whose number it is.
const msgNumberRefused = "We cannot use this number. Enter a different UK mobile number."

var errNumberTaken = errors.New("auth: the number is another customer's")

// RefuseNumber is the answer to a number a customer cannot use (100400 on phoneNumber); cause, for the
// log, says why.
func (h *Handlers) RefuseNumber(cause error) error {
	return web.FailField("phoneNumber", msgNumberRefused, cause)
}

// SendPhoneProof texts a 6-digit code to raw (a UK mobile number, which it answers normalised to
// E.164) for customerID to prove they hold it; a new send replaces the previous code. A malformed
// number is 100400; a number the customer cannot use is RefuseNumber's answer, given before any code
// is sent. Sends are limited per customer and per customer and number like sign-in codes, refused
// numbers included, so the refusal cannot be asked for number after number.
func (h *Handlers) SendPhoneProof(ctx context.Context, customerID, raw string) (phone string, ttl time.Duration, err error) {
	addr, err := parseAddress(typePhone, raw)
	if err != nil {
		return "", 0, err
	}
	proof := phoneProofAddress(customerID, addr.value)
	if err := h.limit(ctx, h.cfg.SendsPerAddress, "addr:send:"+proof.purpose()+":customer", customerID); err != nil {
		return "", 0, err
	}
	if err := h.limit(ctx, h.cfg.SendsPerAddress, "addr:send:"+proof.purpose(), proof.value); err != nil {
		return "", 0, err
	}
	switch holder, err := h.lending.CustomerByPhone(ctx, addr.value); {
	case errors.Is(err, lending.ErrCustomerNotFound):
	case err != nil:
		return "", 0, web.FailUpstream(err)
	case holder.ID != customerID:
		return "", 0, h.RefuseNumber(errNumberTaken)
	}
	brand, err := h.brandName(ctx, nil)
	if err != nil {
		return "", 0, err
	}
	code := newCode()
	rctx, cancel := h.redisCtx(ctx)
	err = storeCodeScript.Run(rctx, h.rdb, []string{h.codeKeyOf(proof)}, h.codeMAC(proof, code), customerID,
		h.cfg.CodeTTL.Milliseconds()).Err()
	cancel()
	if err != nil {
		return "", 0, redisDown(err)
	}
	switch _, err := h.notify.SendSMS(ctx, sendKey(), phoneProofSMS(addr.value, brand, code, h.cfg.CodeTTL)); {
	case errors.Is(err, notify.ErrInvalidAddress):
		return "", 0, h.RefuseNumber(err)
	case err != nil:
		return "", 0, web.FailUpstream(err)
	}
	return addr.value, h.cfg.CodeTTL, nil
}

// CheckPhoneProof checks the code customerID typed for raw and answers the number in E.164. A wrong
// code is 100614 saying how many tries are left; a dead one (expired, used, replaced or out of tries)
// is 100614 too, asking for a new code: the person is signed in, so nothing sends them to login.
func (h *Handlers) CheckPhoneProof(ctx context.Context, customerID, raw, code string) (string, error) {
	addr, err := parseAddress(typePhone, raw)
	if err != nil {
		return "", err
	}
	if !sixDigits(code) {
		return "", web.FailWith(web.CodeBadRequest, "Enter the 6-digit code.", errors.New("auth: no phone code"))
	}
	proof := phoneProofAddress(customerID, addr.value)
	if err := h.limit(ctx, h.cfg.VerifiesPerAddress, "addr:verify:"+proof.purpose(), proof.value); err != nil {
		return "", err
	}
	rctx, cancel := h.redisCtx(ctx)
	reply, err := checkCodeScript.Run(rctx, h.rdb, []string{h.codeKeyOf(proof)}, h.codeMAC(proof, code),
		h.cfg.CodeAttempts).Slice()
	cancel()
	if err != nil {
		return "", redisDown(err)
	}
	verdict, _ := reply[0].(string)
	switch verdict {
	case "ok":
		if cid, _ := reply[1].(string); cid != customerID { // the key names the customer; the second lock
			return "", web.FailWith(web.CodeWrongCode, msgDeadPhoneCode, errors.New("auth: phone code of another customer"))
		}
		return addr.value, nil
	case "wrong":
		left, _ := reply[1].(int64)
		if left <= 0 {
			return "", web.FailWith(web.CodeWrongCode,
				"That code is not right, and after "+strconv.Itoa(h.cfg.CodeAttempts)+" wrong tries it no longer works. Please ask for a new code.",
				errors.New("auth: phone code out of tries"))
		}
		return "", web.FailWith(web.CodeWrongCode, "That code is not right. You have "+tries(left)+" left.", errors.New("auth: wrong phone code"))
	default:
		return "", web.FailWith(web.CodeWrongCode, msgDeadPhoneCode, errors.New("auth: phone code unknown, used, expired or out of tries"))
	}
}

const msgDeadPhoneCode = "That code has expired or has already been used. Please ask for a new code."

// phoneProofSMS is the code that proves a number.
func phoneProofSMS(to, brand, code string, ttl time.Duration) notify.SMS {
	return notify.SMS{
		To:       to,
		Text:     brand + ": your code to confirm this mobile number is " + code + ". It works for " + minutes(ttl) + ". Never share it with anyone.",
		Template: "phone-proof-code",
		Tags:     []string{"auth"},
	}
}
