package loan

import (
	"context"
	"slices"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/coredate"
	"lender/bff/upstream/lending"
)

// LoanSchedule is every instalment of one of the borrower's loans, paid and to come, as the lending
// core schedules it today.
func (h *Handlers) LoanSchedule(ctx context.Context, req apigen.LoanScheduleRequestObject) (apigen.LoanScheduleResponseObject, error) {
	l, err := h.own(ctx, req.Params.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	s, err := h.lending.LoanSchedule(ctx, l.ID)
	if err != nil {
		return nil, loanCallError(err, ofLoan)
	}
	var d coredate.Reader
	out := apigen.LoanSchedule{LoanId: l.ID, Instalments: make([]apigen.ScheduledInstalment, len(s.Instalments))}
	for i, r := range s.Instalments {
		out.Instalments[i] = apigen.ScheduledInstalment{Number: r.Number, DueDate: d.Of(r.DueDate), AmountPence: r.PaymentPence,
			PaidPence: r.PaidPence, BalancePence: r.BalancePence, Status: apigen.ScheduledInstalmentStatus(r.Status)}
	}
	if err := d.Failed(); err != nil {
		return nil, err
	}
	return apigen.LoanSchedule200JSONResponse{Status: 200, ResultData: out}, nil
}

// LoanTransactions is every posting on one of the borrower's loans, newest first, each with the
// balance after it.
func (h *Handlers) LoanTransactions(ctx context.Context, req apigen.LoanTransactionsRequestObject) (apigen.LoanTransactionsResponseObject, error) {
	l, err := h.own(ctx, req.Params.LoanId, ofLoan)
	if err != nil {
		return nil, err
	}
	t, err := h.lending.LoanTransactions(ctx, l.ID)
	if err != nil {
		return nil, loanCallError(err, ofLoan)
	}
	var d coredate.Reader
	out := apigen.LoanTransactions{LoanId: l.ID, Transactions: transactions(t.Transactions, &d)}
	slices.Reverse(out.Transactions) // the core's are oldest first
	if err := d.Failed(); err != nil {
		return nil, err
	}
	return apigen.LoanTransactions200JSONResponse{Status: 200, ResultData: out}, nil
}

// transactions shapes the lending core's postings, in its order.
func transactions(ts []lending.Transaction, d *coredate.Reader) []apigen.LoanTransaction {
	out := make([]apigen.LoanTransaction, len(ts))
	for i, t := range ts {
		out[i] = apigen.LoanTransaction{Id: t.ID, Date: d.Of(t.Date), Type: apigen.LoanTransactionType(t.Type),
			Description: t.Description, AmountPence: t.AmountPence, BalancePence: t.BalancePence}
	}
	return out
}
