package payment

import (
	"context"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/coredate"
	"lender/bff/internal/shared/ownloan"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

const ofLoan = "loan"

// PaymentOptions answers what the borrower can pay on a loan today and the cards on file to pay with.
func (h *Handlers) PaymentOptions(ctx context.Context, req apigen.PaymentOptionsRequestObject) (apigen.PaymentOptionsResponseObject, error) {
	_, l, err := ownloan.Loan(ctx, h.lending, req.Params.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	cards, err := h.payments.Cards(ctx, l.CustomerID)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	out := apigen.PaymentOptions{LoanId: l.ID, Open: l.MaxRepaymentPence > 0, ArrearsPence: l.Arrears.AmountPence,
		BalancePence: l.BalancePence, MaxPaymentPence: l.MaxRepaymentPence, Cards: storedCards(cards, l.AsOf)}
	if !out.Open {
		out.ClosedReason = ptr(closedReason(l))
	}
	if n := l.NextPayment; n != nil {
		var d coredate.Reader
		out.NextInstalment = &apigen.NextInstalment{DueDate: d.Of(n.DueDate), AmountPence: n.AmountPence}
		if err := d.Failed(); err != nil {
			return nil, err
		}
	}
	return apigen.PaymentOptions200JSONResponse{Status: 200, ResultData: out}, nil
}

// closedReason says why a loan takes no payment today.
func closedReason(l lending.Loan) string {
	if l.Status == lending.LoanStatusSettled {
		if l.SettledOn != "" {
			return "You repaid this loan on " + uktime.CivilDate(l.SettledOn) + ", so there is nothing more to pay."
		}
		return "You have repaid this loan, so there is nothing more to pay."
	}
	return "Every instalment of this loan is paid, so there is nothing more to pay. The loan closes on its final due date."
}

// storedCards are the cards on file as the API gives them, the primary first (the gateway's order
// puts it first; this keeps it so whatever the order). A card is expired after the last day of its
// expiry month, on the day asOf falls on.
func storedCards(cards []payments.Card, asOf time.Time) []apigen.StoredCard {
	out := make([]apigen.StoredCard, 0, len(cards))
	y, m, _ := asOf.UTC().Date()
	for _, c := range cards {
		sc := apigen.StoredCard{CardId: c.Token, Brand: c.Brand, Last4: c.Last4, ExpiryMonth: c.ExpiryMonth,
			ExpiryYear: c.ExpiryYear, Primary: c.Primary,
			Expired: c.ExpiryYear < y || (c.ExpiryYear == y && c.ExpiryMonth < int(m))}
		if c.Primary {
			out = append([]apigen.StoredCard{sc}, out...)
		} else {
			out = append(out, sc)
		}
	}
	return out
}
