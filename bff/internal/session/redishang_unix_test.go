//go:build unix

package session_test

import (
	"context"
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
	srv := redistest.Start(t)
	rdb := redis.NewClient(clientOptions(srv.Addr()))
	t.Cleanup(func() { _ = rdb.Close() })
	e := newEnv(t, rdb, "", nil)
	bounded := e.atProductBound()
	b := e.start("borrower", "cust-1001")
	wantOK(t, e.me(b))

	pid := serverPID(t, rdb)
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatalf("freeze redis-server: %v", err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			_ = syscall.Kill(pid, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume)

	rec, took := bounded.timed(bounded.meRequest(b))
	wantDependencyDown(t, rec)
	if took > failFastBound {
		t.Fatalf("503 took %v, want within %v", took, failFastBound)
	}

	resume()
	wantOK(t, e.me(b)) // same client, same session
}

func serverPID(t *testing.T, rdb *redis.Client) int {
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
