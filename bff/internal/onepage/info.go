package onepage

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// GetOnePageApplicationInfo answers the journey of the latest application and what each step recorded.
func (h *Handlers) GetOnePageApplicationInfo(ctx context.Context, req apigen.GetOnePageApplicationInfoRequestObject) (apigen.GetOnePageApplicationInfoResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, req.Params.Uuid)
	if err != nil {
		return nil, err
	}
	info, err := h.info(ctx, a)
	if err != nil {
		return nil, err
	}
	return apigen.GetOnePageApplicationInfo200JSONResponse{Status: 200, ResultData: info}, nil
}

// GetOnePageApplicationStatus answers where the latest application stands, with its decision.
func (h *Handlers) GetOnePageApplicationStatus(ctx context.Context, req apigen.GetOnePageApplicationStatusRequestObject) (apigen.GetOnePageApplicationStatusResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, req.Params.Uuid)
	if err != nil {
		return nil, err
	}
	st, err := applicationview.Status(a)
	if err != nil {
		return nil, err
	}
	return apigen.GetOnePageApplicationStatus200JSONResponse{Status: 200, ResultData: st}, nil
}

// info shapes the application for the step screens: the journeyMap, each step's record, the e-mail
// address and, for the steps still open, the eligibility check's answers.
func (h *Handlers) info(ctx context.Context, a lending.Application) (apigen.OnePageApplicationInfo, error) {
	cu, err := h.lending.Customer(ctx, a.CustomerID)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, web.FailUpstream(err)
	}
	loan, err := applicationview.Loan(a)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, err
	}
	dec, err := applicationview.Decision(a.Decision)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, err
	}
	out := apigen.OnePageApplicationInfo{
		ApplicationId:    a.ID,
		Uuid:             a.CustomerID,
		Status:           apigen.ApplicationStatus(a.Status),
		OnePage:          a.OnePage,
		JourneyMap:       journeyMap(a.JourneyMap),
		Email:            cu.Email,
		Loan:             loan,
		Addresses:        applicationview.Addresses(a.Addresses),
		CreditAssessment: applicationview.Answers(a.CreditAssessment),
		OpenBanking:      apigen.OnePageOpenBanking{Status: apigen.OnePageOpenBankingStatus(openBankingStatus(a.OpenBanking.Status))},
		Decision:         dec,
	}
	if !a.OpenBanking.UpdatedAt.IsZero() {
		t := a.OpenBanking.UpdatedAt
		out.OpenBanking.UpdatedAt = &t
	}
	if a.Purpose != "" {
		p := apigen.LoanPurpose{Purpose: apigen.LoanPurposePurpose(a.Purpose)}
		if a.PurposeText != "" {
			text := a.PurposeText
			p.PurposeText = &text
		}
		out.Purpose = &p
	}
	if a.Housing != nil {
		out.Housing = applicationview.Housing(*a.Housing)
	}
	if a.Income != nil {
		out.Income = &apigen.Income{
			AnnualIncomePence: a.Income.AnnualIncomePence,
			EmploymentStatus:  apigen.IncomeEmploymentStatus(a.Income.EmploymentStatus),
			PayFrequency:      apigen.IncomePayFrequency(a.Income.PayFrequency),
		}
	}
	if a.FutureIncomeChange != nil {
		out.FutureIncomeChange = applicationview.FutureIncomeChange(*a.FutureIncomeChange)
	}
	pre, err := h.prefill(ctx, a, cu)
	if err != nil {
		return apigen.OnePageApplicationInfo{}, err
	}
	out.Prefill = pre
	return out, nil
}

// prefill is what the lending core kept of the eligibility answers while a step they could fill is
// open: the check's monthly housing cost and the customer's home address. nil when every such step is
// answered or nothing was kept (the check records its outcome and affordability, not the answers).
func (h *Handlers) prefill(ctx context.Context, a lending.Application, cu lending.Customer) (*apigen.OnePagePrefill, error) {
	j := a.JourneyMap.AboutYou
	if j.RentConfirm && j.AddressUpdate && j.IncomeConfirm {
		return nil, nil
	}
	var out apigen.OnePagePrefill
	if cu.Address != nil {
		addr := applicationview.Address(*cu.Address)
		out.Address = &addr
	}
	if a.EligibilityCheckID != "" {
		chk, err := h.lending.EligibilityCheck(ctx, a.EligibilityCheckID)
		switch {
		case errors.Is(err, lending.ErrEligibilityCheckNotFound):
		case err != nil:
			return nil, web.FailUpstream(err)
		case chk.Affordability != nil:
			cost := chk.Affordability.HousingCostPence
			out.MonthlyHousingCostPence = &cost
		}
	}
	if out.Address == nil && out.MonthlyHousingCostPence == nil {
		return nil, nil
	}
	return &out, nil
}

func journeyMap(m lending.JourneyMap) apigen.JourneyMap {
	var j apigen.JourneyMap
	j.AboutYou.EmailVerification = m.AboutYou.EmailVerification
	j.AboutYou.LoanPurposeConfirm = m.AboutYou.LoanPurposeConfirm
	j.AboutYou.RentConfirm = m.AboutYou.RentConfirm
	j.AboutYou.AddressUpdate = m.AboutYou.AddressUpdate
	j.AboutYou.IncomeConfirm = m.AboutYou.IncomeConfirm
	j.AboutYou.ObSkip = m.AboutYou.OBSkip
	j.YourLoan.LoanValueConfirm = m.YourLoan.LoanValueConfirm
	j.VerifyIncome.OpenBanking = m.VerifyIncome.OpenBanking
	j.VerifyIncome.IsFinished = m.VerifyIncome.IsFinished
	j.Submission.IsFinished = m.Submission.IsFinished
	return j
}

// openBankingStatus is the step's state; the core answers "" for an application that never had one.
func openBankingStatus(s string) string {
	if s == "" {
		return lending.OpenBankingNone
	}
	return s
}
