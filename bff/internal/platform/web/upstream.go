package web

import (
	"context"
	"errors"

	"lender/bff/upstream/transport"
)

// FailUpstream maps an upstream client's failure to the catalogue, so every feature answers an
// unreachable provider with 503 and a slow one with 504. Features handle the 4xx answers they expect
// (a declined card, an unknown brand) before calling this; what reaches here is a fault.
func FailUpstream(err error) *Error {
	switch {
	case errors.Is(err, context.Canceled):
		return Fail(CodeInternal, err)
	case errors.Is(err, transport.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return Fail(CodeUpstreamTimeout, err)
	case errors.Is(err, transport.ErrUnavailable):
		return Fail(CodeDependencyDown, err)
	default:
		return Fail(CodeUpstreamFailed, err)
	}
}
