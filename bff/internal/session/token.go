package session

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// maxTokenLen bounds what is handed to the JWT parser; our tokens are about 300 bytes.
const maxTokenLen = 2048

// maxClockSkew is how far in the future a token's iat may lie: BFF replicas' clocks may differ by a
// little, never by more. A token issued later than that was not minted by a BFF with a sane clock.
const maxClockSkew = time.Minute

// Reasons a request is not authenticated. They travel as the cause of a web.CodeUnauthenticated error
// (never shown to the browser) and can be matched with errors.Is.
var (
	ErrNoToken        = errors.New("session: no access token")
	ErrBadToken       = errors.New("session: access token rejected")
	ErrNoCookie       = errors.New("session: no session cookie")
	ErrCookieMismatch = errors.New("session: session cookie does not match")
	ErrNoSession      = errors.New("session: no such session (unknown, revoked or expired)")
	errAlgorithm      = errors.New("signing method is not HS256")
)

// claims is everything a token carries: sid plus the registered sub, aud, iat and exp. sub is the
// pseudonymous actor id, never the subject itself.
type claims struct {
	SID string `json:"sid"`
	jwt.RegisteredClaims
}

// mint signs a token for session sid. exp must not be past the session's absolute expiry.
func (m *Manager) mint(sid string, aud Audience, actor string, iat, exp time.Time) (string, error) {
	cl := claims{
		SID: sid,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   actor,
			Audience:  jwt.ClaimStrings{string(aud)},
			IssuedAt:  jwt.NewNumericDate(iat),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, cl).SignedString(m.tokenKey)
	if err != nil {
		return "", fmt.Errorf("session: sign token: %w", err)
	}
	return s, nil
}

// verify checks the signature, algorithm, expiry and audience of raw and the shape of its claims. It
// says nothing about whether the session still exists.
func (m *Manager) verify(p *jwt.Parser, raw string) (*claims, error) {
	if len(raw) > maxTokenLen {
		return nil, fmt.Errorf("%w: too long", ErrBadToken)
	}
	cl := new(claims)
	if _, err := p.ParseWithClaims(raw, cl, m.keyfunc); err != nil {
		// jwt's messages name the failed check, never the token's content.
		return nil, fmt.Errorf("%w: %w", ErrBadToken, err)
	}
	switch {
	case len(cl.Audience) != 1:
		return nil, fmt.Errorf("%w: more than one audience", ErrBadToken)
	case !validSID(cl.SID):
		return nil, fmt.Errorf("%w: malformed sid", ErrBadToken)
	case cl.Subject == "":
		return nil, fmt.Errorf("%w: no sub", ErrBadToken)
	case cl.IssuedAt == nil:
		return nil, fmt.Errorf("%w: no iat", ErrBadToken)
	case cl.IssuedAt.After(m.now().Add(maxClockSkew)):
		return nil, fmt.Errorf("%w: issued in the future", ErrBadToken)
	}
	return cl, nil
}

// actorID is the pseudonymous id of subject within audience a: HMAC-SHA256 under a key derived from
// the server secret, truncated to 128 bits. It is what the token's sub and the access log carry.
func (m *Manager) actorID(a Audience, subject string) string {
	h := hmac.New(sha256.New, m.actorKey)
	h.Write([]byte(a))
	h.Write([]byte{0})
	h.Write([]byte(subject))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:16])
}
