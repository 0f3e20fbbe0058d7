package onepage

import (
	"context"

	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/openbanking"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	loanquote.Product
	ownapplication.Applications
	AnswerCreditAssessment(ctx context.Context, id string, req lending.CreditAssessmentRequest) (lending.Application, error)
	ConfirmLoan(ctx context.Context, id string, req lending.ConfirmLoanRequest) (lending.Application, error)
	CreditAssessmentQuestions(ctx context.Context) (lending.CreditAssessmentQuestions, error)
	Customer(ctx context.Context, id string) (lending.Customer, error)
	EligibilityCheck(ctx context.Context, id string) (lending.EligibilityCheck, error)
	HousingOptions(ctx context.Context) (lending.HousingOptions, error)
	SubmitApplication(ctx context.Context, id, idempotencyKey string) (lending.Application, error)
	UpdateAddressHistory(ctx context.Context, id string, req lending.AddressHistoryRequest) (lending.Application, error)
	UpdateFutureIncomeChange(ctx context.Context, id string, req lending.FutureIncomeChange) (lending.Application, error)
	UpdateHousing(ctx context.Context, id string, req lending.HousingDetails) (lending.Application, error)
	UpdateIncome(ctx context.Context, id string, req lending.Income) (lending.Application, error)
	UpdateOpenBanking(ctx context.Context, id string, req lending.OpenBankingUpdate) (lending.Application, error)
	UpdatePurpose(ctx context.Context, id string, req lending.PurposeRequest) (lending.Application, error)
}

// OpenBanking is the calls this feature makes of the open-banking provider (openbanking.API documents each);
// *openbanking.Client has them all.
type OpenBanking interface {
	CreateConsent(ctx context.Context, idempotencyKey string, req openbanking.CreateConsent) (openbanking.Consent, error)
	ExchangeCode(ctx context.Context, consentID, code string) (openbanking.Consent, error)
}
