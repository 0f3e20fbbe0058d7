package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/ownloan"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

var (
	errStaffPayment  = errors.New("payment: staff do not take payments for a borrower")
	errAmount        = errors.New("payment: the amount is outside what the loan takes today")
	errNotTheirCard  = errors.New("payment: the card is not one of the customer's")
	errLoanClosed    = errors.New("payment: the loan takes no payment today")
	errNotSettlement = errors.New("payment: a settlement quote named by a payment that is not a settlement")
)

// staffRefusal is what staff acting for a borrower are told, in the contract's words (x-staff-forbidden).
const staffRefusal = "Staff cannot take a payment for a borrower. The borrower can pay themselves, online or by contacting us."

// intentTTL is how long the BFF remembers the payment of a browser's key: the gateway's own memory of
// an Idempotency-Key (24 hours).
const intentTTL = 24 * time.Hour

// intent is the payment a browser's key made, remembered so the same key answers the same payment
// whatever is sent with it.
type intent struct {
	PaymentID string               `json:"paymentId"` // the recurring payment's id, or the link's
	Method    apigen.PaymentMethod `json:"method"`
	LoanID    string               `json:"loanId"`
	Kind      apigen.PaymentKind   `json:"kind"`
	QuoteID   string               `json:"quoteId,omitempty"` // an early settlement's quote
}

func (in intent) ref() payRef { return payRef{kind: in.Kind, loanID: in.LoanID, quoteID: in.QuoteID} }

func (h *Handlers) intentKey(customerID, browserKey string) string {
	return h.cfg.KeyPrefix + "payment:intent:" + gatewayKey(customerID, browserKey)
}

// CreatePayment takes one payment per Idempotency-Key: a charge of a card on file, or a hosted
// checkout for a new card.
func (h *Handlers) CreatePayment(ctx context.Context, req apigen.CreatePaymentRequestObject) (apigen.CreatePaymentResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting { // the router refuses it first (x-staff-forbidden)
		return nil, web.FailWith(web.CodeStaffForbidden, staffRefusal, errStaffPayment)
	}
	browserKey := req.Params.IdempotencyKey
	if prior, ok, err := h.intentOf(ctx, sess.Subject, browserKey); err != nil {
		return nil, err
	} else if ok {
		p, err := h.replay(ctx, prior)
		if err != nil {
			return nil, err
		}
		return apigen.CreatePayment200JSONResponse{Status: 200, ResultData: p}, nil
	}
	body := req.Body
	if body == nil { // the validator refuses it first
		return nil, web.Fail(web.CodeBadRequest, errors.New("payment: no body"))
	}
	_, l, err := ownloan.Loan(ctx, h.lending, body.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	ref := payRef{kind: apigen.PaymentKind(body.Kind), loanID: l.ID}
	if ref.kind == apigen.PaymentKindSettlement {
		if ref.quoteID, err = h.settlementAmount(ctx, l, body); err != nil {
			return nil, err
		}
	} else if err := checkAmount(l, body); err != nil {
		return nil, err
	}
	key := gatewayKey(sess.Subject, browserKey)
	var p apigen.Payment
	if body.CardId != nil {
		p, err = h.chargeCard(ctx, l, *body.CardId, body.AmountPence, ref, key)
	} else {
		p, err = h.openCheckout(ctx, l, body.AmountPence, ref, key)
	}
	if err != nil {
		return nil, err
	}
	h.remember(ctx, sess.Subject, browserKey, intent{PaymentID: p.PaymentId, Method: p.Method, LoanID: l.ID, Kind: ref.kind, QuoteID: ref.quoteID})
	return apigen.CreatePayment200JSONResponse{Status: 200, ResultData: p}, nil
}

// checkAmount checks a payment that is not a settlement against what the loan takes today.
func checkAmount(l lending.Loan, body *apigen.CreatePaymentJSONRequestBody) error {
	switch {
	case l.MaxRepaymentPence <= 0:
		return web.FailWith(web.CodeBadRequest, closedReason(l), errLoanClosed)
	case body.SettlementQuoteId != nil:
		return web.FailField("settlementQuoteId", "Only repaying your loan in full early pays a settlement figure", errNotSettlement)
	case body.AmountPence < 1:
		return web.FailField("amountPence", "Enter an amount of at least 1p", errAmount)
	case body.AmountPence > l.MaxRepaymentPence:
		return web.FailField("amountPence", fmt.Sprintf("The most you can pay today is %s. To pay everything you owe, "+
			"repay your loan early: that is an early settlement, with its own figure", loanquote.Pounds(l.MaxRepaymentPence)), errAmount)
	}
	return nil
}

// description is what the gateway shows the borrower they are paying.
func description(r payRef) string {
	if r.kind == apigen.PaymentKindSettlement {
		return "Repaying your loan in full"
	}
	return "A payment towards your loan"
}

// chargeCard charges a card on file of the loan's customer and, when it succeeds, records the
// repayment at once.
func (h *Handlers) chargeCard(ctx context.Context, l lending.Loan, cardID string, amount int64, ref payRef, key string) (apigen.Payment, error) {
	cards, err := h.payments.Cards(ctx, l.CustomerID)
	if err != nil {
		return apigen.Payment{}, web.FailUpstream(err)
	}
	mine := false
	for _, c := range cards {
		mine = mine || c.Token == cardID
	}
	if !mine {
		return apigen.Payment{}, ownloan.NotFound("card", errNotTheirCard)
	}
	rp, err := h.payments.CreateRecurringPayment(ctx, payments.RecurringPaymentRequest{CardToken: cardID, CustomerReference: l.CustomerID,
		AmountPence: amount, Currency: payments.CurrencyGBP, MerchantReference: reference(ref),
		Description: description(ref), NotificationURL: h.cfg.WebhookURL()}, key)
	switch {
	case errors.Is(err, payments.ErrCardNotFound):
		return apigen.Payment{}, ownloan.NotFound("card", err)
	case errors.Is(err, payments.ErrIdempotencyConflict):
		return apigen.Payment{}, web.FailWith(web.CodeBadRequest, "This payment is already being taken. Wait a moment, then check your balance.", err)
	case err != nil:
		return apigen.Payment{}, web.FailUpstream(err)
	}
	return h.fromRecurring(ctx, rp, ref)
}

// openCheckout opens the gateway's hosted checkout for the amount, in the loan's brand.
func (h *Handlers) openCheckout(ctx context.Context, l lending.Loan, amount int64, ref payRef, key string) (apigen.Payment, error) {
	brand, err := h.cfg.Brands.ForCustomer(ctx, l.CustomerID, nil)
	if err != nil {
		return apigen.Payment{}, err
	}
	link, err := h.payments.CreatePaymentLink(ctx, payments.CreatePaymentLinkRequest{AmountPence: amount, Currency: payments.CurrencyGBP,
		MerchantReference: reference(ref), CustomerReference: l.CustomerID, Description: description(ref),
		// The checkout names the brand of the borrower's loan, never another of the lender's brands.
		MerchantDisplayName: brand.DisplayName, MerchantBrandColour: brand.Primary,
		ReturnURL: h.cfg.PublicURL + resultPath, NotificationURL: h.cfg.WebhookURL()}, key)
	switch {
	case errors.Is(err, payments.ErrIdempotencyConflict):
		return apigen.Payment{}, web.FailWith(web.CodeBadRequest, "This payment is already being taken. Wait a moment, then check your balance.", err)
	case err != nil:
		return apigen.Payment{}, web.FailUpstream(err)
	}
	return h.fromLink(ctx, link, ref)
}

// replay answers the payment a key made before, as it stands now at the gateway.
func (h *Handlers) replay(ctx context.Context, in intent) (apigen.Payment, error) {
	if in.Method == apigen.PaymentMethodStoredCard {
		rp, err := h.payments.RecurringPayment(ctx, in.PaymentID)
		if err != nil {
			return apigen.Payment{}, web.FailUpstream(err)
		}
		return h.fromRecurring(ctx, rp, in.ref())
	}
	link, err := h.payments.PaymentLink(ctx, in.PaymentID)
	if err != nil {
		return apigen.Payment{}, web.FailUpstream(err)
	}
	return h.fromLink(ctx, link, in.ref())
}

// fromRecurring is the API's payment of a charge of a card on file, recorded when it succeeded.
func (h *Handlers) fromRecurring(ctx context.Context, rp payments.RecurringPayment, ref payRef) (apigen.Payment, error) {
	st, err := status(rp.Status)
	if err != nil {
		return apigen.Payment{}, web.Fail(web.CodeUpstreamFailed, err)
	}
	p := apigen.Payment{PaymentId: rp.ID, LoanId: ref.loanID, Kind: ref.kind, AmountPence: rp.AmountPence, Method: apigen.PaymentMethodStoredCard,
		Status: st, Card: &apigen.CardSummary{Brand: rp.Card.Brand, Last4: rp.Card.Last4}}
	h.outcome(ctx, &p, ref, rp.ID, rp.DeclineReason)
	return p, nil
}

// fromLink is the API's payment of a hosted checkout, recorded when it succeeded.
func (h *Handlers) fromLink(ctx context.Context, link payments.PaymentLink, ref payRef) (apigen.Payment, error) {
	st, err := status(link.Status)
	if err != nil {
		return apigen.Payment{}, web.Fail(web.CodeUpstreamFailed, err)
	}
	p := apigen.Payment{PaymentId: link.ID, LoanId: ref.loanID, Kind: ref.kind, AmountPence: link.AmountPence, Method: apigen.PaymentMethodCheckout,
		Status: st}
	if st == apigen.PaymentStatusPending {
		p.CheckoutUrl = ptr(link.URL)
	}
	if link.Card != nil {
		p.Card = &apigen.CardSummary{Brand: link.Card.Brand, Last4: link.Card.Last4}
	}
	h.outcome(ctx, &p, ref, link.TransactionID, link.DeclineReason)
	return p, nil
}

// outcome fills in a final payment: a decline in words, or a success recorded at the lending core (now,
// if no webhook has yet). A lending core that cannot record it now leaves recorded false: the
// gateway's webhook is retried until it does.
func (h *Handlers) outcome(ctx context.Context, p *apigen.Payment, ref payRef, transactionID, reason string) {
	switch p.Status {
	case apigen.PaymentStatusDeclined:
		p.DeclineReason, p.DeclineMessage = ptr(reason), ptr(declineMessage(reason))
	case apigen.PaymentStatusSucceeded:
		rep, err := h.record(ctx, ref, transactionID, p.AmountPence)
		switch {
		case refusedForGood(err):
			h.log.ErrorContext(ctx, "the lending core refused a payment the gateway took: it needs a person",
				"loanId", p.LoanId, "kind", string(ref.kind), "transactionId", transactionID, "cause", err.Error())
		case err != nil:
			h.log.WarnContext(ctx, "a succeeded payment is not recorded or its receipt not sent yet; the webhook's retries finish it",
				"loanId", p.LoanId, "transactionId", transactionID, "cause", err.Error())
		}
		if rep.ID != "" { // recorded (the receipt may wait for the webhook)
			p.Recorded, p.BalanceAfterPence, p.LoanStatus = true, ptr(rep.BalanceAfterPence), ptr(rep.LoanStatus)
		}
	}
}

func (h *Handlers) intentOf(ctx context.Context, customerID, browserKey string) (intent, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.RedisTimeout)
	defer cancel()
	raw, err := h.redis.Get(ctx, h.intentKey(customerID, browserKey)).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return intent{}, false, nil
	case err != nil:
		return intent{}, false, web.Fail(web.CodeDependencyDown, err)
	}
	var in intent
	if err := json.Unmarshal(raw, &in); err != nil {
		return intent{}, false, web.Fail(web.CodeInternal, err)
	}
	return in, true, nil
}

// remember keeps the payment of a key. Failing to is not the borrower's problem: the gateway's own
// idempotency still answers the same payment to the same request.
func (h *Handlers) remember(ctx context.Context, customerID, browserKey string, in intent) {
	raw, err := json.Marshal(in)
	if err == nil {
		ctx, cancel := context.WithTimeout(ctx, h.cfg.RedisTimeout)
		defer cancel()
		err = h.redis.Set(ctx, h.intentKey(customerID, browserKey), raw, intentTTL).Err()
	}
	if err != nil {
		h.log.WarnContext(ctx, "a payment's key could not be remembered", "paymentId", in.PaymentID, "cause", err.Error())
	}
}
