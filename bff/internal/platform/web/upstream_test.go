package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"lender/bff/upstream/transport"
)

// TestFailUpstream: an unreachable provider is 503 and a slow one 504, whatever wraps the error.
func TestFailUpstream(t *testing.T) {
	for _, tc := range []struct {
		err    error
		code   Code
		status int
	}{
		{fmt.Errorf("lending customers.get: %w", transport.ErrUnavailable), CodeDependencyDown, http.StatusServiceUnavailable},
		{fmt.Errorf("lending: %w: %w", transport.ErrBreakerOpen, transport.ErrUnavailable), CodeDependencyDown, http.StatusServiceUnavailable},
		{fmt.Errorf("payments: %w", transport.ErrTimeout), CodeUpstreamTimeout, http.StatusGatewayTimeout},
		{context.DeadlineExceeded, CodeUpstreamTimeout, http.StatusGatewayTimeout},
		{fmt.Errorf("notify: %w", transport.ErrBadResponse), CodeUpstreamFailed, Catalogue[CodeUpstreamFailed].HTTPStatus},
		{&transport.StatusError{Status: 409, Code: "unexpected"}, CodeUpstreamFailed, Catalogue[CodeUpstreamFailed].HTTPStatus},
		{context.Canceled, CodeInternal, http.StatusInternalServerError},
	} {
		got := FailUpstream(tc.err)
		if got.Code != tc.code || got.HTTPStatus() != tc.status || !errors.Is(got, tc.err) {
			t.Errorf("FailUpstream(%v) = %d (HTTP %d), want %d (HTTP %d) wrapping the cause", tc.err, got.Code, got.HTTPStatus(), tc.code, tc.status)
		}
	}
}
