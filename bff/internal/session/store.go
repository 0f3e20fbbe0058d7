package session

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

const (
	sidBytes    = 24 // 192 bits; 32 characters of base64url
	secretBytes = 32 // 256 bits of cookie secret
	sidLen      = 32
	// maxCookies is how many cookies of the session's name are tried. More than one arrives when
	// someone plants a same-named cookie on a narrower path or a parent domain to shadow ours.
	maxCookies = 4
)

// The record is a Redis hash: abs (absolute expiry, unix ms) and ck (SHA-256 of the cookie secret)
// are read by the scripts; d is the JSON of record.
//
// loadScript is the one round trip of an authenticated request. It returns nil when the session does
// not exist or is past its absolute expiry (deleting it), 0 when none of the presented cookie hashes
// matches (and leaves the idle TTL alone, so a stolen token cannot keep a session alive), and
// otherwise {d, ck} after pushing the key's TTL to min(idle TTL, time left to the absolute expiry).
//
// KEYS[1] session key; ARGV[1] now (unix ms); ARGV[2] idle TTL (ms); ARGV[3..] presented cookie hashes.
var loadScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'abs', 'ck', 'd')
if not r[1] or not r[2] or not r[3] then
  return false
end
local left = tonumber(r[1]) - tonumber(ARGV[1])
if left <= 0 then
  redis.call('DEL', KEYS[1])
  return false
end
local bound = false
for i = 3, #ARGV do
  if ARGV[i] == r[2] then
    bound = true
    break
  end
end
if not bound then
  return 0
end
local idle = tonumber(ARGV[2])
if left > idle then
  left = idle
end
redis.call('PEXPIRE', KEYS[1], left)
return {r[3], r[2]}
`)

// createScript writes a new record with its TTL, refusing to overwrite an existing one.
//
// KEYS[1] session key; ARGV[1] abs; ARGV[2] ck; ARGV[3] d; ARGV[4] TTL (ms).
var createScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'abs', ARGV[1], 'ck', ARGV[2], 'd', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`)

// record is the JSON kept in the d field.
type record struct {
	Subject  string            `json:"sub"`
	Audience Audience          `json:"aud"`
	Role     string            `json:"role,omitempty"`
	Upstream map[string]string `json:"up,omitempty"`
	Actor    string            `json:"act"`
	Created  int64             `json:"created"` // unix ms
	Expires  int64             `json:"abs"`     // unix ms
	// Proof is how the person proved who they are (never empty in a record written since proofs were
	// kept; an older record is treated as ended, see authenticate).
	Proof Proof `json:"proof"`
	// OpenedBy is the session that opened this one (a member of staff's), "" for none.
	OpenedBy string `json:"openedBy,omitempty"`
}

var (
	errNotFound   = errors.New("not found")
	errMismatch   = errors.New("cookie mismatch")
	errCollision  = errors.New("session id already in use")
	errBadRecord  = errors.New("session record is malformed")
	errBadReplies = errors.New("unexpected reply from the session script")
)

func (m *Manager) key(sid string) string { return m.cfg.KeyPrefix + "session:" + sid }

// redisCtx bounds one Redis call. There are no retries in this package: a failure is reported at once.
func (m *Manager) redisCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, m.cfg.RedisTimeout)
}

// create stores a new session record.
func (m *Manager) create(ctx context.Context, sid string, rec *record, cookieHash []byte, ttl time.Duration) error {
	d, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("session: encode record: %w", err)
	}
	ctx, cancel := m.redisCtx(ctx)
	defer cancel()
	n, err := createScript.Run(ctx, m.rdb, []string{m.key(sid)},
		rec.Expires, string(cookieHash), d, ttl.Milliseconds()).Int64()
	if err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	if n != 1 {
		return errCollision
	}
	return nil
}

// load fetches the record of sid and refreshes its idle TTL in one round trip. Errors: errNotFound,
// errMismatch, errBadRecord, or a Redis failure.
func (m *Manager) load(ctx context.Context, sid string, now time.Time, hashes [][sha256.Size]byte) (*record, string, error) {
	args := make([]any, 2, 2+len(hashes))
	args[0], args[1] = now.UnixMilli(), m.cfg.IdleTTL.Milliseconds()
	for i := range hashes {
		args = append(args, hashes[i][:])
	}
	ctx, cancel := m.redisCtx(ctx)
	defer cancel()
	res, err := loadScript.Run(ctx, m.rdb, []string{m.key(sid)}, args...).Result()
	if errors.Is(err, redis.Nil) {
		return nil, "", errNotFound
	}
	if err != nil {
		return nil, "", fmt.Errorf("session: redis: %w", err)
	}
	switch v := res.(type) {
	case int64:
		return nil, "", errMismatch
	case []any:
		if len(v) != 2 {
			return nil, "", errBadReplies
		}
		d, ok1 := v[0].(string)
		ck, ok2 := v[1].(string)
		if !ok1 || !ok2 {
			return nil, "", errBadReplies
		}
		rec := new(record)
		if err := json.Unmarshal([]byte(d), rec); err != nil {
			return nil, "", errBadRecord
		}
		return rec, ck, nil
	default:
		return nil, "", errBadReplies
	}
}

// remove deletes the record of sid and then every session sid opened (a member of staff's borrower
// sessions), which opened none themselves. The record goes first: a session being opened meanwhile
// either is in the list read after it, or finds its opener gone and ends itself (see Start).
func (m *Manager) remove(ctx context.Context, sid string) error {
	ctx, cancel := m.redisCtx(ctx)
	defer cancel()
	if err := m.rdb.Del(ctx, m.key(sid)).Err(); err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	opened, err := m.rdb.SMembers(ctx, m.openedKey(sid)).Result()
	if err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	if len(opened) == 0 {
		return nil
	}
	if err := m.removeAll(ctx, opened); err != nil {
		return err
	}
	if err := m.rdb.Del(ctx, m.openedKey(sid)).Err(); err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	return nil
}

// removeAll deletes the records of sids (which may have ended already) in one round trip.
func (m *Manager) removeAll(ctx context.Context, sids []string) error {
	keys := make([]string, 0, len(sids))
	for _, sid := range sids {
		if validSID(sid) {
			keys = append(keys, m.key(sid))
		}
	}
	if len(keys) == 0 {
		return nil
	}
	// One DEL per key rather than one DEL of many: the keys may live on different nodes of a cluster.
	_, err := m.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, k := range keys {
			p.Del(ctx, k)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("session: redis: %w", err)
	}
	return nil
}

// randomToken is n random bytes as unpadded base64url.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails; it crashes the program instead
	return base64.RawURLEncoding.EncodeToString(b)
}

// validSID accepts only what newSID makes, so nothing else reaches a Redis key name.
func validSID(s string) bool {
	if len(s) != sidLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
