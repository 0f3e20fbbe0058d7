package quote

import (
	"context"
	"errors"
	"strings"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/browserbind"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
)

// EligibilitySubmit runs the lending core's soft check on the applicant's answers.
func (h *Handlers) EligibilitySubmit(ctx context.Context, req apigen.EligibilitySubmitRequestObject) (apigen.EligibilitySubmitResponseObject, error) {
	c, ok := ctx.(*gin.Context)
	if !ok {
		return nil, web.Fail(web.CodeInternal, errors.New("quote: the handler context is not a gin context"))
	}
	b := req.Body
	brand, err := h.brands.ForCall(ctx, b.ClientName)
	if err != nil {
		return nil, err
	}
	check, err := h.lending.CheckEligibility(ctx, lending.EligibilityRequest{
		FirstName:         strings.TrimSpace(b.FirstName),
		LastName:          strings.TrimSpace(b.LastName),
		DateOfBirth:       b.DateOfBirth.Format("2006-01-02"),
		Email:             strings.TrimSpace(string(b.Email)),
		AnnualIncomePence: b.AnnualIncomePence,
		Housing:           lending.Housing{Status: string(b.HousingStatus), MonthlyCostPence: b.MonthlyHousingCostPence},
		Address:           address(b.Address),
		AmountPence:       b.AmountPence,
		TermMonths:        b.TermMonths,
		Purpose:           string(b.Purpose),
		PurposeText:       strings.TrimSpace(deref(b.PurposeText)),
		FeePence:          branding.FeePence(brand),
	})
	switch {
	case errors.Is(err, lending.ErrOutOfBounds):
		return nil, loanquote.OutOfBounds(ctx, h.lending, b.AmountPence, b.TermMonths, err)
	case errors.Is(err, lending.ErrPostcodeInvalid):
		return nil, web.FailWith(web.CodeBadRequest, "Enter a real postcode, like AB1 2CD", err)
	case errors.Is(err, lending.ErrInvalidRequest):
		// The lending core's message may repeat what was sent, so it is not passed on.
		return nil, web.FailWith(web.CodeBadRequest, "Some of your answers are not valid. Check them and try again.", err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	// Bound before it is answered: a check id without this browser's binding cannot register anyone.
	// A declined check opens nothing, so it needs none.
	if check.Outcome != lending.OutcomeDeclined {
		if err := h.checks.Bind(ctx, c, browserbind.KindEligibilityCheck, check.ID, checkLife); err != nil {
			return nil, err
		}
	}
	out := apigen.EligibilityResult{
		EligibilityCheckId: check.ID,
		Outcome:            apigen.EligibilityResultOutcome(check.Outcome),
		Reasons: make([]struct {
			Code string `json:"code"`
			Text string `json:"text"`
		}, 0, len(check.Reasons)),
	}
	for _, r := range check.Reasons {
		out.Reasons = append(out.Reasons, struct {
			Code string `json:"code"`
			Text string `json:"text"`
		}{Code: r.Code, Text: r.Text})
	}
	if check.Quote != nil {
		q, err := loanquote.Shape(*check.Quote)
		if err != nil {
			return nil, err
		}
		out.Quote = &q
	}
	if !check.DecisionDueAt.IsZero() {
		t := check.DecisionDueAt.UTC()
		out.DecisionDueAt = &t
	}
	if !check.OfferExpiresAt.IsZero() {
		t := check.OfferExpiresAt.UTC()
		out.OfferExpiresAt = &t
	}
	return apigen.EligibilitySubmit200JSONResponse{Status: 200, ResultData: out}, nil
}

// VerifyUserStatusByEmail answers success for an address that is free, and 100613 for one that
// belongs to a customer (the specification's 'already registered' popup).
func (h *Handlers) VerifyUserStatusByEmail(ctx context.Context, req apigen.VerifyUserStatusByEmailRequestObject) (apigen.VerifyUserStatusByEmailResponseObject, error) {
	_, err := h.lending.CustomerByEmail(ctx, strings.TrimSpace(string(req.Body.Email)))
	switch {
	case errors.Is(err, lending.ErrCustomerNotFound):
		return apigen.VerifyUserStatusByEmail200JSONResponse{Status: 200}, nil
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	return nil, web.Fail(web.CodeAlreadyRegistered, nil)
}

func address(a apigen.EligibilityAddress) lending.Address {
	return lending.Address{
		Flat:        strings.TrimSpace(deref(a.Flat)),
		HouseName:   strings.TrimSpace(deref(a.HouseName)),
		HouseNumber: strings.TrimSpace(deref(a.HouseNumber)),
		Street:      strings.TrimSpace(a.Street),
		Town:        strings.TrimSpace(a.Town),
		County:      strings.TrimSpace(deref(a.County)),
		Postcode:    a.Postcode,
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
