// Package transport is the one way the BFF calls an upstream provider (DESIGN §4 "Upstream calls").
//
// Each provider package (lending, payments, openbanking, identity, notify) builds one *Client with New
// and keeps it for the life of the process. A Client wraps one resty client over its own http.Transport,
// so every upstream has its own connection pool and a slow provider cannot starve the others. It adds:
//
//   - explicit timeouts: Config.Timeout bounds each attempt; the caller's context bounds the whole call;
//   - retries with jittered exponential backoff, only for GET and HEAD or for requests that carry an
//     Idempotency-Key, only after a connection failure or a 5xx answer, never after a 4xx or a timeout
//     (a timed-out attempt may still be running upstream, and retrying it would pile load onto a slow
//     provider);
//   - a circuit breaker per client: closed → open after Config.BreakerFailures consecutive failed calls →
//     half-open, when one probe call is let through → closed on its success, open again on its failure.
//     While open, calls fail at once with ErrBreakerOpen without reaching the upstream. The breaker
//     half-opens as soon as the upstream is back, not after a fixed wait: while it is open a background
//     check calls the provider's GET /health (one attempt, bypassing the breaker, bounded by the smaller
//     of Config.Timeout and Config.BreakerHealthMaxInterval, not reported to the Observer), first
//     Config.BreakerHealthInterval after opening, then after doubling waits up to
//     Config.BreakerHealthMaxInterval, and the first healthy answer half-opens the breaker, so the next
//     call is the probe. A probe that fails reopens the breaker and doubles the first wait of the next
//     opening, so an upstream whose health check says ok while its calls fail is probed less and less
//     often. Config.BreakerCooldown bounds it all: once it has passed the next call probes whatever the
//     checks said, and the checks of that opening stop. Each opening has one watch, which ends
//     with the opening, with the cooldown, with Config.Lifetime or with Close. The defaults: 5
//     failures, checks after 250 ms, 500 ms, 1 s and then every 2 s, cooldown 10 s;
//   - typed errors: ErrUnavailable (connection failure, 5xx after retries, breaker open), ErrTimeout,
//     ErrBadResponse (an answer that cannot be decoded) and *StatusError for 4xx answers, which carries the
//     upstream's short error code and never its body;
//   - the BFF request id, forwarded as X-Request-Id when the context carries one (WithRequestID);
//   - an Observer, so the BFF can export metrics without this package importing Prometheus.
//
// No cookie jar is used and redirects are not followed: upstream APIs answer directly.
package transport
