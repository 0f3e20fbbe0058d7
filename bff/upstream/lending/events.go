package lending

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"lender/bff/upstream/transport"
)

// EventAPI is the event-feed part of API: what happened to applications and loans, in the order the
// lending core recorded it, for a reader that follows the feed with a cursor (the BFF mails borrowers
// from it).
type EventAPI interface {
	// Events answers the events after the cursor after (an Event.Seq; 0 for the start of the feed),
	// oldest first, at most limit (1 to MaxEventsPage; 0 for the provider's default), and the feed's
	// latest Seq. ErrInvalidRequest for a negative cursor or a limit out of range.
	Events(ctx context.Context, after int64, limit int) (EventList, error)
}

var _ EventAPI = (*Client)(nil)

// MaxEventsPage is the most events one read of the feed answers.
const MaxEventsPage = 200

// Event types. Each happens once per occurrence (an application is approved once; an agreement signed
// again after sign_again is a new event), and carries the ids it concerns: the BFF reads the rest.
const (
	// EventApplicationApproved: a decision to lend, at submission, when a referral was decided, or when
	// the applicant accepted a counteroffer.
	EventApplicationApproved = "application.approved"
	// EventApplicationDeclined: a decision not to lend (at submission or after a referral).
	EventApplicationDeclined = "application.declined"
	// EventApplicationCounteroffered: a lower loan offered on a submitted application.
	EventApplicationCounteroffered = "application.counteroffered"
	// EventAgreementSigned: the borrower signed the credit agreement (the signed copy is the
	// application's, and once drawn down the loan's, credit-agreement document).
	EventAgreementSigned = "agreement.signed"
	// EventLoanPaidOut: the loan was opened from the application and paid out (LoanID).
	EventLoanPaidOut = "loan.paid_out"
)

// Event is one thing that happened, as the feed answers it.
type Event struct {
	ID            string    `json:"id"`  // "evt_…", unique for ever
	Seq           int64     `json:"seq"` // its place in the feed: increasing, never reused
	Type          string    `json:"type"`
	OccurredAt    time.Time `json:"occurredAt"` // on the lending core's clock
	CustomerID    string    `json:"customerId"`
	ApplicationID string    `json:"applicationId,omitempty"`
	LoanID        string    `json:"loanId,omitempty"`
}

// EventList is the answer of GET /events.
type EventList struct {
	Events []Event `json:"events"`
	// LatestSeq is the Seq of the newest event the feed has recorded (0 before the first): a reader
	// with no cursor yet starts there.
	LatestSeq int64 `json:"latestSeq"`
}

// errEventQuery is returned without a call for a cursor or limit the feed would refuse.
var errEventQuery = errors.New("lending: events: after must be 0 or more and limit 0 to 200")

// Events calls GET /events?after=&limit=.
func (c *Client) Events(ctx context.Context, after int64, limit int) (EventList, error) {
	if after < 0 || limit < 0 || limit > MaxEventsPage {
		return EventList{}, errors.Join(ErrInvalidRequest, errEventQuery)
	}
	q := url.Values{"after": {strconv.FormatInt(after, 10)}}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var out EventList
	err := c.t.Do(ctx, transport.Request{Operation: "events.list", Method: http.MethodGet, Path: "/events", Query: q}, &out)
	if err != nil {
		return EventList{}, classify(err)
	}
	if out.Events == nil {
		out.Events = []Event{}
	}
	return out, nil
}
