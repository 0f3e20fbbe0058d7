package account

import (
	"context"

	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	ownapplication.Applications
	ChangeEmail(ctx context.Context, customerID, email string) (lending.Customer, error)
	Customer(ctx context.Context, id string) (lending.Customer, error)
	CustomerByEmail(ctx context.Context, email string) (lending.Customer, error)
	RecordEmailVerified(ctx context.Context, id, email string) (lending.Application, error)
	ReplaceEmail(ctx context.Context, customerID, email string) (lending.Customer, error)
	Register(ctx context.Context, req lending.RegistrationRequest, idempotencyKey string) (lending.Registration, error)
	SetPIN(ctx context.Context, customerID, pin string) (lending.Customer, error)
	StartOver(ctx context.Context, id, idempotencyKey string) (lending.Application, error)
	VerifyPIN(ctx context.Context, customerID, pin string) (lending.PINVerification, error)
}

// Notify is the calls this feature makes of the notification provider (notify.API documents each);
// *notify.Client has them all.
type Notify interface {
	SendEmail(ctx context.Context, idempotencyKey string, e notify.Email) (notify.Message, error)
}
