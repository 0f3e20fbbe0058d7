package ratelimit_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/ratelimit"
)

// clock is a settable clock for lockouts.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// TestALockoutCountsDownLocksAndStartsAgainWhenItLifts: failures in a row count down, the last one
// locks until its own time plus the lock, tries while locked count nothing and answer the same end,
// and once it lifts the count starts again from the top.
func TestALockoutCountsDownLocksAndStartsAgainWhenItLifts(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	clk := &clock{now: time.Date(2026, 11, 26, 14, 0, 0, 0, time.UTC)}
	// Behaviour, not Redis latency: a 5 s bound, as newLimiter's.
	l, err := ratelimit.New(rdb, ratelimit.Config{Secret: []byte(strings.Repeat("s", 32)), KeyPrefix: prefix, Now: clk.Now,
		Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	lo := ratelimit.Lockout{Attempts: 5, Lock: 30 * time.Minute, Idle: time.Hour}
	fail := func() (int, time.Time) {
		t.Helper()
		left, until, err := l.Fail(context.Background(), lo, "addr:pin", "nobody@example.com")
		if err != nil {
			t.Fatal(err)
		}
		return left, until
	}

	for want := 4; want >= 1; want-- {
		if left, until := fail(); left != want || !until.IsZero() {
			t.Fatalf("a failure answered %d left, locked until %v; want %d left", left, until, want)
		}
		clk.advance(time.Minute) // the lock runs from the failure that makes it, not the first
	}
	lockedAt := clk.Now()
	if left, until := fail(); left != 0 || !until.Equal(lockedAt.Add(30*time.Minute)) {
		t.Fatalf("the fifth failure answered %d left, locked until %v; want locked until %v", left, until, lockedAt.Add(30*time.Minute))
	}
	clk.advance(30*time.Minute - time.Millisecond)
	if left, until := fail(); left != 0 || !until.Equal(lockedAt.Add(30*time.Minute)) {
		t.Fatalf("a try while locked answered %d left, until %v", left, until)
	}
	// Another subject has a count of its own.
	if left, _, err := l.Fail(context.Background(), lo, "addr:pin", "other@example.com"); err != nil || left != 4 {
		t.Fatalf("another subject: %d left, %v", left, err)
	}

	clk.advance(time.Millisecond)
	if left, until := fail(); left != 4 || !until.IsZero() {
		t.Fatalf("after the lock lifted a failure answered %d left, until %v; want 4 again", left, until)
	}
	for _, k := range rdb.Keys(context.Background(), prefix+"*").Val() {
		if strings.Contains(k, "example.com") {
			t.Fatalf("key %q names the subject", k)
		}
	}
}
