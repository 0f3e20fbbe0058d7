package transport

import (
	"sync"
	"time"
)

// BreakerState is the state of a client's circuit breaker. The numeric values are stable (0 closed,
// 1 half-open, 2 open) so they can be exported as a gauge.
type BreakerState int

const (
	BreakerClosed   BreakerState = 0 // calls flow; consecutive failures are counted
	BreakerHalfOpen BreakerState = 1 // the upstream may be back; one probe call is in flight or allowed
	BreakerOpen     BreakerState = 2 // calls are refused until a health check succeeds or the cooldown passes
)

func (s BreakerState) String() string {
	switch s {
	case BreakerClosed:
		return "closed"
	case BreakerHalfOpen:
		return "half-open"
	case BreakerOpen:
		return "open"
	default:
		return "unknown"
	}
}

// verdict is what a finished call tells the breaker.
type verdict int

const (
	verdictSuccess verdict = iota // the upstream answered (2xx or 4xx)
	verdictFailure                // the upstream failed (unreachable, 5xx, timeout, undecodable)
	verdictIgnore                 // says nothing about the upstream (the caller canceled)
)

// ticket is handed out by allow and given back to record. gen is the breaker generation the call was
// admitted in: a result from an older generation (a slow call admitted before the breaker opened) does
// not count.
type ticket struct {
	gen   uint64
	probe bool
}

// outage is one opening of the breaker, as record reports it to whoever watches the upstream's health
// while the breaker is open.
type outage struct {
	// gen is the generation the breaker opened in; a health report for another one is stale.
	gen uint64
	// failedProbes is how many probes have failed since the breaker last closed (0 when it opened
	// from closed): each one doubles the wait before the first health check of this opening.
	failedProbes int
	// over is closed when the breaker leaves this opening, however it does.
	over <-chan struct{}
}

// breaker is a consecutive-failures circuit breaker. It is safe for concurrent use.
type breaker struct {
	threshold int
	cooldown  time.Duration
	now       func() time.Time
	onChange  func(BreakerState)

	mu           sync.Mutex
	state        BreakerState
	gen          uint64
	failures     int
	openedAt     time.Time
	probing      bool
	failedProbes int
	over         chan struct{} // of the current opening; nil unless open
}

func newBreaker(threshold int, cooldown time.Duration, now func() time.Time, onChange func(BreakerState)) *breaker {
	if threshold < 1 {
		threshold = 1
	}
	if now == nil {
		now = time.Now
	}
	if onChange == nil {
		onChange = func(BreakerState) {}
	}
	b := &breaker{threshold: threshold, cooldown: cooldown, now: now, onChange: onChange}
	onChange(BreakerClosed)
	return b
}

// allow says whether a call may go to the upstream now.
func (b *breaker) allow() (ticket, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch b.state {
	case BreakerClosed:
		return ticket{gen: b.gen}, true
	case BreakerOpen:
		if b.now().Sub(b.openedAt) < b.cooldown {
			return ticket{}, false
		}
		b.setLocked(BreakerHalfOpen)
		b.probing = true
		return ticket{gen: b.gen, probe: true}, true
	default: // half-open
		if b.probing {
			return ticket{}, false
		}
		b.probing = true
		return ticket{gen: b.gen, probe: true}, true
	}
}

// record tells the breaker how a call admitted with t ended. When that opened the breaker it answers
// the outage, so that the caller can watch the upstream's health until the outage is over.
func (b *breaker) record(t ticket, v verdict) (outage, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.gen != b.gen {
		return outage{}, false
	}
	switch b.state {
	case BreakerClosed:
		switch v {
		case verdictSuccess:
			b.failures = 0
		case verdictFailure:
			b.failures++
			if b.failures >= b.threshold {
				return b.openLocked(), true
			}
		}
	case BreakerHalfOpen:
		if !t.probe {
			return outage{}, false
		}
		switch v {
		case verdictSuccess:
			b.setLocked(BreakerClosed)
		case verdictFailure:
			b.failedProbes++
			return b.openLocked(), true
		default:
			b.probing = false // let the next call probe instead
		}
	}
	return outage{}, false
}

// recovered half-opens the breaker because the upstream's health check succeeded during the opening
// gen, so that the next call is the probe without waiting for the cooldown. A report about an opening
// the breaker has left since changes nothing.
func (b *breaker) recovered(gen uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state == BreakerOpen && b.gen == gen {
		b.setLocked(BreakerHalfOpen)
	}
}

// awaitingRecovery says whether a health check still has something to do for the opening gen: the
// breaker is still in it and its cooldown has not passed (after the cooldown the next call probes
// anyway).
func (b *breaker) awaitingRecovery(gen uint64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state == BreakerOpen && b.gen == gen && b.now().Sub(b.openedAt) < b.cooldown
}

// current is the breaker's state as last changed. An open breaker whose cooldown has passed still
// reports open until the next call probes it.
func (b *breaker) current() BreakerState {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state
}

func (b *breaker) openLocked() outage {
	b.openedAt = b.now()
	b.setLocked(BreakerOpen)
	b.over = make(chan struct{})
	return outage{gen: b.gen, failedProbes: b.failedProbes, over: b.over}
}

func (b *breaker) setLocked(s BreakerState) {
	if b.over != nil {
		close(b.over)
		b.over = nil
	}
	if s == BreakerClosed {
		b.failedProbes = 0
	}
	b.state = s
	b.gen++
	b.failures = 0
	b.probing = false
	b.onChange(s)
}

// healthCheckDelay is the wait before a health check: first doubled once for every earlier failed
// check or probe of the outage, never more than last.
func healthCheckDelay(first, last time.Duration, doublings int) time.Duration {
	d := first
	for range doublings {
		if d >= last {
			break
		}
		d *= 2
	}
	return min(d, last)
}
