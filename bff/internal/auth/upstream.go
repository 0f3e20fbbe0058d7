package auth

import (
	"context"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	CustomerByEmail(ctx context.Context, email string) (lending.Customer, error)
	CustomerByPhone(ctx context.Context, phone string) (lending.Customer, error)
	CustomerApplications(ctx context.Context, customerID string) ([]lending.Application, error)
	RecordAudit(ctx context.Context, e lending.AuditEvent) (lending.AuditEvent, error)
	StaffSignIn(ctx context.Context, account, password string) (lending.StaffSession, error)
}

// Notify is the calls this feature makes of the notification provider (notify.API documents each);
// *notify.Client has them all.
type Notify interface {
	SendEmail(ctx context.Context, idempotencyKey string, e notify.Email) (notify.Message, error)
	SendSMS(ctx context.Context, idempotencyKey string, s notify.SMS) (notify.Message, error)
}
