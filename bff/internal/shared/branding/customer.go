package branding

import (
	"context"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
)

// ForCustomer is the brand a message to customerID goes out in when no session says who they are (a
// sign-in code or link, a code proving a phone number): the brand owning their newest application,
// whatever the call names; before any application (or for an address with no customer, customerID ""),
// the brand the call names, or the default (Named). It is ForCall's rule, for a customer known by id.
func ForCustomer(ctx context.Context, brands config.Brands, apps Applications, customerID string, clientName *string) (config.Brand, error) {
	if customerID != "" {
		list, err := apps.CustomerApplications(ctx, customerID)
		if err != nil {
			return config.Brand{}, web.FailUpstream(err)
		}
		if len(list) > 0 { // newest first
			return Owner(brands, list[0].ApplicationOwner), nil
		}
	}
	return Named(brands, clientName)
}
