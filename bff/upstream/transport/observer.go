package transport

import "time"

// Outcomes reported to Observer.ObserveCall. They are low-cardinality metric label values.
const (
	OutcomeOK          = "ok"           // 2xx answer decoded
	OutcomeClientError = "client_error" // 4xx answer: *StatusError
	OutcomeServerError = "server_error" // 5xx answer after retries: ErrUnavailable
	OutcomeUnavailable = "unavailable"  // the upstream could not be reached after retries: ErrUnavailable
	OutcomeTimeout     = "timeout"      // the attempt or the caller's deadline passed: ErrTimeout
	OutcomeBadResponse = "bad_response" // an answer that could not be decoded, or an unexpected status: ErrBadResponse
	OutcomeBreakerOpen = "breaker_open" // refused by the open circuit breaker, the upstream was not called
	OutcomeCanceled    = "canceled"     // the caller's context was canceled (the browser went away)
)

// Observer receives what the transport measures. The BFF implements it with Prometheus collectors.
// Methods are called on the request path (ObserveBreaker while the breaker's lock is held, so that
// transitions arrive in order): they must be fast and must not call back into the Client.
type Observer interface {
	// ObserveCall is called once per call, after any retries, with the whole call's duration.
	ObserveCall(provider, operation, outcome string, d time.Duration)
	// ObserveBreaker is called when the client is built (with BreakerClosed) and on every transition.
	ObserveBreaker(provider string, state BreakerState)
}
