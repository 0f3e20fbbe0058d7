package notices

import (
	"context"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	Events(ctx context.Context, after int64, limit int) (lending.EventList, error)
	Application(ctx context.Context, id string) (lending.Application, error)
	Customer(ctx context.Context, id string) (lending.Customer, error)
	Loan(ctx context.Context, id string) (lending.Loan, error)
}

// Notify is the calls this feature makes of the notification provider (notify.API documents each);
// *notify.Client has them all.
type Notify interface {
	SendEmail(ctx context.Context, idempotencyKey string, e notify.Email) (notify.Message, error)
}
