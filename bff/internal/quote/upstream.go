package quote

import (
	"context"

	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
)

// Lending is the calls this feature makes of the lending core (lending.API documents each);
// *lending.Client has them all.
type Lending interface {
	loanquote.Product
	branding.Core
	Addresses(ctx context.Context, postcode string) (lending.AddressList, error)
	CheckEligibility(ctx context.Context, req lending.EligibilityRequest) (lending.EligibilityCheck, error)
	CustomerByEmail(ctx context.Context, email string) (lending.Customer, error)
	Quote(ctx context.Context, req lending.QuoteRequest) (lending.Quote, error)
}
