package approval

import (
	"context"
	"errors"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
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

// LoanSummary is the figures of the borrower's dashboard (loanDashboard/main): their newest loan, or
// the loan named, which must be theirs.
func (h *Handlers) LoanSummary(ctx context.Context, req apigen.LoanSummaryRequestObject) (apigen.LoanSummaryResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	cid := s.Subject
	var l lending.Loan
	if req.Params.LoanId != nil && *req.Params.LoanId != "" {
		l, err = h.lending.Loan(ctx, *req.Params.LoanId)
		switch {
		case errors.Is(err, lending.ErrLoanNotFound):
			return nil, notFound("loan", err)
		case err != nil:
			return nil, web.FailUpstream(err)
		}
		if l.CustomerID != cid {
			return nil, notFound("loan", errors.New("approval: loan of another customer"))
		}
	} else {
		loans, err := h.lending.CustomerLoans(ctx, cid)
		if err != nil {
			return nil, web.FailUpstream(err)
		}
		if len(loans) == 0 {
			return nil, web.FailWith(web.CodeBadRequest, "You have no loan with us yet.", errors.New("approval: no loan"))
		}
		l = loans[0]
	}
	out, err := loanSummary(l)
	if err != nil {
		return nil, err
	}
	return apigen.LoanSummary200JSONResponse{Status: 200, ResultData: out}, nil
}

// loanSummary shapes a loan for the dashboard.
func loanSummary(l lending.Loan) (apigen.LoanSummary, error) {
	out := apigen.LoanSummary{
		LoanId:                 l.ID,
		Status:                 l.Status,
		AmountPence:            l.AmountPence,
		TermMonths:             l.TermMonths,
		BalancePence:           l.BalancePence,
		MonthlyInstalmentPence: l.MonthlyInstalmentPence,
		AprPercent:             l.APRPercent,
		AnnualRatePercent:      l.AnnualRatePercent,
		InstalmentsPaid:        l.InstalmentsPaid,
		InstalmentsRemaining:   l.InstalmentsRemaining,
		ArrearsPence:           l.Arrears.AmountPence,
	}
	if l.NextPayment != nil {
		due, err := time.Parse(time.DateOnly, l.NextPayment.DueDate)
		if err != nil {
			return out, web.Fail(web.CodeUpstreamFailed, err)
		}
		out.NextPayment = &apigen.NextPayment{DueDate: openapi_types.Date{Time: due}, AmountPence: l.NextPayment.AmountPence}
	}
	if l.FinalDueDate != "" {
		final, err := time.Parse(time.DateOnly, l.FinalDueDate)
		if err != nil {
			return out, web.Fail(web.CodeUpstreamFailed, err)
		}
		out.FinalDueDate = &openapi_types.Date{Time: final}
	}
	return out, nil
}
