package transport

import "context"

// RequestIDHeader is the header that carries the BFF request id to the upstream.
const RequestIDHeader = "X-Request-Id"

// IdempotencyKeyHeader is the header that carries an idempotency key to the upstream.
const IdempotencyKeyHeader = "Idempotency-Key"

type requestIDKey struct{}

// WithRequestID returns a context whose upstream calls carry id as X-Request-Id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestID is the request id ctx carries, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// headerSafe reports whether v can travel as a header value unchanged: 1 to 128 visible ASCII
// characters. Anything else is dropped rather than risk a malformed request.
func headerSafe(v string) bool {
	if v == "" || len(v) > 128 {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}
