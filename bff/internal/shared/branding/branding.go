// Package branding says which brand applies to a call or to an application: one of the lender's
// brands (config.Brands), or a client trading under one of them with page-level settings of its own
// (spec §1: "Colours, links, contact e-mail, phone and fee can be overridden per client from
// page-level settings"), such as a broker firm.
//
// The lender's brands are the BFF's configuration. A client is the lending core's record
// (lending.Branding); it is read only for a name that is not a configured brand, and only its
// overridable fields are taken, over the brand it trades under: the brand's name, page title, icon,
// logo and legal identity stay the lender's, because the lender is the creditor whoever introduced
// the borrower.
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

// Core is what the lending core answers Catalogue: a client's record, and a customer's applications
// (to find the owner of the newest).
type Core interface {
	ClientBranding(ctx context.Context, clientName string) (lending.Branding, error)
	CustomerApplications(ctx context.Context, customerID string) ([]lending.Application, error)
}

// Catalogue answers brands by name: the configured brands, then the lending core's clients.
type Catalogue struct {
	brands config.Brands
	core   Core
}

// New returns the catalogue of the configured brands and the core's clients.
func New(brands config.Brands, core Core) Catalogue { return Catalogue{brands: brands, core: core} }

// Default is the brand answered when nothing names one.
func (c Catalogue) Default() config.Brand { return c.brands.DefaultBrand() }

// Named is the brand a call names, the default brand when it names none, and a bad request (100400)
// when neither the configuration nor the lending core knows the name: the apps only send names they
// were given.
func (c Catalogue) Named(ctx context.Context, clientName *string) (config.Brand, error) {
	if clientName == nil || *clientName == "" {
		return c.Default(), nil
	}
	b, err := c.lookup(ctx, *clientName)
	if errors.Is(err, errUnknownBrand) {
		return config.Brand{}, web.FailWith(web.CodeBadRequest, "There is no brand called "+*clientName+".", err)
	}
	return b, err
}

// Owner is the brand of an application whose applicationOwner is owner: the default brand when it has
// none, or when the owner has left the configuration and the lending core since. A lending core that
// cannot be asked is an error: a mail must not go out in a brand that may be the wrong one.
func (c Catalogue) Owner(ctx context.Context, owner string) (config.Brand, error) {
	if owner == "" {
		return c.Default(), nil
	}
	b, err := c.lookup(ctx, owner)
	if errors.Is(err, errUnknownBrand) {
		return c.Default(), nil
	}
	return b, err
}

// ForCall is the brand that applies to a call (spec §4 "Theme"): for a signed-in borrower with an
// application, the brand owning their newest application, whatever the call names; otherwise the brand
// the call names, or the default (Named).
func (c Catalogue) ForCall(ctx context.Context, clientName *string) (config.Brand, error) {
	if s, ok := session.From(ctx); ok && s.Audience == session.AudienceBorrower {
		return c.ForCustomer(ctx, s.Subject, clientName)
	}
	return c.Named(ctx, clientName)
}

// IsDefault says whether b is the default brand or a client trading under it: what the app's stored
// white-label flag records (spec §4: applying a theme stores whether the brand is the white-label one).
func (c Catalogue) IsDefault(b config.Brand) bool { return b.ClientName == c.brands.Default }

// lookup is the configured brand called name, or the lending core's client of that name over the brand
// it trades under; errUnknownBrand when neither knows it.
func (c Catalogue) lookup(ctx context.Context, name string) (config.Brand, error) {
	if b, ok := c.brands.Named(name); ok {
		return b, nil
	}
	rec, err := c.core.ClientBranding(ctx, name)
	switch {
	case errors.Is(err, lending.ErrBrandNotFound):
		return config.Brand{}, errUnknownBrand
	case err != nil:
		return config.Brand{}, web.FailUpstream(err)
	}
	base, ok := c.brands.Named(rec.Brand)
	if !ok || rec.Brand == rec.ClientName {
		// A client under a brand this BFF does not carry, or a brand of the core's that is not
		// configured here: the BFF answers only for brands it is configured with.
		return config.Brand{}, errUnknownBrand
	}
	return withPageSettings(base, rec), nil
}

// FeePence is the brand's fee as the lending core prices it.
func FeePence(b config.Brand) int64 { return int64(b.FeePounds()) * 100 }
