package legacy

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/safehtml"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// ReviewMyRegApplication is everything the applicant has told us, for the review screen before they
// submit: the loan, the purpose, housing, addresses, income, the expected change and the answers.
func (h *Handlers) ReviewMyRegApplication(ctx context.Context, _ apigen.ReviewMyRegApplicationRequestObject) (apigen.ReviewMyRegApplicationResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	loan, err := applicationview.Loan(a)
	if err != nil {
		return nil, err
	}
	out := apigen.RegApplicationReview{
		Loan:             loan,
		Purpose:          a.Purpose,
		PurposeText:      a.PurposeText,
		Addresses:        applicationview.Addresses(a.Addresses),
		CreditAssessment: applicationview.Answers(a.CreditAssessment),
		OpenBanking:      a.OpenBanking.Status,
	}
	if out.OpenBanking == "" {
		out.OpenBanking = lending.OpenBankingNone
	}
	if a.Housing != nil {
		out.Housing = applicationview.Housing(*a.Housing)
	}
	if a.Income != nil {
		out.Income = &apigen.Income{AnnualIncomePence: a.Income.AnnualIncomePence,
			EmploymentStatus: apigen.IncomeEmploymentStatus(a.Income.EmploymentStatus), PayFrequency: apigen.IncomePayFrequency(a.Income.PayFrequency)}
	}
	if a.FutureIncomeChange != nil {
		out.FutureIncomeChange = applicationview.FutureIncomeChange(*a.FutureIncomeChange)
	}
	return apigen.ReviewMyRegApplication200JSONResponse{Status: 200, ResultData: out}, nil
}

// GetPart2DeclineReason is the decision on the submitted application with its reasons in plain
// English (the decline screen after submission, "part 2" of the legacy journey).
func (h *Handlers) GetPart2DeclineReason(ctx context.Context, _ apigen.GetPart2DeclineReasonRequestObject) (apigen.GetPart2DeclineReasonResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	if a.DecisionID == "" {
		return nil, web.FailWith(web.CodeBadRequest, msgNotSubmitted, errors.New("legacy: no decision"))
	}
	d, err := h.lending.Decision(ctx, a.ID)
	if err != nil {
		return nil, journeystep.Error(err, "")
	}
	out, err := applicationview.Decision(&d)
	if err != nil {
		return nil, err
	}
	return apigen.GetPart2DeclineReason200JSONResponse{Status: 200, ResultData: *out}, nil
}

// CheckCreditConcern says whether the applicant must give the credit-search consent before their
// income (spec §4: an applicant from the lender's own comparison site goes to credit_consent), and
// whether the income stage that follows it is done.
func (h *Handlers) CheckCreditConcern(ctx context.Context, _ apigen.CheckCreditConcernRequestObject) (apigen.CheckCreditConcernResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	return apigen.CheckCreditConcern200JSONResponse{Status: 200, ResultData: apigen.CreditConcern{
		Required: a.Aggregator == lending.AggregatorOwn,
		Done:     a.RegStage.IncomeVerification == lending.StageDone,
	}}, nil
}

// CreditConcernAgreement is the pre-contract credit information (SECCI) with the application's
// figures, which the credit_consent screen shows before the applicant agrees to the credit search.
func (h *Handlers) CreditConcernAgreement(ctx context.Context, _ apigen.CreditConcernAgreementRequestObject) (apigen.CreditConcernAgreementResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	d, err := h.lending.Document(ctx, a.ID, lending.DocumentSECCI, lending.FormatHTML)
	if err != nil {
		return nil, journeystep.Error(err, "")
	}
	return apigen.CreditConcernAgreement200JSONResponse{Status: 200, ResultData: apigen.LegacyDocument{
		Title: d.Title, Html: safehtml.Document(d.Content),
	}}, nil
}

// ReviewMyAddress is the address history given so far and whether it reaches back the 3 years the
// lending core asks for.
func (h *Handlers) ReviewMyAddress(ctx context.Context, _ apigen.ReviewMyAddressRequestObject) (apigen.ReviewMyAddressResponseObject, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return nil, err
	}
	return apigen.ReviewMyAddress200JSONResponse{Status: 200, ResultData: apigen.AddressReview{
		Addresses:        applicationview.Addresses(a.Addresses),
		CoversThreeYears: a.JourneyMap.AboutYou.AddressUpdate,
	}}, nil
}
