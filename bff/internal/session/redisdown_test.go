package session_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/platform/redistest"
	"lender/bff/internal/session"
)

// hangCeiling tells a request the Redis deadline ended from one that hung or waited on go-redis's own
// timeouts (3 s reads, 5 s dials): twice the bound. How fast a fail-closed answer is (budget 300 ms at
// the default 250 ms bound) is a figure of `make bench` (BenchmarkFailClosedRedisFrozen), not asserted
// here: on the shared 2-core CI machine the scheduler alone has added 75 ms to a request.
const hangCeiling = 2 * session.DefaultRedisTimeout

// timed serves one request and reports how long the BFF took to answer.
func (e *env) timed(req *http.Request) (*httptest.ResponseRecorder, time.Duration) {
	start := time.Now()
	rec := e.serve(req)
	return rec, time.Since(start)
}

func (e *env) meRequest(b browser) *http.Request {
	req := httptestRequest(http.MethodGet, "/borrower/me")
	req.Header.Set("accessToken", b.token)
	req.AddCookie(&http.Cookie{Name: b.cookie.Name, Value: b.cookie.Value})
	return req
}

func TestRedisStoppedFailsClosedAndRecovers(t *testing.T) {
	clients := map[string]func(addr string) *redis.Options{
		"recommended client (no retries)": clientOptions,
		"client with go-redis's default retries": func(addr string) *redis.Options {
			// 3 command retries and 5 dial attempts: they must still end within RedisTimeout.
			return &redis.Options{Addr: addr, DisableIdentity: true, ContextTimeoutEnabled: true}
		},
	}
	for name, opts := range clients {
		t.Run(name, func(t *testing.T) {
			srv := redistest.Start(t)
			rdb := redis.NewClient(opts(srv.Addr()))
			t.Cleanup(func() { _ = rdb.Close() })
			e := newEnv(t, rdb, "", nil)
			bounded := e.atProductBound()
			b := e.start("borrower", "cust-1001")
			wantOK(t, e.me(b))

			srv.Stop()
			for i := range 3 { // the first request meets the dead pooled connection, the next ones a refused dial
				rec, took := bounded.timed(bounded.meRequest(b))
				wantDependencyDown(t, rec)
				t.Logf("request %d with Redis stopped: 503 in %v", i, took)
				if took > hangCeiling {
					t.Fatalf("request %d: 503 took %v, want within %v", i, took, hangCeiling)
				}
			}
			// A token on an Optional route is checked the same way: 503, not anonymous, not 401.
			rec := bounded.get("/optional", b.token, b.cookie)
			wantDependencyDown(t, rec)
			// Starting a session cannot succeed either.
			rec = bounded.serve(httptestRequest(http.MethodPost, "/start/borrower?subject=cust-1001"))
			wantDependencyDown(t, rec)
			if len(rec.Result().Cookies()) != 0 {
				t.Fatal("a failed Start set a cookie")
			}

			// Redis comes back empty (no persistence): the same Manager and client work again at once.
			srv.Restart()
			wantUnauthenticated(t, e.me(b)) // its session died with the server's data
			fresh := e.start("borrower", "cust-1001")
			wantOK(t, e.me(fresh))
		})
	}
}

// Under load an outage exhausts go-redis's dial-error budget (PoolSize failed dials), after which the
// pool answers from its last error and re-probes in the background once a second. The Manager must
// still come back by itself once Redis does.
func TestRedisOutageWithSaturatedPoolRecovers(t *testing.T) {
	srv := redistest.Start(t)
	o := clientOptions(srv.Addr())
	o.PoolSize = 2
	rdb := redis.NewClient(o)
	t.Cleanup(func() { _ = rdb.Close() })
	e := newEnv(t, rdb, "", nil)
	bounded := e.atProductBound()
	b := e.start("borrower", "cust-1001")

	srv.Stop()
	for range 5 {
		rec, took := bounded.timed(bounded.meRequest(b))
		wantDependencyDown(t, rec)
		if took > hangCeiling {
			t.Fatalf("503 took %v, want within %v", took, hangCeiling)
		}
	}

	srv.Restart()
	var fresh browser
	waitFor(t, "the session store to answer again", func() bool {
		rec := e.serve(httptestRequest(http.MethodPost, "/start/borrower?subject=cust-1001"))
		if rec.Code == http.StatusServiceUnavailable {
			return false
		}
		fresh = e.start("borrower", "cust-1001")
		return true
	})
	wantOK(t, e.me(fresh))
}
