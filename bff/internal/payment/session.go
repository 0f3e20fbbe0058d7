package payment

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/ownloan"
	"lender/bff/upstream/payments"
)

const ofPayment = "payment"

var errNotTheirLink = errors.New("payment: the payment link is another customer's, or no payment of a loan")

// PaymentSessionInfo reads a hosted checkout the borrower came back from (or left): an application's
// card-saving checkout is approval's (CpaSessionInfo); a payment towards a loan answers the payment,
// recorded at the lending core now when it succeeded and no webhook has yet. Another customer's link
// is 100404, like one that does not exist.
func (h *Handlers) PaymentSessionInfo(ctx context.Context, req apigen.PaymentSessionInfoRequestObject) (apigen.PaymentSessionInfoResponseObject, error) {
	sess, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	link, err := h.payments.PaymentLink(ctx, req.Params.PaymentLinkId)
	switch {
	case errors.Is(err, payments.ErrPaymentLinkNotFound):
		return nil, ownloan.NotFound(ofPayment, err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	if h.cpa.IsCpaLink(link) {
		return h.cpa.CpaSessionInfo(ctx, req)
	}
	ref, ok := parseReference(link.MerchantReference)
	if !ok || link.CustomerReference != sess.Subject {
		return nil, ownloan.NotFound(ofPayment, errNotTheirLink)
	}
	if _, _, err := ownloan.Loan(ctx, h.lending, ref.loanID, ofPayment); err != nil {
		return nil, err
	}
	p, err := h.fromLink(ctx, link, ref)
	if err != nil {
		return nil, err
	}
	out := apigen.PaymentSessionInfo{PaymentLinkId: link.ID, Purpose: apigen.PaymentSessionInfoPurposeRepayment, Status: link.Status,
		DeclineReason: link.DeclineReason, Card: p.Card, Payment: &p}
	return apigen.PaymentSessionInfo200JSONResponse{Status: 200, ResultData: out}, nil
}
