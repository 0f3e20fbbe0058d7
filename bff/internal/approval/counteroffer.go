package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// CounterofferResponse answers the lower offer of a counteroffer decision (screen counteroffer):
// accepting approves the application at the offer; declining withdraws it.
func (h *Handlers) CounterofferResponse(ctx context.Context, req apigen.CounterofferResponseRequestObject) (apigen.CounterofferResponseResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	if a.Status != lending.ApplicationCounteroffer {
		return nil, web.FailWith(web.CodeBadRequest, "There is no offer waiting for your answer.", errors.New("approval: no counteroffer"))
	}
	a, err = h.lending.RespondToCounteroffer(ctx, a.ID, req.Body.Accept)
	if err != nil {
		return nil, stepError(err, "")
	}
	return apigen.CounterofferResponse200JSONResponse{Status: 200, ResultData: progress(a)}, nil
}
