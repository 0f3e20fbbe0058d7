package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Messages of a withdrawal the lending core refuses, by what the application has become.
const (
	msgLoanOpened = "Your loan has already been opened, so your application can no longer be withdrawn. " +
		"You can still withdraw from your loan agreement within 14 days of it being made: contact us to do so."
	msgAlreadyClosed = "Your application is already closed, so there is nothing to withdraw."
)

// withdrawalKey is the Idempotency-Key of the applicant's withdrawal of one application: a double click
// or a retried call withdraws it once and answers the same.
func withdrawalKey(applicationID string) string { return "withdraw-" + applicationID }

// WithdrawApplication withdraws the signed-in applicant's latest application because they changed their
// mind (screen change-my-mind): no loan will be made from it. The lending core decides whether it still
// can be withdrawn (it is open: not declined, withdrawn or drawn down).
func (h *Handlers) WithdrawApplication(ctx context.Context, _ apigen.WithdrawApplicationRequestObject) (apigen.WithdrawApplicationResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if !withdrawnAtTheirRequest(a) {
		withdrawn, err := h.lending.WithdrawApplication(ctx, a.ID, lending.WithdrawnApplicantChangedMind, withdrawalKey(a.ID))
		if errors.Is(err, lending.ErrApplicationStatus) {
			return nil, h.refusedWithdrawal(ctx, a.ID, err)
		}
		if err != nil {
			return nil, stepError(err, "")
		}
		a = withdrawn
	}
	return apigen.WithdrawApplication200JSONResponse{Status: 200, ResultData: progress(a)}, nil
}

// withdrawnAtTheirRequest: the applicant withdrew it already (from another tab, or the answer to their
// first click was lost), so asking again answers what they asked for rather than a refusal, however
// long ago the first call's key was used.
func withdrawnAtTheirRequest(a lending.Application) bool {
	return a.Status == lending.ApplicationWithdrawn && a.Withdrawal != nil &&
		a.Withdrawal.Reason == lending.WithdrawnApplicantChangedMind
}

// refusedWithdrawal says why the application could not be withdrawn. The core's 409 does not say what
// the application became; it is read again, as a drawdown may have opened the loan since it was read.
func (h *Handlers) refusedWithdrawal(ctx context.Context, id string, cause error) error {
	now, err := h.lending.Application(ctx, id)
	if err != nil {
		return web.FailUpstream(err)
	}
	if now.Status == lending.ApplicationDrawnDown {
		return web.FailWith(web.CodeBadRequest, msgLoanOpened, cause)
	}
	return web.FailWith(web.CodeBadRequest, msgAlreadyClosed, cause)
}
