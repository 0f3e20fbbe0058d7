package branding

import (
	"context"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
)

// ForCustomer is the brand a message to customerID goes out in when no session says who they are (a
// sign-in code or link, a code proving a phone number): the brand owning their newest application,
// whatever the call names; before any application (or for an address with no customer, customerID ""),
// the brand the call names, or the default (Named). ForCall is this rule for the signed-in borrower.
func (c Catalogue) ForCustomer(ctx context.Context, customerID string, clientName *string) (config.Brand, error) {
	if customerID != "" {
		list, err := c.core.CustomerApplications(ctx, customerID)
		if err != nil {
			return config.Brand{}, web.FailUpstream(err)
		}
		if len(list) > 0 { // newest first
			return c.Owner(ctx, list[0].ApplicationOwner)
		}
	}
	return c.Named(ctx, clientName)
}
