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
	BreakerHalfOpen BreakerState = 1 // the cooldown has passed; one probe call is in flight or allowed
	BreakerOpen     BreakerState = 2 // calls are refused until the cooldown has passed
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

// breaker is a consecutive-failures circuit breaker. It is safe for concurrent use.
type breaker struct {
	threshold int
	cooldown  time.Duration
	now       func() time.Time
	onChange  func(BreakerState)

	mu       sync.Mutex
	state    BreakerState
	gen      uint64
	failures int
	openedAt time.Time
	probing  bool
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

// record tells the breaker how a call admitted with t ended.
func (b *breaker) record(t ticket, v verdict) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.gen != b.gen {
		return
	}
	switch b.state {
	case BreakerClosed:
		switch v {
		case verdictSuccess:
			b.failures = 0
		case verdictFailure:
			b.failures++
			if b.failures >= b.threshold {
				b.openLocked()
			}
		}
	case BreakerHalfOpen:
		if !t.probe {
			return
		}
		switch v {
		case verdictSuccess:
			b.setLocked(BreakerClosed)
		case verdictFailure:
			b.openLocked()
		default:
			b.probing = false // let the next call probe instead
		}
	}
}

// current is the breaker's state as last changed. An open breaker whose cooldown has passed still
// reports open until the next call probes it.
func (b *breaker) current() BreakerState {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state
}

func (b *breaker) openLocked() {
	b.openedAt = b.now()
	b.setLocked(BreakerOpen)
}

func (b *breaker) setLocked(s BreakerState) {
	b.state = s
	b.gen++
	b.failures = 0
	b.probing = false
	b.onChange(s)
}
