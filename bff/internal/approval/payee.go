package approval

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// ConfirmationOfPayee checks the account the loan is to be paid into against the name given. A close
// or no match is an answer, not an error: the screen explains it (spec §8: no toast for this call).
func (h *Handlers) ConfirmationOfPayee(ctx context.Context, req apigen.ConfirmationOfPayeeRequestObject) (apigen.ConfirmationOfPayeeResponseObject, error) {
	_, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if req.Body == nil {
		return nil, web.Fail(web.CodeBadRequest, errors.New("approval: no body"))
	}
	check, err := h.lending.ConfirmPayee(ctx, a.ID, lending.PayeeRequest{
		AccountName: req.Body.AccountName, SortCode: req.Body.SortCode, AccountNumber: req.Body.AccountNumber,
	})
	if err != nil {
		return nil, stepError(err, "Enter the name on the account, a 6-digit sort code and an 8-digit account number.")
	}
	out := apigen.PayeeResult{
		Outcome:   check.Outcome,
		Reason:    check.Reason,
		Confirmed: check.Confirmed,
	}
	if check.Outcome == lending.PayeeCloseMatch {
		out.BankAccountName = check.AccountName
	}
	if check.Payee != nil {
		out.Payee = &apigen.Payee{AccountName: check.Payee.AccountName, SortCode: check.Payee.SortCode,
			AccountNumberLast4: check.Payee.AccountNumberLast4}
	}
	if check.Confirmed {
		// The payee may be the last stage (an additional operation can leave it so).
		now, err := h.lending.Application(ctx, a.ID)
		if err != nil {
			return nil, stepError(err, "")
		}
		if _, err := h.openLoan(ctx, now); err != nil {
			return nil, err
		}
	}
	return apigen.ConfirmationOfPayee200JSONResponse{Status: 200, ResultData: out}, nil
}
