package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/web"
)

// Lockout is a count of failures in a row that locks a subject out: the Attempts-th failure locks it
// for Lock, during which every attempt is refused without being counted; when the lock lifts the count
// starts again from 0. A count with no failure for Idle is forgotten.
//
// It plays a lock kept elsewhere where there is nothing to lock: a PIN sign-in for an e-mail address
// with no customer counts down and locks as the lending core does a real customer's PIN, so the
// answers do not tell who is a customer.
type Lockout struct {
	Attempts int
	Lock     time.Duration
	Idle     time.Duration
}

// lockoutScript counts a failure. KEYS[1] record (hash: n failures, until ms since the epoch);
// ARGV[1] now (ms); ARGV[2] attempts; ARGV[3] lock (ms); ARGV[4] idle (ms).
// Answers {failures left, locked until (ms; 0 when not locked)}.
var lockoutScript = redis.NewScript(`
local now = tonumber(ARGV[1])
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if untilMs > now then
  return {0, untilMs}
end
if untilMs > 0 then
  redis.call('DEL', KEYS[1])
end
local max = tonumber(ARGV[2])
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
if n >= max then
  untilMs = now + tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'until', untilMs)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {0, untilMs}
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {max - n, 0}
`)

// Fail counts one failure by subject in scope against lo and answers how many more failures lock it
// (0 once locked) and, once locked, until when. Redis failing is CodeDependencyDown.
func (l *Limiter) Fail(ctx context.Context, lo Lockout, scope, subject string) (left int, lockedUntil time.Time, err error) {
	if lo.Attempts < 1 || lo.Lock <= 0 || lo.Idle <= 0 {
		return 0, time.Time{}, web.Fail(web.CodeInternal, errors.New("ratelimit: a lockout needs attempts, a lock and an idle time"))
	}
	ctx, cancel := context.WithTimeout(ctx, l.timeout)
	defer cancel()
	res, err := lockoutScript.Run(ctx, l.rdb, []string{l.counterKey(scope, subject)}, l.now().UnixMilli(),
		lo.Attempts, lo.Lock.Milliseconds(), lo.Idle.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, time.Time{}, web.Fail(web.CodeDependencyDown, fmt.Errorf("ratelimit: redis: %w", err))
	}
	if len(res) != 2 {
		return 0, time.Time{}, web.Fail(web.CodeInternal, errors.New("ratelimit: unexpected reply"))
	}
	if res[1] > 0 {
		lockedUntil = time.UnixMilli(res[1])
	}
	return int(res[0]), lockedUntil, nil
}
