package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"lender/bff/upstream/transport"
)

// Errors the client returns for the gateway's business answers. Each wraps the transport error it came
// from (a *transport.StatusError carrying the status and code), except ErrIdempotencyKeyRequired and the
// not-found errors for malformed ids, which the client returns without a call.
var (
	ErrInvalidRequest           = errors.New("payments: invalid request")
	ErrReturnURLNotAllowed      = errors.New("payments: return URL not allowed")
	ErrIdempotencyKeyRequired   = errors.New("payments: idempotency key required")
	ErrIdempotencyConflict      = errors.New("payments: idempotency key reused with a different request")
	ErrPaymentLinkNotFound      = errors.New("payments: payment link not found")
	ErrRecurringPaymentNotFound = errors.New("payments: recurring payment not found")
	ErrCardNotFound             = errors.New("payments: card not found")
	ErrDeliveryNotFound         = errors.New("payments: webhook delivery not found")
	ErrDeliveryNotFailed        = errors.New("payments: webhook delivery is pending or delivered")
)

// codeErrors maps the gateway's error codes to the client's errors.
var codeErrors = map[string]error{
	CodeInvalidRequest:           ErrInvalidRequest,
	CodeReturnURLNotAllowed:      ErrReturnURLNotAllowed,
	CodeIdempotencyKeyRequired:   ErrIdempotencyKeyRequired,
	CodeInvalidIdempotencyKey:    ErrInvalidRequest,
	CodeIdempotencyConflict:      ErrIdempotencyConflict,
	CodePaymentLinkNotFound:      ErrPaymentLinkNotFound,
	CodeRecurringPaymentNotFound: ErrRecurringPaymentNotFound,
	CodeCardNotFound:             ErrCardNotFound,
	CodeDeliveryNotFound:         ErrDeliveryNotFound,
	CodeDeliveryNotFailed:        ErrDeliveryNotFailed,
}

// API is every call of the payment gateway the client makes.
type API interface {
	// Ping checks that the provider can take calls.
	Ping(ctx context.Context) error
	// CreatePaymentLink opens a hosted checkout; send the browser to the answer's URL. idempotencyKey
	// may be "" (a link moves no money until the payer completes it) but should be set so a retried
	// call does not open two links.
	CreatePaymentLink(ctx context.Context, req CreatePaymentLinkRequest, idempotencyKey string) (PaymentLink, error)
	// PaymentLink is a link's current state; ErrPaymentLinkNotFound when there is none.
	PaymentLink(ctx context.Context, id string) (PaymentLink, error)
	// CreateRecurringPayment charges a stored card. idempotencyKey is required (ErrIdempotencyKeyRequired
	// without a call otherwise): a repeated key answers the first outcome and never charges twice. A
	// declined charge is not an error: it answers Status declined with a DeclineReason.
	CreateRecurringPayment(ctx context.Context, req RecurringPaymentRequest, idempotencyKey string) (RecurringPayment, error)
	// RecurringPayment is a recurring payment by id; ErrRecurringPaymentNotFound when there is none.
	RecurringPayment(ctx context.Context, id string) (RecurringPayment, error)
	// Cards are a customer's cards on file, the primary first; none is an empty list, not an error.
	// A malformed reference is ErrInvalidRequest without a call.
	Cards(ctx context.Context, customerReference string) ([]Card, error)
	// SetPrimaryCard makes a card the customer's primary; ErrCardNotFound when the customer has no such card.
	SetPrimaryCard(ctx context.Context, customerReference, token string) (Card, error)
	// RemoveCard deletes a card on file; ErrCardNotFound when the customer has no such card.
	RemoveCard(ctx context.Context, customerReference, token string) error
	// UpdateBillingAddress replaces a card's billing address; ErrCardNotFound or ErrInvalidRequest.
	UpdateBillingAddress(ctx context.Context, customerReference, token string, addr BillingAddress) (Card, error)
	// WebhookDeliveries lists every webhook delivery and its attempts, oldest first (the sandbox
	// gateway's record, for tests and the sandbox screens).
	WebhookDeliveries(ctx context.Context) ([]WebhookDelivery, error)
	// RedeliverWebhook starts a new series of attempts for a failed delivery (the sandbox's explicit
	// redelivery) and answers it, pending again; ErrDeliveryNotFailed while it is pending or once
	// delivered, ErrDeliveryNotFound when there is none.
	RedeliverWebhook(ctx context.Context, id string) (WebhookDelivery, error)
}

// Client calls the payment gateway over HTTP.
type Client struct {
	t *transport.Client
}

var _ API = (*Client)(nil)

// New builds a payments client; obs may be nil.
func New(cfg transport.Config, obs transport.Observer) *Client {
	return &Client{t: transport.New(Name, cfg, obs)}
}

// Transport is the underlying transport client (breaker state, idle connections).
func (c *Client) Transport() *transport.Client { return c.t }

// Ping calls GET /health.
func (c *Client) Ping(ctx context.Context) error { return c.t.Ping(ctx) }

// CreatePaymentLink calls POST /payment-links.
func (c *Client) CreatePaymentLink(ctx context.Context, req CreatePaymentLinkRequest, idempotencyKey string) (PaymentLink, error) {
	var l PaymentLink
	if idempotencyKey != "" && !ValidIdempotencyKey(idempotencyKey) {
		return l, fmt.Errorf("%w: malformed idempotency key", ErrInvalidRequest)
	}
	err := c.t.Do(ctx, transport.Request{Operation: "payment_links.create", Method: http.MethodPost, Path: "/payment-links",
		Body: req, IdempotencyKey: idempotencyKey}, &l)
	return l, classify(err)
}

// PaymentLink calls GET /payment-links/{id}.
func (c *Client) PaymentLink(ctx context.Context, id string) (PaymentLink, error) {
	var l PaymentLink
	if !validSegment(id) {
		return l, ErrPaymentLinkNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "payment_links.get", Method: http.MethodGet, Path: "/payment-links/" + id}, &l)
	return l, classify(err)
}

// CreateRecurringPayment calls POST /recurring-payments.
func (c *Client) CreateRecurringPayment(ctx context.Context, req RecurringPaymentRequest, idempotencyKey string) (RecurringPayment, error) {
	var p RecurringPayment
	if idempotencyKey == "" {
		return p, ErrIdempotencyKeyRequired
	}
	if !ValidIdempotencyKey(idempotencyKey) {
		return p, fmt.Errorf("%w: malformed idempotency key", ErrInvalidRequest)
	}
	err := c.t.Do(ctx, transport.Request{Operation: "recurring_payments.create", Method: http.MethodPost, Path: "/recurring-payments",
		Body: req, IdempotencyKey: idempotencyKey}, &p)
	return p, classify(err)
}

// RecurringPayment calls GET /recurring-payments/{id}.
func (c *Client) RecurringPayment(ctx context.Context, id string) (RecurringPayment, error) {
	var p RecurringPayment
	if !validSegment(id) {
		return p, ErrRecurringPaymentNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "recurring_payments.get", Method: http.MethodGet, Path: "/recurring-payments/" + id}, &p)
	return p, classify(err)
}

// Cards calls GET /customers/{customerReference}/cards.
func (c *Client) Cards(ctx context.Context, customerReference string) ([]Card, error) {
	if !validSegment(customerReference) {
		return nil, fmt.Errorf("%w: malformed customer reference", ErrInvalidRequest)
	}
	var l CardList
	err := c.t.Do(ctx, transport.Request{Operation: "cards.list", Method: http.MethodGet, Path: cardsPath(customerReference)}, &l)
	if err != nil {
		return nil, classify(err)
	}
	if l.Cards == nil {
		l.Cards = []Card{}
	}
	return l.Cards, nil
}

// SetPrimaryCard calls POST /customers/{customerReference}/cards/{token}/primary.
func (c *Client) SetPrimaryCard(ctx context.Context, customerReference, token string) (Card, error) {
	var card Card
	if !validSegment(customerReference) || !validSegment(token) {
		return card, ErrCardNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "cards.set_primary", Method: http.MethodPost,
		Path: cardsPath(customerReference) + "/" + token + "/primary"}, &card)
	return card, classify(err)
}

// RemoveCard calls DELETE /customers/{customerReference}/cards/{token}.
func (c *Client) RemoveCard(ctx context.Context, customerReference, token string) error {
	if !validSegment(customerReference) || !validSegment(token) {
		return ErrCardNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "cards.remove", Method: http.MethodDelete,
		Path: cardsPath(customerReference) + "/" + token}, nil)
	return classify(err)
}

// UpdateBillingAddress calls PUT /customers/{customerReference}/cards/{token}/billing-address.
func (c *Client) UpdateBillingAddress(ctx context.Context, customerReference, token string, addr BillingAddress) (Card, error) {
	var card Card
	if !validSegment(customerReference) || !validSegment(token) {
		return card, ErrCardNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "cards.billing_address", Method: http.MethodPut,
		Path: cardsPath(customerReference) + "/" + token + "/billing-address", Body: addr}, &card)
	return card, classify(err)
}

// WebhookDeliveries calls GET /webhook-deliveries.
func (c *Client) WebhookDeliveries(ctx context.Context) ([]WebhookDelivery, error) {
	var l WebhookDeliveryList
	if err := c.t.Get(ctx, "webhook_deliveries.list", "/webhook-deliveries", &l); err != nil {
		return nil, classify(err)
	}
	if l.Deliveries == nil {
		l.Deliveries = []WebhookDelivery{}
	}
	return l.Deliveries, nil
}

// RedeliverWebhook calls POST /webhook-deliveries/{id}/redeliver.
func (c *Client) RedeliverWebhook(ctx context.Context, id string) (WebhookDelivery, error) {
	var d WebhookDelivery
	if !validSegment(id) {
		return d, ErrDeliveryNotFound
	}
	err := c.t.Do(ctx, transport.Request{Operation: "webhook_deliveries.redeliver", Method: http.MethodPost,
		Path: "/webhook-deliveries/" + id + "/redeliver"}, &d)
	return d, classify(err)
}

func cardsPath(customerReference string) string {
	return "/customers/" + url.PathEscape(customerReference) + "/cards"
}

// classify wraps a 4xx answer's transport error in this package's error for its code.
func classify(err error) error { return transport.Classify(err, codeErrors) }

// validSegment: an id or reference that can travel as one path segment unescaped.
func validSegment(s string) bool { return transport.ValidPathSegment(s) }

// ValidIdempotencyKey reports whether key is one the gateway takes: 1 to 255 visible ASCII characters.
// A UUID or another value with at least 128 random bits is the usual choice.
func ValidIdempotencyKey(key string) bool {
	if key == "" || len(key) > 255 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

// ValidCustomerReference reports whether ref is one the gateway takes: 1 to 64 of A-Z a-z 0-9 - _ .
func ValidCustomerReference(ref string) bool { return validSegment(ref) }
