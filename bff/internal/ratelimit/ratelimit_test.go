package ratelimit_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/ratelimit"
)

func newLimiter(t *testing.T, rdb redis.UniversalClient, prefix string) *ratelimit.Limiter {
	t.Helper()
	// The tests check behaviour, not Redis latency: fifty concurrent calls on the shared 2-core machine can
	// outlast the product's 250 ms per call (as for the full-stack tests, a 5 s bound).
	l, err := ratelimit.New(rdb, ratelimit.Config{Secret: []byte(strings.Repeat("s", 32)), KeyPrefix: prefix, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestConcurrentAttemptsNeverExceedTheLimit(t *testing.T) {
	rdb, prefix := redistest.Client(t)
	l := newLimiter(t, rdb, prefix)
	rule := ratelimit.Rule{Limit: 7, Window: time.Minute}
	var allowed, refused atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wait, err := l.Allow(context.Background(), rule, "addr:verify:email", "jo@example.com")
			var e *web.Error
			switch {
			case err == nil:
				allowed.Add(1)
			case errors.As(err, &e) && e.Code == web.CodeRateLimited && wait > 0 && wait <= time.Minute:
				refused.Add(1)
			default:
				t.Errorf("unexpected %v (wait %v)", err, wait)
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != 7 || refused.Load() != 43 {
		t.Fatalf("allowed %d refused %d, want 7 and 43", allowed.Load(), refused.Load())
	}
	// Another subject and another scope count separately.
	if _, err := l.Allow(context.Background(), rule, "addr:verify:email", "sam@example.com"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Allow(context.Background(), rule, "addr:send:email", "jo@example.com"); err != nil {
		t.Fatal(err)
	}
	// The counters name nobody: no key holds the address, and every key expires.
	keys := rdb.Keys(context.Background(), prefix+"*").Val()
	if len(keys) != 3 {
		t.Fatalf("%d counters, want 3", len(keys))
	}
	for _, k := range keys {
		if strings.Contains(k, "example.com") || strings.Contains(k, "jo@") {
			t.Fatalf("key %q names the address", k)
		}
		if ttl := rdb.PTTL(context.Background(), k).Val(); ttl <= 0 || ttl > time.Minute {
			t.Fatalf("key TTL %v", ttl)
		}
	}
}

func TestTheRefusalSaysTheRealWait(t *testing.T) {
	cases := map[time.Duration]string{
		15 * time.Minute:                "15 minutes",
		14*time.Minute + 10*time.Second: "15 minutes",
		61 * time.Second:                "2 minutes",
		time.Minute:                     "1 minute",
		30 * time.Second:                "30 seconds",
		300 * time.Millisecond:          "1 second",
	}
	for d, want := range cases {
		e := ratelimit.Refusal(d)
		if e.Code != web.CodeRateLimited || e.HTTPStatus() != 429 || e.Message != "Too many attempts. Please wait "+want+" and try again." {
			t.Errorf("%v: %d %q", d, e.Code, e.Message)
		}
	}
}

func TestRedisDownFailsClosed(t *testing.T) {
	srv := redistest.Start(t)
	opts, _ := redis.ParseURL(srv.URL())
	opts.ContextTimeoutEnabled = true
	opts.MaxRetries = -1
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { _ = rdb.Close() })
	l := newLimiter(t, rdb, "t:")
	srv.Stop()
	_, err := l.Allow(context.Background(), ratelimit.Rule{Limit: 5, Window: time.Minute}, "ip:send", "127.0.0.1")
	var e *web.Error
	if !errors.As(err, &e) || e.Code != web.CodeDependencyDown || e.HTTPStatus() != 503 {
		t.Fatalf("with Redis down: %v, want 503", err)
	}
}
