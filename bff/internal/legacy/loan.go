package legacy

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// LoanCalc prices another amount or term for the signed-in applicant's loan (the quote_review
// calculator) without recording anything: the lending core's price for it today.
func (h *Handlers) LoanCalc(ctx context.Context, req apigen.LoanCalcRequestObject) (apigen.LoanCalcResponseObject, error) {
	if _, _, err := ownapplication.Latest(ctx, h.lending, nil); err != nil {
		return nil, err
	}
	b := req.Body
	q, err := h.lending.Quote(ctx, lending.QuoteRequest{AmountPence: b.AmountPence, TermMonths: b.TermMonths})
	switch {
	case errors.Is(err, lending.ErrOutOfBounds):
		return nil, loanquote.OutOfBounds(ctx, h.lending, b.AmountPence, b.TermMonths, err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	lq, err := loanquote.Shape(q)
	if err != nil {
		return nil, err
	}
	return apigen.LoanCalc200JSONResponse{Status: 200, ResultData: lq}, nil
}

// ConfirmLoanDetails confirms the amount and term (the welcome stage); a change is re-priced.
func (h *Handlers) ConfirmLoanDetails(ctx context.Context, req apigen.ConfirmLoanDetailsRequestObject) (apigen.ConfirmLoanDetailsResponseObject, error) {
	b := req.Body
	info, err := h.step(ctx, msgLoan, func(a lending.Application) (lending.Application, error) {
		a, err := h.lending.ConfirmLoan(ctx, a.ID, lending.ConfirmLoanRequest{AmountPence: b.AmountPence, TermMonths: b.TermMonths})
		switch {
		case errors.Is(err, lending.ErrOutOfBounds):
			return a, loanquote.OutOfBounds(ctx, h.lending, b.AmountPence, b.TermMonths, err)
		case errors.Is(err, lending.ErrInvalidRequest): // amount_above_approved, the only 422 of a valid body
			return a, journeystep.Error(err, journeystep.MsgAboveOffer)
		}
		return a, err
	})
	if err != nil {
		return nil, err
	}
	return apigen.ConfirmLoanDetails200JSONResponse{Status: 200, ResultData: info}, nil
}
