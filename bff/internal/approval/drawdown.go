package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Drawdown opens the loan of the borrower's application once it is ready for drawdown (screen
// signOver). The step calls already do this when they finish the last stage; this call is for an
// application that became ready another way, or whose drawdown failed at that moment. It uses the
// same Idempotency-Key, so it never opens a second loan.
func (h *Handlers) Drawdown(ctx context.Context, _ apigen.DrawdownRequestObject) (apigen.DrawdownResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if a.Status != lending.ApplicationReadyForDrawdown && a.Status != lending.ApplicationDrawnDown {
		return nil, web.FailWith(web.CodeBadRequest, "Your loan can be paid out once every step of your application is done.",
			errors.New("approval: drawdown before ready"))
	}
	p, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.Drawdown200JSONResponse{Status: 200, ResultData: p}, nil
}
