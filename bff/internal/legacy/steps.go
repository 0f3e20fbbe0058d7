package legacy

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/upstream/lending"
)

// UpdateLoanPurposeDetail records what the loan is for (the purpose_text screen gives the words of an
// "other" purpose).
func (h *Handlers) UpdateLoanPurposeDetail(ctx context.Context, req apigen.UpdateLoanPurposeDetailRequestObject) (apigen.UpdateLoanPurposeDetailResponseObject, error) {
	r := lending.PurposeRequest{Purpose: string(req.Body.Purpose), PurposeText: strings.TrimSpace(deref(req.Body.PurposeText))}
	if r.Purpose == lending.PurposeOther && r.PurposeText == "" {
		return nil, web.FailWith(web.CodeBadRequest, journeystep.MsgPurposeText, errors.New("legacy: other purpose without text"))
	}
	if r.Purpose != lending.PurposeOther {
		r.PurposeText = "" // the text belongs to "other" only
	}
	info, err := h.step(ctx, msgPurpose, func(a lending.Application) (lending.Application, error) {
		return h.lending.UpdatePurpose(ctx, a.ID, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateLoanPurposeDetail200JSONResponse{Status: 200, ResultData: info}, nil
}

// UpdateRentInfo records the housing details and, when given, the address history: together they are
// the legacy rentInfo stage.
func (h *Handlers) UpdateRentInfo(ctx context.Context, req apigen.UpdateRentInfoRequestObject) (apigen.UpdateRentInfoResponseObject, error) {
	b := req.Body
	housing, err := journeystep.Housing(b.Housing)
	if err != nil {
		return nil, err
	}
	var history *lending.AddressHistoryRequest
	if b.Addresses != nil {
		r, err := journeystep.AddressHistory(*b.Addresses)
		if err != nil {
			return nil, err
		}
		history = &r
	}
	info, err := h.step(ctx, journeystep.MsgHousing, func(a lending.Application) (lending.Application, error) {
		a, err := h.lending.UpdateHousing(ctx, a.ID, housing)
		if err != nil || history == nil {
			return a, err
		}
		a, err = h.lending.UpdateAddressHistory(ctx, a.ID, *history)
		if errors.Is(err, lending.ErrInvalidRequest) {
			return a, web.FailWith(web.CodeBadRequest, journeystep.MsgAddresses, err)
		}
		return a, err
	})
	if err != nil {
		return nil, err
	}
	return apigen.UpdateRentInfo200JSONResponse{Status: 200, ResultData: info}, nil
}

// FutureIncomeChange records whether the applicant expects their income to change in the next 12
// months (part of the incomeVerification stage).
func (h *Handlers) FutureIncomeChange(ctx context.Context, req apigen.FutureIncomeChangeRequestObject) (apigen.FutureIncomeChangeResponseObject, error) {
	r, err := journeystep.FutureIncome(*req.Body)
	if err != nil {
		return nil, err
	}
	info, err := h.step(ctx, journeystep.MsgFutureIncome, func(a lending.Application) (lending.Application, error) {
		return h.lending.UpdateFutureIncomeChange(ctx, a.ID, r)
	})
	if err != nil {
		return nil, err
	}
	return apigen.FutureIncomeChange200JSONResponse{Status: 200, ResultData: info}, nil
}

// FutureIncomeChangeAndSubmitApplication records the future-income-change answer, then submits the
// application (the all_submit screen's one button): the answer carries the decision.
func (h *Handlers) FutureIncomeChangeAndSubmitApplication(ctx context.Context, req apigen.FutureIncomeChangeAndSubmitApplicationRequestObject) (apigen.FutureIncomeChangeAndSubmitApplicationResponseObject, error) {
	r, err := journeystep.FutureIncome(*req.Body)
	if err != nil {
		return nil, err
	}
	info, err := h.step(ctx, journeystep.MsgFutureIncome, func(a lending.Application) (lending.Application, error) {
		if _, err := h.lending.UpdateFutureIncomeChange(ctx, a.ID, r); err != nil {
			return a, err
		}
		return h.submit(ctx, a)
	})
	if err != nil {
		return nil, err
	}
	return apigen.FutureIncomeChangeAndSubmitApplication200JSONResponse{Status: 200, ResultData: info}, nil
}

// SubmitApplicationToAdb submits the application for the lending core's decision (the legacy name's
// "ADB" is the decision engine); the answer carries the decision.
func (h *Handlers) SubmitApplicationToAdb(ctx context.Context, _ apigen.SubmitApplicationToAdbRequestObject) (apigen.SubmitApplicationToAdbResponseObject, error) {
	info, err := h.step(ctx, journeystep.MsgSubmitted, func(a lending.Application) (lending.Application, error) {
		return h.submit(ctx, a)
	})
	if err != nil {
		return nil, err
	}
	return apigen.SubmitApplicationToAdb200JSONResponse{Status: 200, ResultData: info}, nil
}

// submit submits a, keyed by the application: a double click or a retry answers the first outcome.
func (h *Handlers) submit(ctx context.Context, a lending.Application) (lending.Application, error) {
	done, err := h.lending.SubmitApplication(ctx, a.ID, "legacy-submit-"+a.ID)
	switch {
	case errors.Is(err, lending.ErrApplicationIncomplete):
		return a, web.FailWith(web.CodeBadRequest, incompleteMessage(a), err)
	case errors.Is(err, lending.ErrApplicationStatus):
		return a, web.FailWith(web.CodeBadRequest, "Your application has been sent already.", err)
	}
	return done, err
}

// incompleteMessage names the legacy stages still pending before submission, in plain words.
func incompleteMessage(a lending.Application) string {
	r := a.RegStage
	var missing []string
	add := func(v int, words string) {
		if v != lending.StageDone {
			missing = append(missing, words)
		}
	}
	add(r.Welcome, "confirm your loan amount and term")
	add(r.RentInfo, "tell us about your housing and your addresses for the last 3 years")
	add(r.EmailConf, "confirm your e-mail address")
	add(r.OpenBanking, "connect your bank or choose to continue without it")
	add(r.IncomeVerification, "tell us your income and answer the questions about your finances")
	if a.Purpose == lending.PurposeOther && strings.TrimSpace(a.PurposeText) == "" {
		missing = append(missing, "tell us what the loan is for")
	}
	if len(missing) == 0 {
		return "Some steps of your application are not finished yet. Please check each step and try again."
	}
	return "Before you send your application, please " + strings.Join(missing, "; ") + "."
}
