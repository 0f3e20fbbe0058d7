package lending

import (
	"time"

	"lender/bff/upstream/lending"
)

// The PIN lock's lifetime. A lock made by MaxPINAttempts wrong PINs lasts lending.PINLockPeriod on the
// sandbox clock, so tests and demos move past it with POST /_sandbox/clock rather than waiting.

// lock locks the PIN from now for the lock period.
func (ps *pinState) lock(now time.Time) {
	ps.locked, ps.lockedAt, ps.lockedUntil = true, now, now.Add(lending.PINLockPeriod)
}

// unlock lifts a lock and forgets the failed attempts, keeping the PIN.
func (ps *pinState) unlock() {
	ps.failed, ps.locked, ps.lockedAt, ps.lockedUntil = 0, false, time.Time{}, time.Time{}
}

// lapse lifts a lock whose time has come: at lockedUntil the PIN takes attempts again, from 0.
func (ps *pinState) lapse(now time.Time) {
	if ps.locked && !now.Before(ps.lockedUntil) {
		ps.unlock()
	}
}
