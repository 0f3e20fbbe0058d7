package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/mail"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
)

// Login types of the contract.
const (
	typeEmail apigen.LoginType = "EMAIL"
	typePhone apigen.LoginType = "PHONE"
)

// Messages of a malformed address. They name the field, never echo its value.
const (
	msgBadEmail = "Enter a valid e-mail address, like name@example.com."
	msgBadPhone = "Enter a UK mobile number, like 07700 900123."
)

// address is a normalised e-mail address or UK mobile number and what it is.
type address struct {
	kind  apigen.LoginType
	value string // lower-case e-mail, or E.164 (+447…)
}

// purpose names what a code is for in its key and HMAC.
func (a address) purpose() string { return strings.ToLower(string(a.kind)) }

// parseAddress checks and normalises param as kind. A malformed value is 100400 naming the field.
func parseAddress(kind apigen.LoginType, param string) (address, error) {
	switch kind {
	case typeEmail:
		e, ok := normaliseEmail(param)
		if !ok {
			return address{}, web.FailWith(web.CodeBadRequest, msgBadEmail, errors.New("auth: malformed e-mail address"))
		}
		return address{kind: kind, value: e}, nil
	case typePhone:
		p, ok := normalisePhone(param)
		if !ok {
			return address{}, web.FailWith(web.CodeBadRequest, msgBadPhone, errors.New("auth: malformed phone number"))
		}
		return address{kind: kind, value: p}, nil
	default:
		return address{}, web.FailWith(web.CodeBadRequest, "The sign-in type must be EMAIL or PHONE.", errors.New("auth: unknown login type"))
	}
}

// normaliseEmail accepts a bare address (no display name, no angle brackets) with a dotted domain and
// answers it in lower case, as the lending core compares addresses without regard to case.
func normaliseEmail(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return "", false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return "", false
	}
	at := strings.LastIndexByte(s, '@')
	if at < 1 || !strings.Contains(s[at+1:], ".") || strings.HasSuffix(s, ".") {
		return "", false
	}
	return strings.ToLower(s), true
}

// normalisePhone accepts a UK mobile number written 07xxx xxxxxx or +44 7xxx xxxxxx (spaces allowed)
// and answers it in E.164.
func normalisePhone(s string) (string, bool) {
	digits := strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	var national string
	switch {
	case strings.HasPrefix(digits, "+447"):
		national = digits[3:]
	case strings.HasPrefix(digits, "07"):
		national = digits[1:]
	default:
		return "", false
	}
	if len(national) != 10 {
		return "", false
	}
	for i := 0; i < len(national); i++ {
		if national[i] < '0' || national[i] > '9' {
			return "", false
		}
	}
	return "+44" + national, true
}

// hashAddress is how a Redis key names an address: an HMAC under a key derived from the server
// secret, so the key set of a Redis dump cannot be matched against a list of addresses.
func (h *Handlers) hashAddress(purpose, value string) string {
	m := hmac.New(sha256.New, h.addrKey)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(value))
	var sum [sha256.Size]byte
	return hex.EncodeToString(m.Sum(sum[:0]))
}
