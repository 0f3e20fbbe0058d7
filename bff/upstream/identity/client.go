package identity

import (
	"context"
	"errors"
	"net/http"

	"lender/bff/upstream/transport"
)

// Errors of the identity API. Each wraps the transport error it came from (a *transport.StatusError).
var (
	// ErrInvalidRequest: the provider refused the request's fields (400 bad_request, invalid_reference,
	// invalid_date_of_birth, invalid_purpose, invalid_idempotency_key).
	ErrInvalidRequest = errors.New("identity: invalid request")
	// ErrInvalidReturnURL: the return URL is not under the app URL (400 invalid_return_url).
	ErrInvalidReturnURL = errors.New("identity: return URL not allowed")
	// ErrCheckNotFound: no check has that id (404), or the id cannot be one.
	ErrCheckNotFound = errors.New("identity: check not found")
	// ErrIdempotencyConflict: the idempotency key was already used for a different check (409).
	ErrIdempotencyConflict = errors.New("identity: idempotency key reused with a different request")
)

var codeErrors = map[string]error{
	CodeBadRequest:            ErrInvalidRequest,
	CodeInvalidReference:      ErrInvalidRequest,
	CodeInvalidDateOfBirth:    ErrInvalidRequest,
	CodeInvalidPurpose:        ErrInvalidRequest,
	CodeInvalidIdempotencyKey: ErrInvalidRequest,
	CodeInvalidReturnURL:      ErrInvalidReturnURL,
	CodeCheckNotFound:         ErrCheckNotFound,
	CodeIdempotencyConflict:   ErrIdempotencyConflict,
}

// API is every call of the identity provider the client makes.
type API interface {
	// Ping checks that the provider can take calls.
	Ping(ctx context.Context) error
	// CreateCheck starts an identity check and returns it with the hosted page to send the person to.
	// idempotencyKey may be empty; with one, a repeated call answers the first check.
	CreateCheck(ctx context.Context, idempotencyKey string, req CreateCheck) (Check, error)
	// Check is the check's current state; ErrCheckNotFound when there is none.
	Check(ctx context.Context, id string) (Check, error)
	// VerifyShareCode checks a Home Office share code against a date of birth. A code that is refused
	// is a result with Outcome "rejected", not an error.
	VerifyShareCode(ctx context.Context, req ShareCodeCheck) (ShareCodeResult, error)
}

// Client calls the identity provider over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds an identity client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }

// CreateCheck calls POST /checks, with Idempotency-Key when idempotencyKey is not empty.
func (c *Client) CreateCheck(ctx context.Context, idempotencyKey string, req CreateCheck) (Check, error) {
	var ch Check
	err := c.t.Do(ctx, transport.Request{Operation: "checks.create", Method: http.MethodPost, Path: "/checks",
		Body: req, IdempotencyKey: idempotencyKey}, &ch)
	if err != nil {
		return Check{}, classify(err)
	}
	return ch, nil
}

// Check calls GET /checks/{id}. An id that cannot be a check's (empty, over 64 characters, or other
// than letters, digits, '-' and '_') is ErrCheckNotFound without a call.
func (c *Client) Check(ctx context.Context, id string) (Check, error) {
	if !validID(id) {
		return Check{}, ErrCheckNotFound
	}
	var ch Check
	if err := c.t.Get(ctx, "checks.get", "/checks/"+id, &ch); err != nil {
		return Check{}, classify(err)
	}
	return ch, nil
}

// VerifyShareCode calls POST /share-codes/verify (a POST so that the date of birth stays out of URLs).
// It changes nothing upstream; being a POST without an idempotency key, the transport does not retry it,
// but the caller may.
func (c *Client) VerifyShareCode(ctx context.Context, req ShareCodeCheck) (ShareCodeResult, error) {
	var res ShareCodeResult
	err := c.t.Do(ctx, transport.Request{Operation: "sharecodes.verify", Method: http.MethodPost, Path: "/share-codes/verify", Body: req}, &res)
	if err != nil {
		return ShareCodeResult{}, classify(err)
	}
	return res, nil
}

// classify wraps a 4xx answer's transport error in this package's error for its code.
func classify(err error) error { return transport.Classify(err, codeErrors) }

// validID: an id that can travel as one path segment unescaped.
func validID(s string) bool { return transport.ValidPathSegment(s) }
