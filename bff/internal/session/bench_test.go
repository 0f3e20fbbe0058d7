package session_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/session"
)

// discard is a ResponseWriter reused across iterations, so the numbers are the middleware's and gin's,
// not httptest's.
type discard struct {
	h    http.Header
	code int
}

func (w *discard) Header() http.Header         { return w.h }
func (w *discard) Write(b []byte) (int, error) { return len(b), nil }
func (w *discard) WriteHeader(code int)        { w.code = code }

// BenchmarkRequire measures one authenticated request through Require("borrower") to a handler that
// answers 200: JWT verification, cookie check and the one Redis round trip (a real Redis).
func BenchmarkRequire(b *testing.B) {
	for _, bc := range []struct {
		name    string
		advance time.Duration
	}{
		{"fresh token", 0},
		{"renewing token", 11 * time.Minute}, // every request also mints a renewed token
	} {
		b.Run(bc.name, func(b *testing.B) {
			e := newTestEnv(b, nil)
			e.engine.GET("/bench", e.m.Require("borrower"), func(c *gin.Context) { c.Status(http.StatusOK) })
			br := e.start("borrower", "cust-1001")
			e.clock.Advance(bc.advance)

			req := httptestRequest(http.MethodGet, "/bench")
			req.Header.Set(session.HeaderAccessToken, br.token)
			req.AddCookie(&http.Cookie{Name: br.cookie.Name, Value: br.cookie.Value})
			w := &discard{h: http.Header{}}

			b.ReportAllocs()
			for b.Loop() {
				clear(w.h)
				w.code = 0
				e.engine.ServeHTTP(w, req)
				if w.code != http.StatusOK {
					b.Fatalf("status %d", w.code)
				}
			}
		})
	}
}
