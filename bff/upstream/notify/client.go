package notify

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"lender/bff/upstream/transport"
)

// Errors of the notify API. Each wraps the transport error it came from (a *transport.StatusError).
var (
	// ErrInvalidAddress: the provider refused to or from (400 invalid_address).
	ErrInvalidAddress = errors.New("notify: invalid address")
	// ErrInvalidMessage: the provider refused the message or the query (400 bad_request,
	// invalid_message, invalid_query).
	ErrInvalidMessage = errors.New("notify: invalid message")
	// ErrIdempotencyConflict: the idempotency key was already used for a different message (409).
	ErrIdempotencyConflict = errors.New("notify: idempotency key reused with a different message")
	// ErrMessageNotFound: no message has that id (404), or the id cannot be one.
	ErrMessageNotFound = errors.New("notify: message not found")
	// ErrIdempotencyKeyRequired: a send was asked without an idempotency key (or with one that cannot
	// travel as a header: 1–255 visible ASCII characters). No call is made.
	ErrIdempotencyKeyRequired = errors.New("notify: a send needs an idempotency key of 1-255 visible ASCII characters")
)

// codeErrors maps the provider's error codes to this package's errors.
var codeErrors = map[string]error{
	CodeInvalidAddress:        ErrInvalidAddress,
	CodeBadRequest:            ErrInvalidMessage,
	CodeInvalidMessage:        ErrInvalidMessage,
	CodeInvalidQuery:          ErrInvalidMessage,
	CodeInvalidIdempotencyKey: ErrIdempotencyKeyRequired,
	CodeIdempotencyConflict:   ErrIdempotencyConflict,
	CodeMessageNotFound:       ErrMessageNotFound,
}

// API is every call of the notifications provider the client makes.
type API interface {
	// Ping checks that the provider can take calls.
	Ping(ctx context.Context) error
	// SendEmail sends one e-mail. idempotencyKey is required: the same key with the same e-mail answers
	// the first message again without sending twice (so the call is retried safely); with a different
	// e-mail it is ErrIdempotencyConflict.
	SendEmail(ctx context.Context, idempotencyKey string, e Email) (Message, error)
	// SendSMS sends one SMS, with the same idempotency rules as SendEmail.
	SendSMS(ctx context.Context, idempotencyKey string, s SMS) (Message, error)
	// Messages lists sent messages, newest first (the sandbox mailbox).
	Messages(ctx context.Context, q MessageQuery) ([]Message, error)
	// Message is one sent message; ErrMessageNotFound when there is none.
	Message(ctx context.Context, id string) (Message, error)
	// MarkRead records that the recipient has read the message; marking it again changes nothing.
	// ErrMessageNotFound when there is none.
	MarkRead(ctx context.Context, id string) (Message, error)
}

// Client calls the notifications provider over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a notify client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }

// SendEmail calls POST /emails with Idempotency-Key.
func (c *Client) SendEmail(ctx context.Context, idempotencyKey string, e Email) (Message, error) {
	return c.send(ctx, "emails.send", "/emails", idempotencyKey, e)
}

// SendSMS calls POST /sms with Idempotency-Key.
func (c *Client) SendSMS(ctx context.Context, idempotencyKey string, s SMS) (Message, error) {
	return c.send(ctx, "sms.send", "/sms", idempotencyKey, s)
}

func (c *Client) send(ctx context.Context, op, path, key string, body any) (Message, error) {
	if !validKey(key) {
		return Message{}, ErrIdempotencyKeyRequired
	}
	var m Message
	err := c.t.Do(ctx, transport.Request{Operation: op, Method: http.MethodPost, Path: path, Body: body, IdempotencyKey: key}, &m)
	if err != nil {
		return Message{}, classify(err)
	}
	return m, nil
}

// Messages calls GET /messages?to=&kind=&limit=.
func (c *Client) Messages(ctx context.Context, q MessageQuery) ([]Message, error) {
	v := url.Values{}
	if q.To != "" {
		v.Set("to", q.To)
	}
	if q.Kind != "" {
		v.Set("kind", q.Kind)
	}
	if q.Limit != 0 {
		v.Set("limit", strconv.Itoa(q.Limit))
	}
	var l MessageList
	if err := c.t.Do(ctx, transport.Request{Operation: "messages.list", Method: http.MethodGet, Path: "/messages", Query: v}, &l); err != nil {
		return nil, classify(err)
	}
	return l.Messages, nil
}

// Message calls GET /messages/{id}. An id that cannot be a message's (empty, over 64 characters, or
// other than letters, digits, '-' and '_') is ErrMessageNotFound without a call.
func (c *Client) Message(ctx context.Context, id string) (Message, error) {
	if !validID(id) {
		return Message{}, ErrMessageNotFound
	}
	var m Message
	if err := c.t.Get(ctx, "messages.get", "/messages/"+id, &m); err != nil {
		return Message{}, classify(err)
	}
	return m, nil
}

// MarkRead calls POST /messages/{id}/read. An id that cannot be a message's is ErrMessageNotFound
// without a call. Idempotent, but a POST without a key, so the transport does not retry it.
func (c *Client) MarkRead(ctx context.Context, id string) (Message, error) {
	if !validID(id) {
		return Message{}, ErrMessageNotFound
	}
	var m Message
	if err := c.t.Do(ctx, transport.Request{Operation: "messages.read", Method: http.MethodPost, Path: "/messages/" + id + "/read"},
		&m); err != nil {
		return Message{}, classify(err)
	}
	return m, nil
}

// classify wraps a 4xx answer's transport error in this package's error for its code.
func classify(err error) error { return transport.Classify(err, codeErrors) }

// validID: an id that can travel as one path segment unescaped.
func validID(s string) bool { return transport.ValidPathSegment(s) }

// validKey: what the provider accepts as an Idempotency-Key.
func validKey(k string) bool {
	if k == "" || len(k) > 255 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}
