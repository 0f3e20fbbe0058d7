package sandboxmail

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

func TestRecipientNormalisesWhatTestersType(t *testing.T) {
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"Jo.Tester+Refer@Example.COM", "jo.tester+refer@example.com", true},
		{"  jo@example.com  ", "jo@example.com", true},
		{"07700 900123", "+447700900123", true},
		{"07700-900-123", "+447700900123", true},
		{"+44 (0)7700 900123", "+447700900123", true},
		{"+44 7700 900123", "+447700900123", true},
		{"447700900123", "+447700900123", true},
		{"00447700900123", "+447700900123", true},
		{"020 7946 0123", "", false}, // a landline gets no SMS
		{"0770090012", "", false},
		{"hello world", "", false},
		{"@example.com", "", false},
		{"jo@", "", false},
		{"jo @example.com", "", false},
	}
	for _, tc := range cases {
		got, ok := Recipient(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Recipient(%q) = %q, %t; want %q, %t", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestGateHidesTheSandboxCallsOnlyWhenOff(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, enabled := range []bool{false, true} {
		engine := gin.New()
		h := New(enabled, nil, nil, nil)
		engine.Use(h.Gate("/api/v2/lender"))
		engine.Any("/*any", func(c *gin.Context) { c.String(http.StatusUnauthorized, "reached the session gate") })
		for path, wantWhenOff := range map[string]int{
			"/api/v2/lender/sandbox/searchEmail": http.StatusNotFound,
			"/api/v2/lender/sandbox/email/msg_1": http.StatusNotFound,
			"/api/v2/lender/sandbox/personas":    http.StatusNotFound,
			"/api/v2/lender/sandbox/info":        http.StatusUnauthorized,
			"/api/v2/lender/user/logout":         http.StatusUnauthorized,
		} {
			rec := httptest.NewRecorder()
			engine.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, nil))
			want := wantWhenOff
			if enabled {
				want = http.StatusUnauthorized
			}
			if rec.Code != want {
				t.Errorf("enabled=%t %s: %d, want %d", enabled, path, rec.Code, want)
			}
		}
	}
}
