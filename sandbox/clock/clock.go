// Package clock is the sandbox's one clock. Every provider reads the time from it, never from time.Now,
// so the control API can move time for all of them at once (DESIGN §5): instalments fall due, offers
// expire, links age.
package clock

import (
	"errors"
	"sync/atomic"
	"time"
)

// Clock is real time shifted by an offset the control API moves. It is safe for concurrent use.
type Clock struct {
	real   func() time.Time
	offset atomic.Int64 // nanoseconds added to real time
}

// New builds a clock over real, or over time.Now when real is nil.
func New(real func() time.Time) *Clock {
	if real == nil {
		real = time.Now
	}
	return &Clock{real: real}
}

// Now is the sandbox time, in UTC.
func (c *Clock) Now() time.Time {
	return c.real().Add(time.Duration(c.offset.Load())).UTC()
}

// ErrBackwards is returned by Advance for a negative duration: time moves back only by Set.
var ErrBackwards = errors.New("clock: cannot advance by a negative duration")

// Advance moves the sandbox time forward by d and returns the new time.
func (c *Clock) Advance(d time.Duration) (time.Time, error) {
	if d < 0 {
		return time.Time{}, ErrBackwards
	}
	c.offset.Add(int64(d))
	return c.Now(), nil
}

// Set makes the sandbox time t from now on (it keeps flowing from there) and returns it.
func (c *Clock) Set(t time.Time) time.Time {
	c.offset.Store(int64(t.Sub(c.real())))
	return c.Now()
}

// Reset puts the sandbox time back to real time.
func (c *Clock) Reset() {
	c.offset.Store(0)
}
