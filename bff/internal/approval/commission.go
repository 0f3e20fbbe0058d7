package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
)

// GetCommissionInfo is the broker commission disclosure of the borrower's application (screen
// commission-consent). Without a broker, Required is false and there is nothing to accept.
func (h *Handlers) GetCommissionInfo(ctx context.Context, _ apigen.GetCommissionInfoRequestObject) (apigen.GetCommissionInfoResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	c, err := h.lending.Commission(ctx, a.ID)
	if err != nil {
		return nil, stepError(err, "")
	}
	return apigen.GetCommissionInfo200JSONResponse{Status: 200, ResultData: apigen.CommissionInfo{
		Required:    c.Required,
		BrokerFirm:  c.BrokerFirm,
		AmountPence: c.AmountPence,
		Disclosure:  c.Disclosure,
		Consented:   !c.ConsentedAt.IsZero(),
	}}, nil
}

// CommissionConsent records that the borrower accepts the broker's commission. Refusing is not a
// call: a borrower who does not accept does not go on (the change-my-mind screen offers to start over).
func (h *Handlers) CommissionConsent(ctx context.Context, req apigen.CommissionConsentRequestObject) (apigen.CommissionConsentResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil || !req.Body.Accept {
		return nil, web.FailWith(web.CodeBadRequest, "To go on, accept the commission.", errors.New("approval: commission not accepted"))
	}
	a, err = h.lending.ConsentToCommission(ctx, a.ID)
	if err != nil {
		return nil, stepError(err, "To go on, accept the commission.")
	}
	p, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.CommissionConsent200JSONResponse{Status: 200, ResultData: p}, nil
}
