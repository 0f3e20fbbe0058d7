package profile

import (
	"context"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/payments"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	Customer(ctx context.Context, id string) (lending.Customer, error)
	ChangePhone(ctx context.Context, customerID, phone string) (lending.Customer, error)
	SetAddress(ctx context.Context, customerID string, req lending.AddressRequest) (lending.Customer, error)
	SetPreferences(ctx context.Context, customerID string, p lending.Preferences) (lending.Customer, error)
}

// Payments is the calls this feature makes of the payment gateway (payments.API documents each);
// *payments.Client has them all.
type Payments interface {
	Cards(ctx context.Context, customerReference string) ([]payments.Card, error)
	UpdateBillingAddress(ctx context.Context, customerReference, token string, addr payments.BillingAddress) (payments.Card, error)
}

// Notify is the calls this feature makes of the notification provider (notify.API documents each);
// *notify.Client has them all.
type Notify interface {
	Messages(ctx context.Context, q notify.MessageQuery) ([]notify.Message, error)
	Message(ctx context.Context, id string) (notify.Message, error)
	MarkRead(ctx context.Context, id string) (notify.Message, error)
}
