//go:build unix

package session_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/redistest"
)

// A Redis that accepts connections but never answers (here: a redis-server this test started, frozen
// with SIGSTOP) must cost a request no more than RedisTimeout, then answer 503.
func TestRedisHangingFailsClosedWithinBound(t *testing.T) {
	e, bounded, b, resume := frozenRedis(t)

	rec, took := bounded.timed(bounded.meRequest(b))
	wantDependencyDown(t, rec)
	t.Logf("with Redis frozen a protected call answered 503 in %v", took)
	if took > hangCeiling {
		t.Fatalf("503 took %v, want within %v", took, hangCeiling)
	}

	resume()
	wantOK(t, e.me(b)) // same client, same session
}

// BenchmarkFailClosedRedisFrozen is the figure `make bench` compares with its 300 ms budget: how long a
// protected request takes to answer 503 when Redis accepts connections and never answers, at the
// product's bound (DefaultRedisTimeout). Run with -benchtime 10x: each request takes the whole bound.
func BenchmarkFailClosedRedisFrozen(b *testing.B) {
	_, bounded, br, _ := frozenRedis(b)
	req := bounded.meRequest(br)
	for b.Loop() {
		if rec := bounded.serve(req); rec.Code != http.StatusServiceUnavailable {
			b.Fatalf("with Redis frozen: HTTP %d", rec.Code)
		}
	}
}

// frozenRedis starts a redis-server of tb's own and a session on it, then freezes the server with
// SIGSTOP. It answers the env that set up (behaviourRedisTimeout), one at the product's bound on the same
// client, the browser holding the session, and resume, which thaws the server (also done at cleanup).
func frozenRedis(tb testing.TB) (e, bounded *env, b browser, resume func()) {
	tb.Helper()
	srv := redistest.Start(tb)
	rdb := redis.NewClient(clientOptions(srv.Addr()))
	tb.Cleanup(func() { _ = rdb.Close() })
	e = newEnv(tb, rdb, "", nil)
	bounded = e.atProductBound()
	b = e.start("borrower", "cust-1001")
	wantOK(tb, e.me(b))

	pid := serverPID(tb, rdb)
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		tb.Fatalf("freeze redis-server: %v", err)
	}
	resumed := false
	resume = func() {
		if !resumed {
			resumed = true
			_ = syscall.Kill(pid, syscall.SIGCONT)
		}
	}
	tb.Cleanup(resume)
	return e, bounded, b, resume
}

func serverPID(t testing.TB, rdb *redis.Client) int {
	t.Helper()
	info, err := rdb.Info(context.Background(), "server").Result()
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(info) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "process_id:"); ok {
			pid, err := strconv.Atoi(v)
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
	}
	t.Fatal("no process_id in INFO server")
	return 0
}
