package onepage

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// SubmitApplicationToRender submits the latest application and answers the decision.
func (h *Handlers) SubmitApplicationToRender(ctx context.Context, req apigen.SubmitApplicationToRenderRequestObject) (apigen.SubmitApplicationToRenderResponseObject, error) {
	st, err := h.submit(ctx, req.Params.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	return apigen.SubmitApplicationToRender200JSONResponse{Status: 200, ResultData: st}, nil
}

// SubmitInstantApplicationToRender is the same submission: the lending core decides every one at once.
func (h *Handlers) SubmitInstantApplicationToRender(ctx context.Context, req apigen.SubmitInstantApplicationToRenderRequestObject) (apigen.SubmitInstantApplicationToRenderResponseObject, error) {
	st, err := h.submit(ctx, req.Params.IdempotencyKey)
	if err != nil {
		return nil, err
	}
	return apigen.SubmitInstantApplicationToRender200JSONResponse{Status: 200, ResultData: st}, nil
}

func (h *Handlers) submit(ctx context.Context, key string) (apigen.OnePageApplicationStatus, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return apigen.OnePageApplicationStatus{}, err
	}
	// The key's scope includes the application's path in the core, so one key cannot submit two
	// applications; the same key again answers the first outcome.
	done, err := h.lending.SubmitApplication(ctx, a.ID, key)
	switch {
	case errors.Is(err, lending.ErrApplicationIncomplete):
		return apigen.OnePageApplicationStatus{}, web.FailWith(web.CodeBadRequest, incompleteMessage(a), err)
	case errors.Is(err, lending.ErrApplicationStatus):
		return apigen.OnePageApplicationStatus{}, web.FailWith(web.CodeBadRequest, "Your application has been sent already.", err)
	case errors.Is(err, lending.ErrIdempotencyConflict), errors.Is(err, lending.ErrInvalidRequest):
		return apigen.OnePageApplicationStatus{}, web.FailWith(web.CodeBadRequest, "Your application could not be sent. Please reload the page and try again.", err)
	case err != nil:
		return apigen.OnePageApplicationStatus{}, web.FailUpstream(err)
	}
	return applicationview.Status(done)
}

// incompleteMessage names the steps still missing, in the journey's order and in plain words, from the
// application as read just before submitting.
func incompleteMessage(a lending.Application) string {
	j := a.JourneyMap
	var missing []string
	add := func(done bool, words string) {
		if !done {
			missing = append(missing, words)
		}
	}
	add(j.YourLoan.LoanValueConfirm, "confirm your loan amount and term")
	add(j.AboutYou.EmailVerification, "confirm your e-mail address")
	add(j.AboutYou.LoanPurposeConfirm, "tell us what the loan is for")
	add(j.AboutYou.RentConfirm, "tell us about your housing")
	add(j.AboutYou.AddressUpdate, "give your addresses for the last 3 years")
	add(j.AboutYou.IncomeConfirm, "tell us your income")
	add(a.FutureIncomeChange != nil, "tell us whether your income will change")
	add(len(a.CreditAssessment) > 0, "answer the questions about your finances")
	add(j.VerifyIncome.OpenBanking || j.AboutYou.OBSkip, "connect your bank or choose to continue without it")
	if len(missing) == 0 {
		return "Some steps of your application are not finished yet. Please check each step and try again."
	}
	return "Before you send your application, please " + strings.Join(missing, "; ") + "."
}
