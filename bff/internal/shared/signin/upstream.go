package signin

import (
	"context"

	"lender/bff/upstream/lending"
)

// Lending is the calls this package makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	Customer(ctx context.Context, id string) (lending.Customer, error)
	CustomerApplications(ctx context.Context, customerID string) ([]lending.Application, error)
	DiscardCustomer(ctx context.Context, id string) error
	CustomerLoans(ctx context.Context, customerID string) ([]lending.Loan, error)
}
