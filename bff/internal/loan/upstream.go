package loan

import (
	"context"

	"lender/bff/internal/shared/branding"
	"lender/bff/upstream/lending"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	branding.Core
	Loan(ctx context.Context, id string) (lending.Loan, error)
	CustomerLoans(ctx context.Context, customerID string) ([]lending.Loan, error)
	LoanSchedule(ctx context.Context, id string) (lending.LoanSchedule, error)
	LoanTransactions(ctx context.Context, id string) (lending.LoanTransactions, error)
	LoanDocuments(ctx context.Context, loanID string) (lending.LoanDocumentList, error)
	LoanDocument(ctx context.Context, loanID, kind, format string) (lending.Document, error)
	Statement(ctx context.Context, loanID, from, to string) (lending.Statement, error)
	AnnualStatement(ctx context.Context, loanID string, year int) (lending.Statement, error)
	ClosingStatement(ctx context.Context, loanID string) (lending.Statement, error)
	TopUpEligibility(ctx context.Context, customerID string) (lending.TopUpEligibility, error)
}
