package clock_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"lender/sandbox/clock"
)

func TestClock(t *testing.T) {
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		do   func(c *clock.Clock) error
		want time.Time
	}{
		{"starts at real time", func(*clock.Clock) error { return nil }, base},
		{"advance", func(c *clock.Clock) error { _, err := c.Advance(72 * time.Hour); return err }, base.Add(72 * time.Hour)},
		{"advance twice adds up", func(c *clock.Clock) error {
			if _, err := c.Advance(time.Hour); err != nil {
				return err
			}
			_, err := c.Advance(30 * time.Minute)
			return err
		}, base.Add(90 * time.Minute)},
		{"set forward", func(c *clock.Clock) error { c.Set(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)); return nil }, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)},
		{"set backward", func(c *clock.Clock) error { c.Set(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); return nil }, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"set in another zone answers UTC", func(c *clock.Clock) error {
			c.Set(time.Date(2026, 6, 1, 10, 0, 0, 0, time.FixedZone("BST", 3600)))
			return nil
		}, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)},
		{"reset", func(c *clock.Clock) error {
			if _, err := c.Advance(24 * time.Hour); err != nil {
				return err
			}
			c.Reset()
			return nil
		}, base},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := clock.New(func() time.Time { return base })
			if err := tt.do(c); err != nil {
				t.Fatal(err)
			}
			if got := c.Now(); !got.Equal(tt.want) || got.Location() != time.UTC {
				t.Fatalf("Now() = %v, want %v in UTC", got, tt.want)
			}
		})
	}
}

func TestClockKeepsFlowingAfterSet(t *testing.T) {
	real := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	c := clock.New(func() time.Time { return real })
	c.Set(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	real = real.Add(5 * time.Second)
	if got, want := c.Now(), time.Date(2030, 1, 1, 0, 0, 5, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("Now() = %v, want %v", got, want)
	}
}

func TestAdvanceRefusesNegative(t *testing.T) {
	c := clock.New(nil)
	if _, err := c.Advance(-time.Hour); !errors.Is(err, clock.ErrBackwards) {
		t.Fatalf("Advance(-1h) error = %v, want ErrBackwards", err)
	}
}

func TestClockConcurrentUse(t *testing.T) {
	c := clock.New(nil)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				_, _ = c.Advance(time.Second)
				_ = c.Now()
			}
		})
	}
	wg.Wait()
	if got := time.Until(c.Now()); got < 799*time.Second {
		t.Fatalf("offset after 800 one-second advances = %v", got)
	}
}
