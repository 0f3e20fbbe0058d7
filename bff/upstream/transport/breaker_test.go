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
	do         string // "call" (allow then record v), "allow" (allow only; held ticket), "record" (record the held ticket), "wait" (advance the clock), "healthy" (a health check of opening number `opening` succeeded)
	v          verdict
	wait       time.Duration
	opening    int // for "healthy": which opening so far (0 the first) the check was made in
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
			name: "a healthy check half-opens before the cooldown and the next call probes", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: time.Second, wantState: BreakerOpen},
				{do: "healthy", opening: 0, wantState: BreakerHalfOpen},
				call(verdictSuccess, true, BreakerClosed),
				call(verdictSuccess, true, BreakerClosed),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerClosed},
		},
		{
			name: "after a healthy check only one probe at a time", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "healthy", opening: 0, wantState: BreakerHalfOpen},
				{do: "allow", wantAllow: true, wantState: BreakerHalfOpen, holdTicket: true},
				call(verdictSuccess, false, BreakerHalfOpen),
				{do: "record", v: verdictSuccess, wantState: BreakerClosed},
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerClosed},
		},
		{
			name: "a probe that fails after a healthy check reopens for a whole cooldown", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "healthy", opening: 0, wantState: BreakerHalfOpen},
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown - time.Nanosecond, wantState: BreakerOpen},
				call(verdictSuccess, false, BreakerOpen),
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerOpen},
		},
		{
			name: "a health report from an earlier opening changes nothing", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "healthy", opening: 0, wantState: BreakerHalfOpen},
				call(verdictFailure, true, BreakerOpen),
				{do: "healthy", opening: 0, wantState: BreakerOpen},
				call(verdictSuccess, false, BreakerOpen),
				{do: "healthy", opening: 1, wantState: BreakerHalfOpen},
			},
			transitions: []BreakerState{BreakerClosed, BreakerOpen, BreakerHalfOpen, BreakerOpen, BreakerHalfOpen},
		},
		{
			name: "a health report after the breaker closed changes nothing", threshold: 1,
			steps: []step{
				call(verdictFailure, true, BreakerOpen),
				{do: "wait", wait: cooldown, wantState: BreakerOpen},
				call(verdictSuccess, true, BreakerClosed),
				{do: "healthy", opening: 0, wantState: BreakerClosed},
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
			var (
				held     ticket
				openings []outage
			)
			record := func(tk ticket, v verdict) {
				if o, opened := b.record(tk, v); opened {
					openings = append(openings, o)
				}
			}
			for i, s := range tt.steps {
				switch s.do {
				case "call":
					tk, ok := b.allow()
					if ok != s.wantAllow {
						t.Fatalf("step %d: allow = %v, want %v", i, ok, s.wantAllow)
					}
					if ok {
						record(tk, s.v)
					}
				case "allow":
					tk, ok := b.allow()
					if ok != s.wantAllow {
						t.Fatalf("step %d: allow = %v, want %v", i, ok, s.wantAllow)
					}
					held = tk
				case "record":
					record(held, s.v)
				case "wait":
					clk.Advance(s.wait)
				case "healthy":
					b.recovered(openings[s.opening].gen)
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

// TestBreakerOutages: what an opening tells the health watch — how far to back off, when the watch
// has nothing more to do, and when the opening is over.
func TestBreakerOutages(t *testing.T) {
	const cooldown = 10 * time.Second
	clk := &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	b := newBreaker(1, cooldown, clk.Now, nil)
	fail := func() (outage, bool) {
		t.Helper()
		tk, ok := b.allow()
		if !ok {
			t.Fatal("the call was refused")
		}
		return b.record(tk, verdictFailure)
	}
	isOver := func(o outage) bool {
		select {
		case <-o.over:
			return true
		default:
			return false
		}
	}

	first, opened := fail()
	if !opened || first.failedProbes != 0 || isOver(first) || !b.awaitingRecovery(first.gen) {
		t.Fatalf("opening from closed: opened=%v %+v over=%v", opened, first, isOver(first))
	}
	clk.Advance(cooldown - time.Nanosecond)
	if !b.awaitingRecovery(first.gen) {
		t.Fatal("the watch stopped before the cooldown passed")
	}
	clk.Advance(time.Nanosecond)
	if b.awaitingRecovery(first.gen) || isOver(first) {
		t.Fatal("after the cooldown the watch has nothing more to do, yet the opening lasts until a call probes")
	}

	// The probe fails: a new opening, which backs off once more; the first one is over.
	second, opened := fail()
	if !opened || second.failedProbes != 1 || second.gen == first.gen || !isOver(first) || isOver(second) {
		t.Fatalf("reopening: opened=%v %+v", opened, second)
	}
	if b.awaitingRecovery(first.gen) {
		t.Fatal("a watch of an earlier opening goes on")
	}
	b.recovered(second.gen)
	if !isOver(second) || b.awaitingRecovery(second.gen) {
		t.Fatal("a healthy check did not end the opening")
	}
	third, opened := fail()
	if !opened || third.failedProbes != 2 {
		t.Fatalf("second failed probe: opened=%v %+v", opened, third)
	}

	// A probe that succeeds closes the breaker and forgets the failed probes.
	b.recovered(third.gen)
	tk, _ := b.allow()
	if _, opened := b.record(tk, verdictSuccess); opened || b.current() != BreakerClosed || !isOver(third) {
		t.Fatalf("state %v after a good probe", b.current())
	}
	fourth, opened := fail()
	if !opened || fourth.failedProbes != 0 {
		t.Fatalf("opening after closing: opened=%v %+v", opened, fourth)
	}
}

func TestHealthCheckDelay(t *testing.T) {
	const first, last = 250 * time.Millisecond, 2 * time.Second
	tests := []struct {
		doublings int
		want      time.Duration
	}{
		{0, 250 * time.Millisecond},
		{1, 500 * time.Millisecond},
		{2, time.Second},
		{3, 2 * time.Second},
		{4, 2 * time.Second},
		{1000, 2 * time.Second}, // no overflow
	}
	for _, tt := range tests {
		if got := healthCheckDelay(first, last, tt.doublings); got != tt.want {
			t.Errorf("healthCheckDelay(%d) = %v, want %v", tt.doublings, got, tt.want)
		}
	}
	if got := healthCheckDelay(3*time.Second, 2*time.Second, 0); got != 2*time.Second {
		t.Errorf("a first wait above the cap = %v, want the cap", got)
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
					if o, opened := b.record(tk, verdict((i+j)%3)); opened && j%2 == 0 {
						b.recovered(o.gen)
					}
				}
				_ = b.current()
				_ = b.awaitingRecovery(uint64(j))
			}
		})
	}
	wg.Wait()
}
