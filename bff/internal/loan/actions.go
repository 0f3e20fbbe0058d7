package loan

import (
	"context"
	"time"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
)

// ManageMyLoanMenu is what the borrower can do with one of their loans (/manage-my-loan).
func (h *Handlers) ManageMyLoanMenu(ctx context.Context, req apigen.ManageMyLoanMenuRequestObject) (apigen.ManageMyLoanMenuResponseObject, error) {
	s, err := h.situation(ctx, req.Params.LoanId, true)
	if err != nil {
		return nil, err
	}
	return apigen.ManageMyLoanMenu200JSONResponse{Status: 200, ResultData: apigen.LoanMenu{LoanId: s.loan.ID, Items: menu(manageMyLoanItems, s)}}, nil
}

// AdjustLoanMenu is the ways to change one of the borrower's loans' repayments (/adjust-loan).
func (h *Handlers) AdjustLoanMenu(ctx context.Context, req apigen.AdjustLoanMenuRequestObject) (apigen.AdjustLoanMenuResponseObject, error) {
	s, err := h.situation(ctx, req.Params.LoanId, false)
	if err != nil {
		return nil, err
	}
	return apigen.AdjustLoanMenu200JSONResponse{Status: 200, ResultData: apigen.LoanMenu{LoanId: s.loan.ID, Items: menu(adjustLoanItems, s)}}, nil
}

// MakePaymentMenu is the ways to pay towards one of the borrower's loans (/make-a-payment).
func (h *Handlers) MakePaymentMenu(ctx context.Context, req apigen.MakePaymentMenuRequestObject) (apigen.MakePaymentMenuResponseObject, error) {
	s, err := h.situation(ctx, req.Params.LoanId, false)
	if err != nil {
		return nil, err
	}
	return apigen.MakePaymentMenu200JSONResponse{Status: 200, ResultData: apigen.LoanMenu{LoanId: s.loan.ID, Items: menu(makePaymentItems, s)}}, nil
}

// CheckEligibilityBM is the lending core's decision on whether the borrower may borrow more now, its
// reasons in words.
func (h *Handlers) CheckEligibilityBM(ctx context.Context, _ apigen.CheckEligibilityBMRequestObject) (apigen.CheckEligibilityBMResponseObject, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return nil, err
	}
	e, err := h.lending.TopUpEligibility(ctx, s.Subject)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	out := apigen.BorrowMoreEligibility{Eligible: e.Eligible, InstalmentsPaid: e.InstalmentsPaid, Reasons: topUpReasons(e)}
	if e.LoanID != "" {
		out.LoanId = &e.LoanID
	}
	return apigen.CheckEligibilityBM200JSONResponse{Status: 200, ResultData: out}, nil
}

// situation reads what decides the menus of loan id, once it is known to be the borrower's: the loan,
// the phone number of the brand they are with and, for a menu that offers borrowing more, the lending
// core's decision on it.
func (h *Handlers) situation(ctx context.Context, id string, withTopUp bool) (situation, error) {
	l, err := h.own(ctx, id, ofLoan)
	if err != nil {
		return situation{}, err
	}
	b, err := h.brands.ForCustomer(ctx, l.CustomerID, nil)
	if err != nil {
		return situation{}, err
	}
	s := situation{loan: l, phone: b.Phone, today: today(l).Format(time.DateOnly)}
	if withTopUp {
		e, err := h.lending.TopUpEligibility(ctx, l.CustomerID)
		if err != nil {
			return situation{}, web.FailUpstream(err)
		}
		s.topUp = &e
	}
	return s, nil
}
