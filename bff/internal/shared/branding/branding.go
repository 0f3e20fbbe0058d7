// Package branding says which configured brand (config.Brands) applies to a call or to an
// application: the one a call names, the owner of an application, or the default brand.
package branding

import (
	"context"
	"errors"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/upstream/lending"
)

var errUnknownBrand = errors.New("branding: no brand has that clientName")

// Named is the brand a call names, the default brand when it names none, and a bad request (100400)
// when no brand has the name: the apps only send names they were given.
func Named(brands config.Brands, clientName *string) (config.Brand, error) {
	if clientName == nil || *clientName == "" {
		return brands.DefaultBrand(), nil
	}
	b, ok := brands.Named(*clientName)
	if !ok {
		return config.Brand{}, web.FailWith(web.CodeBadRequest, "There is no brand called "+*clientName+".", errUnknownBrand)
	}
	return b, nil
}

// Owner is the brand of an application whose applicationOwner is owner: the default brand when it has
// none, or when the brand has left the configuration since.
func Owner(brands config.Brands, owner string) config.Brand {
	if b, ok := brands.Named(owner); ok {
		return b
	}
	return brands.DefaultBrand()
}

// Applications is the lending core's call ForCall reads.
type Applications interface {
	CustomerApplications(ctx context.Context, customerID string) ([]lending.Application, error)
}

// ForCall is the brand that applies to a call (spec §4 "Theme"): for a signed-in borrower with an
// application, the brand owning their newest application, whatever the call names; otherwise the brand
// the call names, or the default (Named).
func ForCall(ctx context.Context, brands config.Brands, apps Applications, clientName *string) (config.Brand, error) {
	if s, ok := session.From(ctx); ok && s.Audience == session.AudienceBorrower {
		list, err := apps.CustomerApplications(ctx, s.Subject)
		if err != nil {
			return config.Brand{}, web.FailUpstream(err)
		}
		if len(list) > 0 { // newest first
			return Owner(brands, list[0].ApplicationOwner), nil
		}
	}
	return Named(brands, clientName)
}

// FeePence is the brand's fee as the lending core prices it.
func FeePence(b config.Brand) int64 { return int64(b.FeePounds()) * 100 }
