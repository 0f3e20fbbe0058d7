package transport

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Sentinel errors. Test with errors.Is; every error a Client returns wraps exactly one of ErrUnavailable,
// ErrTimeout, ErrBadResponse, a *StatusError (test with errors.As) or the caller's context.Canceled.
var (
	// ErrUnavailable: the upstream could not be reached, answered 5xx after retries, or the breaker is open.
	ErrUnavailable = errors.New("upstream unavailable")
	// ErrBreakerOpen: the call was refused by the open circuit breaker. Errors wrapping it also wrap
	// ErrUnavailable.
	ErrBreakerOpen = errors.New("circuit breaker open")
	// ErrTimeout: the upstream did not answer within Config.Timeout or the caller's deadline.
	ErrTimeout = errors.New("upstream timeout")
	// ErrBadResponse: the upstream answered something that cannot be used (an undecodable body or an
	// unexpected status such as a redirect).
	ErrBadResponse = errors.New("upstream bad response")
)

// StatusError is a 4xx answer. Code is the upstream's short machine-readable error code (the "code" of a
// {"code","message"} body, reduced to [a-z0-9_.-], at most 64 characters; "" when the body had none).
// Message is the upstream's explanation, cut to 200 bytes, for tests and debugging only: it may hold
// personal data, so features neither log it nor show it; they map Status and Code to the catalogue.
// Error() mentions only Status and Code.
type StatusError struct {
	Status  int
	Code    string
	Message string
}

func (e *StatusError) Error() string {
	if e.Code == "" {
		return "upstream answered " + strconv.Itoa(e.Status)
	}
	return "upstream answered " + strconv.Itoa(e.Status) + " " + e.Code
}

// ErrorBody is the error shape of the upstream APIs this BFF speaks: {"code":"…","message":"…"}.
// The sandbox answers it on every 4xx and 5xx.
type ErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func newStatusError(status int, body []byte) *StatusError {
	se := &StatusError{Status: status}
	var eb ErrorBody
	if len(body) > 0 && json.Unmarshal(body, &eb) == nil {
		se.Code = cleanCode(eb.Code)
		se.Message = cleanMessage(eb.Message)
	}
	return se
}

func cleanCode(s string) string {
	if len(s) > 64 {
		return ""
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return ""
		}
	}
	return s
}

func cleanMessage(s string) string {
	if len(s) > 200 {
		s = s[:200]
	}
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '\uFFFD' {
			return -1
		}
		return r
	}, s)
}

// callError is what a Client returns: the kind (one of the sentinels or a *StatusError) and, for logs,
// a cause that never includes a URL, a query string or a body.
type callError struct {
	provider  string
	operation string
	kind      error
	status    int // the last HTTP status seen, 0 when none
	cause     error
}

func (e *callError) Error() string {
	var b strings.Builder
	b.WriteString(e.provider)
	b.WriteByte(' ')
	b.WriteString(e.operation)
	b.WriteString(": ")
	b.WriteString(e.kind.Error())
	if e.status != 0 && !isStatusError(e.kind) {
		b.WriteString(" (status ")
		b.WriteString(strconv.Itoa(e.status))
		b.WriteByte(')')
	}
	if e.cause != nil {
		b.WriteString(": ")
		b.WriteString(e.cause.Error())
	}
	return b.String()
}

func (e *callError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.kind}
	}
	return []error{e.kind, e.cause}
}

func isStatusError(err error) bool {
	_, ok := err.(*StatusError)
	return ok
}

// Classify wraps a 4xx answer's error in the provider package's sentinel for its error code, so
// features test with errors.Is and still reach the *StatusError. Other errors pass through.
func Classify(err error, sentinels map[string]error) error {
	var se *StatusError
	if errors.As(err, &se) {
		if sentinel, ok := sentinels[se.Code]; ok {
			return fmt.Errorf("%w: %w", sentinel, err)
		}
	}
	return err
}

// ValidPathSegment reports whether s can travel as one path segment unescaped: 1 to 64 of
// A-Z a-z 0-9 - _ . (not "." or ".."). Clients refuse other ids before calling, as not found.
func ValidPathSegment(s string) bool {
	if s == "" || len(s) > 64 || s == "." || s == ".." {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
