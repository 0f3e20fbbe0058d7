package approval

import (
	"context"

	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	ownapplication.Applications
	AttachCPA(ctx context.Context, id, cardToken string) (lending.Application, error)
	Commission(ctx context.Context, id string) (lending.Commission, error)
	ConfirmPayee(ctx context.Context, id string, req lending.PayeeRequest) (lending.PayeeCheck, error)
	ConsentToCommission(ctx context.Context, id string) (lending.Application, error)
	CreateLoan(ctx context.Context, req lending.CreateLoanRequest, idempotencyKey string) (lending.Loan, error)
	Customer(ctx context.Context, id string) (lending.Customer, error)
	Document(ctx context.Context, id, kind, format string) (lending.Document, error)
	RecordIdentityVerified(ctx context.Context, id, checkID string) (lending.Application, error)
	RecordShareCodeVerified(ctx context.Context, id string, evidence lending.ShareCodeEvidence) (lending.Application, error)
	RespondToCounteroffer(ctx context.Context, id string, accept bool) (lending.Application, error)
	SetApplicationPhone(ctx context.Context, id, phone string) (lending.Application, error)
	SignAgreement(ctx context.Context, id string, req lending.SignatureRequest) (lending.Application, error)
	WithdrawApplication(ctx context.Context, id, reason, idempotencyKey string) (lending.Application, error)
}

// Payments is the calls this feature makes of the payment gateway (payments.API documents each);
// *payments.Client has them all.
type Payments interface {
	CreatePaymentLink(ctx context.Context, req payments.CreatePaymentLinkRequest, idempotencyKey string) (payments.PaymentLink, error)
	PaymentLink(ctx context.Context, id string) (payments.PaymentLink, error)
}

// Identity is the calls this feature makes of the identity provider (identity.API documents each);
// *identity.Client has them all.
type Identity interface {
	Check(ctx context.Context, id string) (identity.Check, error)
	CreateCheck(ctx context.Context, idempotencyKey string, req identity.CreateCheck) (identity.Check, error)
	VerifyShareCode(ctx context.Context, req identity.ShareCodeCheck) (identity.ShareCodeResult, error)
}
