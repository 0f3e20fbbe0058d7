package loan

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/coredate"
	"lender/bff/upstream/lending"
)

// LoanList is every loan the borrower has, newest first, each as the dashboard shows it: the loan
// chooser's list, empty when they have none yet (the app then resumes their application).
func (h *Handlers) LoanList(ctx context.Context, _ apigen.LoanListRequestObject) (apigen.LoanListResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	loans, err := h.lending.CustomerLoans(ctx, s.Subject)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	out := apigen.LoanList200JSONResponse{Status: 200}
	out.ResultData.Loans = make([]apigen.LoanSummary, 0, len(loans))
	for _, l := range loans {
		sum, err := summary(l)
		if err != nil {
			return nil, err
		}
		out.ResultData.Loans = append(out.ResultData.Loans, sum)
	}
	return out, nil
}

// LoanSummary is the figures of the borrower's dashboard (loanDashboard/main): their newest loan, or
// the loan named, which must be theirs.
func (h *Handlers) LoanSummary(ctx context.Context, req apigen.LoanSummaryRequestObject) (apigen.LoanSummaryResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	var l lending.Loan
	if req.Params.LoanId != nil && *req.Params.LoanId != "" {
		if l, err = h.own(ctx, *req.Params.LoanId, ofLoan); err != nil {
			return nil, err
		}
	} else {
		loans, err := h.lending.CustomerLoans(ctx, s.Subject)
		if err != nil {
			return nil, web.FailUpstream(err)
		}
		if len(loans) == 0 {
			return nil, web.FailWith(web.CodeBadRequest, "You have no loan with us yet.", errors.New("loan: no loan"))
		}
		l = loans[0]
	}
	out, err := summary(l)
	if err != nil {
		return nil, err
	}
	return apigen.LoanSummary200JSONResponse{Status: 200, ResultData: out}, nil
}

// summary shapes a loan for the dashboard: the lending core's figures as they are today.
func summary(l lending.Loan) (apigen.LoanSummary, error) {
	var d coredate.Reader
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
		TotalPayablePence:      &l.TotalPayablePence,
		PaidToDatePence:        &l.PaidToDatePence,
		RemainingPayablePence:  &l.RemainingPayablePence,
		DrawdownDate:           d.Optional(l.DrawdownDate),
		FinalDueDate:           d.Optional(l.FinalDueDate),
		SettledOn:              d.Optional(l.SettledOn),
	}
	if l.NextPayment != nil {
		out.NextPayment = &apigen.NextPayment{DueDate: d.Of(l.NextPayment.DueDate), AmountPence: l.NextPayment.AmountPence}
	}
	if l.Status != lending.LoanStatusSettled && l.FinalDueDate != "" {
		out.FinalPayment = &apigen.NextPayment{DueDate: d.Of(l.FinalDueDate), AmountPence: l.FinalInstalmentPence}
	}
	if a := l.Arrears; a.AmountPence > 0 {
		out.Arrears = &apigen.LoanArrears{AmountPence: a.AmountPence, InstalmentsMissed: a.InstalmentsMissed, DaysPastDue: a.DaysPastDue,
			OldestDueDate: d.Of(a.OldestDueDate)}
	}
	if h := l.PaymentHoliday; h != nil {
		out.PaymentHoliday = &apigen.LoanPaymentHoliday{Months: h.Months, StartDate: d.Of(h.StartDate), EndDate: d.Of(h.EndDate),
			ResumesOn: d.Of(h.ResumesOn), Current: h.Current}
	}
	if a := l.Arrangement; a != nil {
		out.Arrangement = &apigen.LoanArrangement{Type: a.Type, Status: a.Status, MonthlyAmountPence: a.MonthlyAmountPence}
	}
	if l.SettledBy != "" {
		out.SettledBy = &l.SettledBy
	}
	return out, d.Failed()
}
