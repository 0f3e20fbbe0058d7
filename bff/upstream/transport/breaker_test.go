package transport

import (
	"slices"
	"sync"
	"testing"
	"time"
)

type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// step is one thing that happens to a breaker in a table case.
type step struct {
	do         string // "call" (allow then record v), "allow" (allow only; held ticket), "record" (record the held ticket), "wait" (advance the clock)
	v          verdict
	wait       time.Duration
	wantAllow  bool
	wantState  BreakerState
	holdTicket bool
}

func TestBreaker(t *testing.T) {
	const cooldown = 10 * time.Second
	call := func(v verdict, allowed bool, state BreakerState) step {
		return step{do: "call", v: v, wantAllow: allowed, wantState: state}
	}
	tests := []struct {
		name        string
		threshold   int
		steps       []step
		transitions []BreakerState
	}{
		{
			name: "successes keep it closed", threshold: 3,
			steps:       []step{call(verdictSuccess, true, BreakerClosed), call(verdictSuccess, true, BreakerClosed)},
			transitions: []BreakerState{BreakerClosed},
		},
		{
			name: "opens after N consecutive failures", threshold: 3,
			steps: []step{
				call(verdictFailure, true, BreakerClosed), call(verdictFailure, true, BreakerClosed),
				call(verdictFailure, true, BreakerOpen), call(verdictSuccess, false, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen},
		},
		{
			name: "a success resets the count", threshold: 2,
			steps: []step{
				call(verdictFailure, true, BreakerClosed), call(verdictSuccess, true, BreakerClosed),
				call(verdictFailure, true, BreakerClosed), call(verdictFailure, true, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen},
		},
		{
			name: "ignored results neither count nor reset", threshold: 2,
			steps: []step{
				call(verdictFailure, true, BreakerClosed), call(verdictIgnore, true, BreakerClosed),
				call(verdictFailure, true, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen},
		},
		{
			name: "stays open during the cooldown", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown - time.Nanosecond, wantState: BreakerOpen},
				call(verdictSuccess, false, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen},
		},
		{
			name: "half-open probe success closes", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown, wantState: BreakerOpen},
				call(verdictSuccess, true, BreakerClosed),
				call(verdictSuccess, true, BreakerClosed),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerClosed},
		},
		{
			name: "half-open probe failure reopens for another cooldown", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown, wantState: BreakerOpen},
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown / 2, wantState: BreakerOpen},
				call(verdictSuccess, false, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerOpen},
		},
		{
			name: "only one probe at a time", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown, wantState: BreakerOpen},
				{do: "allow", wantAllow: true, wantState: BreakerHalfOpen, holdTicket: true},
				call(verdictSuccess, false, BreakerHalfOpen),
				{do: "record", v: verdictSuccess, wantState: BreakerClosed},
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerClosed},
		},
		{
			name: "a canceled probe lets the next call probe", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown, wantState: BreakerOpen},
				call(verdictIgnore, true, BreakerHalfOpen),
				call(verdictSuccess, true, BreakerClosed),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerClosed},
		},
		{
			name: "a stale success from before opening does not close", threshold: 1,
			steps: []step{
				{do: "allow", wantAllow: true, wantState: BreakerClosed, holdTicket: true},
				call(verdictFailure, true, BreakerOpen),
				{do: "record", v: verdictSuccess, wantState: BreakerOpen},
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
			var seen []BreakerState
			b := newBreaker(tt.threshold, cooldown, clk.Now, func(s BreakerState) { seen = append(seen, s) })
			var held ticket
			for i, s := range tt.steps {
				switch s.do {
				case "call":
					tk, ok := b.allow()
					if ok != s.wantAllow {
						t.Fatalf("step %d: allow = %v, want %v", i, ok, s.wantAllow)
					}
					if ok {
						b.record(tk, s.v)
					}
				case "allow":
					tk, ok := b.allow()
					if ok != s.wantAllow {
						t.Fatalf("step %d: allow = %v, want %v", i, ok, s.wantAllow)
					}
					held = tk
				case "record":
					b.record(held, s.v)
				case "wait":
					clk.Advance(s.wait)
				}
				if got := b.current(); got != s.wantState {
					t.Fatalf("step %d (%s): state = %v, want %v", i, s.do, got, s.wantState)
				}
			}
			if !slices.Equal(seen, tt.transitions) {
				t.Fatalf("transitions = %v, want %v", seen, tt.transitions)
			}
		})
	}
}

func TestBreakerStateString(t *testing.T) {
	tests := []struct {
		s    BreakerState
		want string
	}{{BreakerClosed, "closed"}, {BreakerHalfOpen, "half-open"}, {BreakerOpen, "open"}, {BreakerState(9), "unknown"}}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%d.String() = %q, want %q", int(tt.s), got, tt.want)
		}
	}
}

func TestBreakerConcurrentUse(t *testing.T) {
	b := newBreaker(3, time.Millisecond, nil, nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 200 {
				if tk, ok := b.allow(); ok {
					b.record(tk, verdict((i+j)%3))
				}
				_ = b.current()
			}
		})
	}
	wg.Wait()
}
