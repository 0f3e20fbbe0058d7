package payment

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

// WebhookPath is where the gateway POSTs its webhooks: outside the API's envelope, without a session.
const WebhookPath = "/webhooks/payments"

// appliedTTL is how long a delivery applied is remembered: longer than the gateway's retries (about
// 13 minutes a series) and any redelivery asked for in the meantime.
const appliedTTL = 30 * 24 * time.Hour

var errForeignLoan = errors.New("payment: a webhook names a loan that is not its customer's")

// Webhook receives the gateway's signed webhooks. The raw body is verified first (a forged or replayed
// delivery is 401 and logged by its event id only). A succeeded payment towards a loan (a checkout's
// status_update, or a recurring_payment) is recorded at the lending core with its receipt; the answer
// is 2xx only once that is done, 503 when the core (or Redis) cannot be reached, so the gateway
// retries. A delivery applied is remembered by event id (after applying), so a redelivery is
// acknowledged without a second effect, and the lending core's idempotency covers a crash in between.
func (h *Handlers) Webhook(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	eventID := r.Header.Get("X-Event-Id")
	if err := payments.VerifyWebhook(h.cfg.Secret, r.Header.Get(payments.SignatureHeader), body, time.Now(), 0); err != nil {
		h.log.WarnContext(ctx, "a payment webhook was refused: forged or replayed", "eventId", eventID, "cause", err.Error())
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	var ev payments.WebhookEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		h.log.WarnContext(ctx, "a signed payment webhook could not be read", "eventId", eventID)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	done, err := h.applied(ctx, ev.ID)
	if err != nil {
		h.log.WarnContext(ctx, "a payment webhook waits for Redis", "eventId", ev.ID, "cause", err.Error())
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	if !done {
		if err := h.apply(ctx, ev); err != nil {
			h.log.WarnContext(ctx, "a payment webhook could not be applied yet; the gateway retries", "eventId", ev.ID, "cause", err.Error())
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if err := h.markApplied(ctx, ev.ID); err != nil {
			// Applied but not remembered: a redelivery applies it again, which the core's idempotency absorbs.
			h.log.WarnContext(ctx, "a payment webhook applied could not be remembered", "eventId", ev.ID, "cause", err.Error())
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// apply records the succeeded payment an event reports; other events need nothing.
func (h *Handlers) apply(ctx context.Context, ev payments.WebhookEvent) error {
	var ref, customer, transactionID string
	var amount int64
	switch {
	case ev.Type == payments.EventStatusUpdate && ev.PaymentLink != nil && ev.PaymentLink.Status == payments.StatusSucceeded:
		l := ev.PaymentLink
		ref, customer, transactionID, amount = l.MerchantReference, l.CustomerReference, l.TransactionID, l.AmountPence
	case ev.Type == payments.EventRecurringPayment && ev.RecurringPayment != nil && ev.RecurringPayment.Status == payments.StatusSucceeded:
		p := ev.RecurringPayment
		ref, customer, transactionID, amount = p.MerchantReference, p.CustomerReference, p.ID, p.AmountPence
	default:
		return nil
	}
	pr, ok := parseReference(ref)
	if !ok {
		return nil // an application's card-saving checkout: approval attaches the card
	}
	loanID := pr.loanID
	l, err := h.lending.Loan(ctx, loanID)
	switch {
	case errors.Is(err, lending.ErrLoanNotFound):
		h.log.ErrorContext(ctx, "a payment names a loan the lending core does not have: it needs a person", "eventId", ev.ID, "transactionId", transactionID)
		return nil
	case err != nil:
		return err
	case l.CustomerID != customer:
		h.log.ErrorContext(ctx, "a payment names another customer's loan: it needs a person", "eventId", ev.ID, "transactionId", transactionID,
			"cause", errForeignLoan.Error())
		return nil
	}
	_, err = h.record(ctx, pr, transactionID, amount)
	if refusedForGood(err) {
		h.log.ErrorContext(ctx, "the lending core refused a payment the gateway took: it needs a person", "eventId", ev.ID,
			"loanId", loanID, "kind", string(pr.kind), "transactionId", transactionID, "cause", err.Error())
		return nil
	}
	return err
}

// refusedForGood: the lending core refused to record a payment the gateway took, and no retry can
// change that: the loan settled, the payment is now more than it takes, or a settlement's quote expired
// or no longer fits the loan. The money is kept by the gateway; it needs a person to refund or apply it
// by hand (docs/decisions/paying.md, known gaps).
func refusedForGood(err error) bool {
	return errors.Is(err, lending.ErrRepaymentRefused) || errors.Is(err, lending.ErrLoanConflict) ||
		errors.Is(err, lending.ErrQuoteUnusable) || errors.Is(err, lending.ErrQuoteNotFound)
}

func (h *Handlers) appliedKey(eventID string) string {
	return h.cfg.KeyPrefix + "payment:webhook:" + eventID
}

func (h *Handlers) applied(ctx context.Context, eventID string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.RedisTimeout)
	defer cancel()
	n, err := h.redis.Exists(ctx, h.appliedKey(eventID)).Result()
	return n > 0, err
}

func (h *Handlers) markApplied(ctx context.Context, eventID string) error {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.RedisTimeout)
	defer cancel()
	return h.redis.Set(ctx, h.appliedKey(eventID), "1", appliedTTL).Err()
}
