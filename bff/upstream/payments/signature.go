package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Signature errors. Both verifiers return an error wrapping one of them.
var (
	// ErrInvalidSignature: the signature is missing, malformed or does not match, or a signed field is
	// missing, repeated or malformed. Treat the redirect or webhook as forged.
	ErrInvalidSignature = errors.New("payments: invalid signature")
	// ErrStaleSignature: a webhook's signature matches but its timestamp is outside the tolerance (a
	// replay, or clocks too far apart).
	ErrStaleSignature = errors.New("payments: signature timestamp outside tolerance")
)

// DefaultWebhookTolerance is how far a webhook's timestamp may be from now when VerifyWebhook is given
// no tolerance.
const DefaultWebhookTolerance = 5 * time.Minute

// Redirect is what the checkout reports when it sends the browser back to the returnUrl.
type Redirect struct {
	Status            string // succeeded, declined, failed, cancelled or expired
	TransactionID     string
	MerchantReference string
	AmountPence       int64
}

// redirectCanonical is the string a redirect's signature covers: the four fields on their own lines
// after a version line. No field can hold a line break (the gateway refuses such references and the
// verifier such parameters), so the string is unambiguous.
func redirectCanonical(r Redirect) string {
	return "v1\n" + r.Status + "\n" + r.TransactionID + "\n" + r.MerchantReference + "\n" +
		strconv.FormatInt(r.AmountPence, 10)
}

func macHex(secret, msg string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(msg))
	return hex.EncodeToString(m.Sum(nil))
}

// SignRedirect is the signature parameter of a redirect: lowercase hex of HMAC-SHA256, keyed with the
// shared secret, over "v1\n<status>\n<transactionId>\n<merchantReference>\n<amountPence>".
func SignRedirect(secret string, r Redirect) string {
	return macHex(secret, redirectCanonical(r))
}

// Values are the query parameters the checkout adds to the returnUrl, signature included.
func (r Redirect) Values(secret string) url.Values {
	return url.Values{
		ParamStatus:            {r.Status},
		ParamTransactionID:     {r.TransactionID},
		ParamMerchantReference: {r.MerchantReference},
		ParamAmountPence:       {strconv.FormatInt(r.AmountPence, 10)},
		ParamSignature:         {SignRedirect(secret, r)},
	}
}

// VerifyRedirect checks that the query parameters of a return from the checkout were signed by the
// gateway with secret. It does not check that they match the payment the app expects: compare the
// merchant reference and amount with the app's own record too (see ParseRedirect), and treat the
// redirect as a hint, confirming with GET /payment-links/{id} or the webhook before releasing anything.
func VerifyRedirect(secret string, params url.Values) error {
	_, err := ParseRedirect(secret, params)
	return err
}

// ParseRedirect verifies the parameters like VerifyRedirect and answers what they say.
func ParseRedirect(secret string, params url.Values) (Redirect, error) {
	if secret == "" {
		return Redirect{}, errors.New("payments: no secret to verify a redirect with")
	}
	one := func(name string) (string, bool) {
		vs := params[name]
		if len(vs) != 1 || vs[0] == "" || !printable(vs[0]) {
			return "", false
		}
		return vs[0], true
	}
	var (
		r       Redirect
		ok      [5]bool
		amount  string
		sigText string
	)
	r.Status, ok[0] = one(ParamStatus)
	r.TransactionID, ok[1] = one(ParamTransactionID)
	r.MerchantReference, ok[2] = one(ParamMerchantReference)
	amount, ok[3] = one(ParamAmountPence)
	sigText, ok[4] = one(ParamSignature)
	for _, v := range ok {
		if !v {
			return Redirect{}, ErrInvalidSignature
		}
	}
	switch r.Status {
	case StatusSucceeded, StatusDeclined, StatusFailed, StatusCancelled, StatusExpired:
	default:
		return Redirect{}, ErrInvalidSignature
	}
	pence, err := strconv.ParseInt(amount, 10, 64)
	if err != nil || pence < 0 || strconv.FormatInt(pence, 10) != amount {
		return Redirect{}, ErrInvalidSignature
	}
	r.AmountPence = pence
	got, err := hex.DecodeString(sigText)
	if err != nil || len(got) != sha256.Size {
		return Redirect{}, ErrInvalidSignature
	}
	want, _ := hex.DecodeString(SignRedirect(secret, r))
	if !hmac.Equal(got, want) {
		return Redirect{}, ErrInvalidSignature
	}
	return r, nil
}

// printable: visible ASCII and spaces only (no line breaks or other controls).
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' {
			return false
		}
	}
	return true
}

// SignWebhook is the X-Signature header of a webhook body sent at t: "t=<unix seconds>,v1=<hex>",
// where hex is lowercase HMAC-SHA256, keyed with the shared secret, over "<unix seconds>.<body>".
func SignWebhook(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + macHex(secret, ts+"."+string(body))
}

// VerifyWebhook checks a webhook's X-Signature header against its raw body: the signature must match
// (any one v1 value, so the gateway can sign with two secrets while one rotates) and its timestamp must
// be within tolerance of now (DefaultWebhookTolerance when tolerance ≤ 0). Verify the raw bytes as
// received, before decoding the JSON.
func VerifyWebhook(secret, header string, body []byte, now time.Time, tolerance time.Duration) error {
	if secret == "" {
		return errors.New("payments: no secret to verify a webhook with")
	}
	if tolerance <= 0 {
		tolerance = DefaultWebhookTolerance
	}
	var (
		ts   string
		sigs [][]byte
	)
	for part := range strings.SplitSeq(header, ",") {
		k, v, found := strings.Cut(strings.TrimSpace(part), "=")
		if !found {
			return ErrInvalidSignature
		}
		switch k {
		case "t":
			if ts != "" {
				return ErrInvalidSignature
			}
			ts = v
		case "v1":
			b, err := hex.DecodeString(v)
			if err != nil || len(b) != sha256.Size {
				return ErrInvalidSignature
			}
			sigs = append(sigs, b)
		}
		// Other schemes (v0, a future v2) are ignored, as senders may add them.
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return ErrInvalidSignature
	}
	want, _ := hex.DecodeString(macHex(secret, ts+"."+string(body)))
	matched := false
	for _, s := range sigs {
		if hmac.Equal(s, want) {
			matched = true
		}
	}
	if !matched {
		return ErrInvalidSignature
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return ErrStaleSignature
	}
	return nil
}
