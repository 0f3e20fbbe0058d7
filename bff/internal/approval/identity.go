package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
)

// The identity check (idv, screens identity_start then post_idv): the borrower goes to the identity
// provider's hosted check and comes back; completeIdv reads the check's outcome from the provider
// (the return query only says the person came back) and records a pass. The check's reference is the
// application's id, which is how a check id is known to be this borrower's.

// idvReturnPath is where the hosted check sends the browser back to (a path: see cpaReturnPath).
const idvReturnPath = "/idv/post_idv"

// GetIdvLink starts an identity check for the borrower's application and answers its page.
func (h *Handlers) GetIdvLink(ctx context.Context, _ apigen.GetIdvLinkRequestObject) (apigen.GetIdvLinkResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if a.Status != lending.ApplicationApproved {
		return nil, web.FailWith(web.CodeBadRequest, msgWrongStage, errors.New("approval: identity check outside approval"))
	}
	c, err := h.identity.CreateCheck(ctx, "", identity.CreateCheck{Reference: a.ID, ReturnURL: h.cfg.PublicURL + idvReturnPath})
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	return apigen.GetIdvLink200JSONResponse{Status: 200, ResultData: apigen.IdvLink{CheckId: c.ID, Url: c.HostedURL}}, nil
}

// CompleteIdv reads the check the borrower came back from: passed is recorded on the application
// (and may make it ready for drawdown, when the loan is opened); failed and pending are answers.
func (h *Handlers) CompleteIdv(ctx context.Context, req apigen.CompleteIdvRequestObject) (apigen.CompleteIdvResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	c, err := h.identity.Check(ctx, req.Body.CheckId)
	switch {
	case errors.Is(err, identity.ErrCheckNotFound):
		return nil, notFound("identity check", err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	if c.Reference != a.ID {
		return nil, notFound("identity check", errors.New("approval: identity check of another application"))
	}
	reasons := c.Reasons
	if reasons == nil {
		reasons = []string{}
	}
	out := apigen.IdvResult{CheckId: c.ID, CheckStatus: c.Status, Reasons: reasons}
	if c.Status == identity.StatusPassed && (a.Identity == nil || a.Identity.CheckID != c.ID) {
		a, err = h.lending.RecordIdentityVerified(ctx, a.ID, c.ID)
		if err != nil {
			return nil, stepError(err, "")
		}
	}
	out.Application, err = h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.CompleteIdv200JSONResponse{Status: 200, ResultData: out}, nil
}
