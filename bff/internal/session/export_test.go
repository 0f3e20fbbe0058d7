package session

import "time"

// MintForTest signs a token for any sid, audience, actor and times, as only the BFF itself could. Tests
// use it to present tokens Start would never issue (e.g. one that outlives its session).
func (m *Manager) MintForTest(sid string, aud Audience, actor string, iat, exp time.Time) string {
	s, err := m.mint(sid, aud, actor, iat, exp)
	if err != nil {
		panic(err)
	}
	return s
}

// TokenKeyForTest is the derived HS256 key, for forging tokens with other algorithms or claims.
func (m *Manager) TokenKeyForTest() []byte { return m.tokenKey }

// KeyForTest is the Redis key of session sid.
func (m *Manager) KeyForTest(sid string) string { return m.key(sid) }
