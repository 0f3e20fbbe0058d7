package payments

import (
	"net/http"

	"lender/bff/upstream/payments"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
)

// createRecurring serves POST /recurring-payments: a merchant-initiated charge of a stored card. It
// moves money, so the Idempotency-Key header is required. The answer is 201 with status succeeded or
// declined (a decline is an outcome, not an error); a recurring_payment webhook follows.
func (p *Provider) createRecurring(w http.ResponseWriter, r *http.Request) {
	if !requireIdempotencyKey(w, r) {
		return
	}
	var req payments.RecurringPaymentRequest
	if err := httpjson.Decode(w, r, &req); err != nil {
		invalid(w, "the body must be a recurring payment request: "+err.Error())
		return
	}
	if msg := validateRecurring(req); msg != "" {
		invalid(w, msg)
		return
	}
	p.Idem.Do(w, r, "POST /recurring-payments", req, func() (int, any) {
		return p.chargeStoredCard(req)
	})
}

func validateRecurring(req payments.RecurringPaymentRequest) string {
	switch {
	case req.Currency != payments.CurrencyGBP:
		return "currency must be GBP"
	case req.AmountPence < 1 || req.AmountPence > MaxAmountPence:
		return "amountPence must be between 1 and 10000000"
	case req.CardToken == "":
		return "cardToken is required"
	case req.Description != "" && !hosted.ValidText(req.Description, 1, 140):
		return "description must be at most 140 characters without line breaks"
	case req.NotificationURL != "" && !validTargetURL(req.NotificationURL):
		return "notificationUrl must be an absolute http or https URL"
	}
	return validateReferences(req.MerchantReference, req.CustomerReference)
}

// chargeStoredCard performs a recurring payment and answers it (or 404 card_not_found).
func (p *Provider) chargeStoredCard(req payments.RecurringPaymentRequest) (int, any) {
	now := p.Clock.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	var sc *storedCard
	if c := p.st.customers[req.CustomerReference]; c != nil {
		_, sc = c.find(req.CardToken)
	}
	if sc == nil {
		return errorAnswer(http.StatusNotFound, payments.CodeCardNotFound, "the customer has no card with that token")
	}
	status, reason := recurringOutcome(sc.behaviour, cardExpired(sc.ExpiryMonth, sc.ExpiryYear, now))
	rp := &payments.RecurringPayment{
		ID: p.newID("txn_"), Status: status, DeclineReason: reason, AmountPence: req.AmountPence,
		Currency: req.Currency, MerchantReference: req.MerchantReference, CustomerReference: req.CustomerReference,
		Description: req.Description, CardToken: sc.Token, Card: payments.CardSummary{Brand: sc.Brand, Last4: sc.Last4},
		NotificationURL: req.NotificationURL, CreatedAt: now,
	}
	p.st.recurring[rp.ID] = rp
	snap := *rp
	ev := p.event(payments.EventRecurringPayment, now)
	ev.RecurringPayment = &snap
	p.hooks.send(p.target(req.NotificationURL), ev)
	return http.StatusCreated, snap
}

// getRecurring serves GET /recurring-payments/{id}.
func (p *Provider) getRecurring(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	rp, ok := p.st.recurring[r.PathValue("id")]
	var snap payments.RecurringPayment
	if ok {
		snap = *rp
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, payments.CodeRecurringPaymentNotFound, "no recurring payment has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, snap)
}
