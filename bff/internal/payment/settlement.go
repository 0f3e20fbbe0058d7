package payment

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/coredate"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/ownloan"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// Early settlement (issue 17 §3; docs/decisions/paying.md "Repaying early"): the lending core's
// settlement figure (payment/settlementQuote), paying it by card (createPayment, kind settlement) or
// by bank transfer (payment/bankTransfer).

var (
	errQuoteGone         = errors.New("payment: the settlement quote has expired or is not the loan's")
	errSettlementAmount  = errors.New("payment: a settlement pays its quote's total to settle")
	errStaffSettlement   = errors.New("payment: staff do not arrange a borrower's early settlement")
	errCannotSettleToday = errors.New("payment: the lending core cannot settle the loan today")
)

// staffSettlementRefusal is what staff acting for a borrower are told by payment/bankTransfer, in the
// contract's words (x-staff-forbidden).
const staffSettlementRefusal = "Staff cannot arrange a borrower's early settlement. The borrower can do it themselves, online or by contacting us."

// newFigure is the answer for a settlement quote that no longer holds (or is not the loan's).
const newFigure = "This settlement figure is no longer valid. Ask for a new figure to repay your loan early."

// SettlementQuote answers the lending core's figure to repay one of the borrower's loans in full early,
// with its parts and today's balance beside it. A settled loan is 100400 saying when it was repaid.
func (h *Handlers) SettlementQuote(ctx context.Context, req apigen.SettlementQuoteRequestObject) (apigen.SettlementQuoteResponseObject, error) {
	if req.Body == nil { // the validator refuses it first
		return nil, web.Fail(web.CodeBadRequest, errors.New("payment: no body"))
	}
	l, err := h.unsettled(ctx, req.Body.LoanId)
	if err != nil {
		return nil, err
	}
	q, err := h.lending.CreateSettlementQuote(ctx, l.ID, lending.SettlementQuoteRequest{})
	switch {
	case errors.Is(err, lending.ErrLoanNotFound):
		return nil, ownloan.NotFound(ofLoan, err)
	case errors.Is(err, lending.ErrLoanConflict):
		return nil, web.FailWith(web.CodeBadRequest, "We cannot give a figure to repay this loan early online today. "+
			"Contact us and we will give you one.", fmt.Errorf("%w: %w", errCannotSettleToday, err))
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	f, err := figure(q, l)
	if err != nil {
		return nil, err
	}
	return apigen.SettlementQuote200JSONResponse{Status: 200, ResultData: f}, nil
}

// unsettled is loan id when it is the caller's (100404 otherwise, shared/ownloan) and not settled
// (100400 saying when it was repaid).
func (h *Handlers) unsettled(ctx context.Context, id string) (lending.Loan, error) {
	_, l, err := ownloan.Loan(ctx, h.lending, id, ofLoan)
	if err != nil {
		return lending.Loan{}, err
	}
	if l.Status == lending.LoanStatusSettled {
		return lending.Loan{}, web.FailWith(web.CodeBadRequest, closedReason(l), errLoanClosed)
	}
	return l, nil
}

// figure is the API's settlement figure of quote q of loan l: every amount the core's.
func figure(q lending.SettlementQuote, l lending.Loan) (apigen.SettlementFigure, error) {
	var d coredate.Reader
	due := make([]apigen.NextInstalment, len(q.DueBeforeSettlement))
	for i, r := range q.DueBeforeSettlement {
		due[i] = apigen.NextInstalment{DueDate: d.Of(r.DueDate), AmountPence: r.AmountPence}
	}
	requested, settles := d.Of(q.RequestDate), d.Of(q.SettlementDate)
	if err := d.Failed(); err != nil {
		return apigen.SettlementFigure{}, err
	}
	return apigen.SettlementFigure{QuoteId: q.ID, LoanId: l.ID, RequestDate: requested, SettlementDate: settles, ExpiresAt: q.ExpiresAt,
		SettlementAmountPence: q.SettlementAmountPence, RemainingScheduledPence: q.RemainingScheduledPence, RebatePence: q.RebatePence,
		RemainingRepayments: q.RemainingRepayments, ArrearsPence: q.ArrearsPence, DueBeforeSettlement: due,
		DueBeforeSettlementPence: q.DueBeforeSettlementPence, TotalToSettlePence: q.TotalToSettlePence, BalancePence: l.BalancePence}, nil
}

// holdingQuote is settlement quote id of loan l (the caller's) while it holds on the lending core's
// clock; one that has expired, is another loan's or does not exist is 100400 asking for a new figure,
// on field. The core checks again when it records the settlement (a loan changed since the quote).
func (h *Handlers) holdingQuote(ctx context.Context, l lending.Loan, id, field string) (lending.SettlementQuote, error) {
	q, err := h.lending.SettlementQuote(ctx, l.ID, id)
	switch {
	case errors.Is(err, lending.ErrQuoteNotFound), errors.Is(err, lending.ErrLoanNotFound):
		return lending.SettlementQuote{}, web.FailField(field, newFigure, fmt.Errorf("%w: %w", errQuoteGone, err))
	case err != nil:
		return lending.SettlementQuote{}, web.FailUpstream(err)
	case q.LoanID != l.ID || !l.AsOf.Before(q.ExpiresAt):
		return lending.SettlementQuote{}, web.FailField(field, newFigure, errQuoteGone)
	}
	return q, nil
}

// settlementAmount checks an early settlement createPayment was asked for: a loan not settled, a quote
// of it that holds, and exactly its total to settle (maxPaymentPence does not bound it). It answers the
// quote's id.
func (h *Handlers) settlementAmount(ctx context.Context, l lending.Loan, body *apigen.CreatePaymentJSONRequestBody) (string, error) {
	if l.Status == lending.LoanStatusSettled {
		return "", web.FailWith(web.CodeBadRequest, closedReason(l), errLoanClosed)
	}
	if body.SettlementQuoteId == nil {
		return "", web.FailField("settlementQuoteId", "Ask for a settlement figure first: repaying your loan early pays that figure",
			errQuoteGone)
	}
	q, err := h.holdingQuote(ctx, l, *body.SettlementQuoteId, "settlementQuoteId")
	if err != nil {
		return "", err
	}
	if body.AmountPence != q.TotalToSettlePence {
		return "", web.FailField("amountPence", fmt.Sprintf("To repay your loan early you pay %s, your settlement figure. "+
			"If that is not what you expected, ask for a new figure", loanquote.Pounds(q.TotalToSettlePence)), errSettlementAmount)
	}
	return q.ID, nil
}

// BankTransfer answers the lender's account to settle one of the borrower's loans into by bank
// transfer, under a settlement quote that holds, and records the borrower's intent in the lending
// core's audit trail once per quote. The loan is settled when the money arrives, not now.
func (h *Handlers) BankTransfer(ctx context.Context, req apigen.BankTransferRequestObject) (apigen.BankTransferResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	if _, acting := signin.StaffActing(sess); acting { // the router refuses it first (x-staff-forbidden)
		return nil, web.FailWith(web.CodeStaffForbidden, staffSettlementRefusal, errStaffSettlement)
	}
	if req.Body == nil { // the validator refuses it first
		return nil, web.Fail(web.CodeBadRequest, errors.New("payment: no body"))
	}
	l, err := h.unsettled(ctx, req.Body.LoanId)
	if err != nil {
		return nil, err
	}
	q, err := h.holdingQuote(ctx, l, req.Body.SettlementQuoteId, "settlementQuoteId")
	if err != nil {
		return nil, err
	}
	brand, err := h.cfg.Brands.ForCustomer(ctx, l.CustomerID, nil)
	if err != nil {
		return nil, err
	}
	var d coredate.Reader
	payBy := d.Of(q.SettlementDate)
	if err := d.Failed(); err != nil {
		return nil, err
	}
	if err := h.recordTransferIntent(ctx, l.CustomerID, q.ID); err != nil {
		return nil, err
	}
	out := apigen.BankTransferDetails{Payee: brand.SettlementPayee, SortCode: brand.SettlementSortCode,
		AccountNumber: brand.SettlementAccountNumber, Reference: transferReference(l.ID), AmountPence: q.TotalToSettlePence, PayBy: payBy}
	return apigen.BankTransfer200JSONResponse{Status: 200, ResultData: out}, nil
}

// transferIntentAction is the audit trail's action of a borrower's intent to settle by bank transfer.
const transferIntentAction = "bankTransfer"

// recordTransferIntent records, in the lending core's audit trail, that the customer chose to settle
// under quote quoteID by bank transfer: the borrower is the actor, and the event's request id is the
// quote's, so asking again records nothing more (the core answers the first event again, or that the
// id is taken by it).
func (h *Handlers) recordTransferIntent(ctx context.Context, customerID, quoteID string) error {
	_, err := h.lending.RecordAudit(ctx, lending.AuditEvent{RequestID: "settle-transfer-" + quoteID, ActorID: customerID,
		CustomerID: customerID, Action: transferIntentAction, OccurredAt: time.Now().UTC()})
	switch {
	case err == nil, errors.Is(err, lending.ErrIdempotencyConflict): // recorded now, or before
		return nil
	case errors.Is(err, lending.ErrAuditEventInvalid):
		return web.Fail(web.CodeInternal, err)
	}
	return web.FailUpstream(err)
}

// transferReference is the reference a borrower gives their bank transfer: derived from the loan's id
// (no personal data), short enough for any UK bank's 18 characters, and the same for every quote of
// the loan, so the lender matches the money to the loan.
func transferReference(loanID string) string {
	sum := sha256.Sum256([]byte(loanID))
	return "SETTLE" + strings.ToUpper(hex.EncodeToString(sum[:])[:10])
}
