package lending

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"lender/bff/upstream/transport"
)

// AuditAPI is the staff-audit part of API: what a member of staff did while acting for a borrower.
// The BFF records an event before it serves each request of a staff-acting session, so the lending
// core holds the trail next to the customer it concerns. A borrower's own intent that moves no money
// yet is kept in the same trail with the borrower as actor (payment/bankTransfer: the intent to settle
// a loan by bank transfer, once per settlement quote).
type AuditAPI interface {
	// RecordAudit records one staff action. It is idempotent by RequestID: the same event again
	// answers the stored one; another event with the same RequestID is ErrIdempotencyConflict.
	// ErrInvalidRequest for a missing or malformed field.
	RecordAudit(ctx context.Context, e AuditEvent) (AuditEvent, error)
	// AuditEvents lists the events about a customer, newest first (empty for none, or an unknown
	// customer).
	AuditEvents(ctx context.Context, customerID string) ([]AuditEvent, error)
}

var _ AuditAPI = (*Client)(nil)

// MaxAuditField is the longest RequestID, ActorID, CustomerID or Action the lending core accepts.
const MaxAuditField = 128

// ErrAuditEventInvalid is returned without a call for an event the lending core would refuse.
var ErrAuditEventInvalid = errors.New("lending: audit event incomplete")

// AuditEvent is one staff action on a borrower's behalf: the body of POST /audit-events and an item
// of its list. It never carries the request's data, only what was done, by whom, for whom and when.
type AuditEvent struct {
	// RequestID is the BFF's request id; it makes the record idempotent.
	RequestID string `json:"requestId"`
	// ActorID is the staff member's id (StaffUser.ID), or the customer's own id for a borrower's intent.
	ActorID string `json:"actorId"`
	// CustomerID is the borrower acted for.
	CustomerID string `json:"customerId"`
	// Action is the BFF operation (its operationId, e.g. "setPinCode"), or "METHOD /route" when it has none.
	Action string `json:"action"`
	// OccurredAt is when the BFF received the request.
	OccurredAt time.Time `json:"occurredAt"`
	// RecordedAt is when the lending core stored the event (set by the core; ignored in a request).
	RecordedAt time.Time `json:"recordedAt,omitzero"`
}

// AuditEventList is the answer of GET /audit-events?customerId=….
type AuditEventList struct {
	Events []AuditEvent `json:"events"`
}

// RecordAudit calls POST /audit-events. The request id doubles as the Idempotency-Key, so the
// transport may retry the call without recording the action twice.
func (c *Client) RecordAudit(ctx context.Context, e AuditEvent) (AuditEvent, error) {
	var out AuditEvent
	if !validAuditEvent(e) {
		return out, ErrAuditEventInvalid
	}
	e.RecordedAt = time.Time{}
	err := c.t.Do(ctx, transport.Request{Operation: "audit_events.create", Method: http.MethodPost, Path: "/audit-events",
		Body: e, IdempotencyKey: e.RequestID}, &out)
	return out, classify(err)
}

// AuditEvents calls GET /audit-events?customerId=….
func (c *Client) AuditEvents(ctx context.Context, customerID string) ([]AuditEvent, error) {
	if !validID(customerID) {
		return []AuditEvent{}, nil
	}
	var l AuditEventList
	err := c.t.Do(ctx, transport.Request{Operation: "audit_events.list", Method: http.MethodGet, Path: "/audit-events",
		Query: url.Values{"customerId": {customerID}}}, &l)
	if err != nil {
		return nil, classify(err)
	}
	return l.Events, nil
}

// validAuditEvent: every field present, at most MaxAuditField visible ASCII characters, and a time.
// The request id must also be a valid Idempotency-Key.
func validAuditEvent(e AuditEvent) bool {
	for _, f := range []string{e.RequestID, e.ActorID, e.CustomerID, e.Action} {
		if f == "" || len(f) > MaxAuditField || !visibleASCII(f, true) {
			return false
		}
	}
	return !e.OccurredAt.IsZero() && visibleASCII(e.RequestID, false)
}

// visibleASCII: printable ASCII; spaces only when allowSpace (an action "GET /route" has one).
func visibleASCII(s string, allowSpace bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' && allowSpace {
			continue
		}
		if c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}
