package transport

import (
	"errors"
	"strings"
	"testing"
)

func TestNewStatusError(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		wantCode string
		wantMsg  string
	}{
		{"error body", `{"code":"brand_not_found","message":"no brand"}`, "brand_not_found", "no brand"},
		{"no body", ``, "", ""},
		{"not JSON", `<html>oops</html>`, "", ""},
		{"code with odd characters dropped", `{"code":"Bad Code!","message":"m"}`, "", "m"},
		{"long code dropped", `{"code":"` + strings.Repeat("a", 65) + `"}`, "", ""},
		{"long message cut", `{"code":"x","message":"` + strings.Repeat("m", 300) + `"}`, "x", strings.Repeat("m", 200)},
		{"control characters stripped", `{"code":"x","message":"a\nb\u0000c"}`, "x", "abc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			se := newStatusError(404, []byte(tt.body))
			if se.Status != 404 || se.Code != tt.wantCode || se.Message != tt.wantMsg {
				t.Fatalf("= %+v, want code %q message %q", se, tt.wantCode, tt.wantMsg)
			}
		})
	}
}

func TestCallErrorWrapsItsKind(t *testing.T) {
	se := &StatusError{Status: 409, Code: "conflict", Message: "Jane Doe's loan"}
	tests := []struct {
		name     string
		err      error
		is       []error
		isNot    []error
		wantText string
	}{
		{"unavailable", &callError{provider: "lending", operation: "brands.get", kind: ErrUnavailable, status: 503},
			[]error{ErrUnavailable}, []error{ErrTimeout, ErrBreakerOpen}, "lending brands.get: upstream unavailable (status 503)"},
		{"breaker open", &callError{provider: "lending", operation: "health", kind: ErrUnavailable, cause: ErrBreakerOpen},
			[]error{ErrUnavailable, ErrBreakerOpen}, []error{ErrTimeout}, "lending health: upstream unavailable: circuit breaker open"},
		{"status", &callError{provider: "payments", operation: "pay", kind: se},
			nil, []error{ErrUnavailable}, "payments pay: upstream answered 409 conflict"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, target := range tt.is {
				if !errors.Is(tt.err, target) {
					t.Errorf("errors.Is(%v, %v) = false", tt.err, target)
				}
			}
			for _, target := range tt.isNot {
				if errors.Is(tt.err, target) {
					t.Errorf("errors.Is(%v, %v) = true", tt.err, target)
				}
			}
			if got := tt.err.Error(); got != tt.wantText {
				t.Errorf("Error() = %q, want %q", got, tt.wantText)
			}
			if strings.Contains(tt.err.Error(), "Jane") {
				t.Error("Error() exposes the upstream message")
			}
		})
	}
	var got *StatusError
	if !errors.As(&callError{kind: se}, &got) || got != se {
		t.Fatal("errors.As does not find the *StatusError")
	}
}
