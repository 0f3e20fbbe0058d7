package payments_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/payments"
)

// hmacHex is HMAC-SHA256 in lowercase hex, computed here without the package, as a known answer.
func hmacHex(secret, msg string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(msg))
	return hex.EncodeToString(m.Sum(nil))
}

func TestSignRedirectCanonicalString(t *testing.T) {
	r := payments.Redirect{Status: "succeeded", TransactionID: "txn_0123456789abcdef", MerchantReference: "REP-42", AmountPence: 12345}
	want := hmacHex("s3cret", "v1\nsucceeded\ntxn_0123456789abcdef\nREP-42\n12345")
	if got := payments.SignRedirect("s3cret", r); got != want {
		t.Fatalf("SignRedirect = %s, want %s", got, want)
	}
	v := r.Values("s3cret")
	if v.Get("status") != "succeeded" || v.Get("transactionId") != r.TransactionID || v.Get("merchantReference") != "REP-42" ||
		v.Get("amountPence") != "12345" || v.Get("signature") != want {
		t.Fatalf("Values = %v", v)
	}
}

func TestVerifyRedirect(t *testing.T) {
	const secret = "s3cret"
	good := payments.Redirect{Status: "declined", TransactionID: "txn_1", MerchantReference: "REP 1/2", AmountPence: 0}
	tests := []struct {
		name   string
		change func(url.Values)
		ok     bool
	}{
		{"as signed", func(url.Values) {}, true},
		{"with the app's own parameters", func(v url.Values) { v.Set("loan", "L1") }, true},
		{"uppercase hex", func(v url.Values) { v.Set("signature", strings.ToUpper(v.Get("signature"))) }, true},
		{"status changed", func(v url.Values) { v.Set("status", "succeeded") }, false},
		{"transaction changed", func(v url.Values) { v.Set("transactionId", "txn_2") }, false},
		{"reference changed", func(v url.Values) { v.Set("merchantReference", "REP 1/3") }, false},
		{"amount changed", func(v url.Values) { v.Set("amountPence", "1") }, false},
		{"amount with a leading zero", func(v url.Values) { v.Set("amountPence", "00") }, false},
		{"negative amount", func(v url.Values) { v.Set("amountPence", "-0") }, false},
		{"no signature", func(v url.Values) { v.Del("signature") }, false},
		{"short signature", func(v url.Values) { v.Set("signature", v.Get("signature")[:62]) }, false},
		{"signature not hex", func(v url.Values) { v.Set("signature", strings.Repeat("z", 64)) }, false},
		{"repeated status", func(v url.Values) { v.Add("status", "succeeded") }, false},
		{"no status", func(v url.Values) { v.Del("status") }, false},
		{"unknown status", func(v url.Values) { v.Set("status", "pending") }, false},
		{"line break smuggled", func(v url.Values) { v.Set("merchantReference", "REP 1/2\n0") }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := good.Values(secret)
			tt.change(v)
			err := payments.VerifyRedirect(secret, v)
			if tt.ok != (err == nil) || (err != nil && !errors.Is(err, payments.ErrInvalidSignature)) {
				t.Fatalf("VerifyRedirect = %v, want ok %v", err, tt.ok)
			}
		})
	}
	if err := payments.VerifyRedirect("other", good.Values(secret)); !errors.Is(err, payments.ErrInvalidSignature) {
		t.Fatalf("another secret: %v", err)
	}
	if err := payments.VerifyRedirect("", good.Values("")); err == nil {
		t.Fatal("an empty secret verified")
	}
	r, err := payments.ParseRedirect(secret, good.Values(secret))
	if err != nil || r != good {
		t.Fatalf("ParseRedirect = %+v %v", r, err)
	}
}

func TestVerifyWebhook(t *testing.T) {
	const secret = "whsec"
	now := time.Unix(1772447400, 0)
	body := []byte(`{"id":"evt_1","type":"status_update"}`)
	sig := hmacHex(secret, "1772447400."+string(body))
	if got := payments.SignWebhook(secret, now, body); got != "t=1772447400,v1="+sig {
		t.Fatalf("SignWebhook = %s", got)
	}
	other := hmacHex("old-secret", "1772447400."+string(body))
	tests := []struct {
		name   string
		header string
		body   []byte
		now    time.Time
		want   error
	}{
		{"valid", "t=1772447400,v1=" + sig, body, now, nil},
		{"spaces and other schemes", "t=1772447400, v0=abc, v1=" + sig, body, now, nil},
		{"one of two signatures", "t=1772447400,v1=" + other + ",v1=" + sig, body, now, nil},
		{"at the tolerance", "t=1772447400,v1=" + sig, body, now.Add(5 * time.Minute), nil},
		{"too old", "t=1772447400,v1=" + sig, body, now.Add(5*time.Minute + time.Second), payments.ErrStaleSignature},
		{"from the future", "t=1772447400,v1=" + sig, body, now.Add(-6 * time.Minute), payments.ErrStaleSignature},
		{"body changed", "t=1772447400,v1=" + sig, []byte(`{"id":"evt_2","type":"status_update"}`), now, payments.ErrInvalidSignature},
		{"timestamp changed", "t=1772447401,v1=" + sig, body, now, payments.ErrInvalidSignature},
		{"another secret", "t=1772447400,v1=" + other, body, now, payments.ErrInvalidSignature},
		{"no timestamp", "v1=" + sig, body, now, payments.ErrInvalidSignature},
		{"two timestamps", "t=1772447400,t=1772447400,v1=" + sig, body, now, payments.ErrInvalidSignature},
		{"no signature", "t=1772447400", body, now, payments.ErrInvalidSignature},
		{"empty", "", body, now, payments.ErrInvalidSignature},
		{"garbage", "sha256=" + sig, body, now, payments.ErrInvalidSignature},
		{"short signature", "t=1772447400,v1=" + sig[:10], body, now, payments.ErrInvalidSignature},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := payments.VerifyWebhook(secret, tt.header, tt.body, tt.now, 0) // 0: DefaultWebhookTolerance
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Fatalf("VerifyWebhook = %v, want %v", err, tt.want)
			}
		})
	}
	if err := payments.VerifyWebhook(secret, "t=1772447400,v1="+sig, body, now.Add(time.Hour), 2*time.Hour); err != nil {
		t.Fatalf("wider tolerance: %v", err)
	}
	if err := payments.VerifyWebhook("", "t=1772447400,v1="+sig, body, now, 0); err == nil {
		t.Fatal("an empty secret verified")
	}
}
