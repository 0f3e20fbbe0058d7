// Package brand answers eligibility/getRebrandParams: the brand configuration the apps theme
// themselves with (spec §3 "Brand config"). Each brand is an entry of the BFF's configuration
// (config.Brands); this package shapes it into the API's flat fields.
package brand

import (
	"context"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/branding"
)

// FirmBrand is the brand the finance portal is drawn in for a portal session (package portal's, handed
// in by the app: a feature imports no other feature).
type FirmBrand func(brands config.Brands, s *session.Session) config.Brand

// Handlers implements the brand part of the generated API.
type Handlers struct {
	brands    config.Brands
	lending   branding.Applications
	firmBrand FirmBrand
}

// New returns the handlers; l is the lending core, which knows the owner of each application, and
// firmBrand answers for a finance-portal session.
func New(brands config.Brands, l branding.Applications, firmBrand FirmBrand) *Handlers {
	return &Handlers{brands: brands, lending: l, firmBrand: firmBrand}
}

// GetRebrandParams answers, for a signed-in borrower with an application, the brand owning their newest
// application; for a finance-portal session, the brand of the portal user's firm; otherwise the brand
// named by clientName, or the default brand. An unknown client is a bad request: the apps only send
// names they were given.
func (h *Handlers) GetRebrandParams(ctx context.Context, req apigen.GetRebrandParamsRequestObject) (apigen.GetRebrandParamsResponseObject, error) {
	// The finance portal's session: the brand of the portal user's firm (package portal decides).
	if s, ok := session.From(ctx); ok && s.Audience == session.AudiencePortal {
		return apigen.GetRebrandParams200JSONResponse{Status: 200, ResultData: Shape(h.firmBrand(h.brands, s))}, nil
	}
	b, err := branding.ForCall(ctx, h.brands, h.lending, req.Params.ClientName)
	if err != nil {
		return nil, err
	}
	return apigen.GetRebrandParams200JSONResponse{Status: 200, ResultData: Shape(b)}, nil
}

// Shape turns a configured brand into the API's brand configuration.
func Shape(b config.Brand) apigen.BrandConfig {
	return apigen.BrandConfig{
		ClientEnabled:     b.Enabled(),
		ClientName:        b.ClientName,
		DisplayName:       b.DisplayName,
		PageTitle:         b.PageTitle,
		IconURL:           b.IconURL,
		Primary:           b.Primary,
		PrimaryAlt:        b.PrimaryAlt,
		BackgroundColor:   b.BackgroundColor,
		ErrorColor:        b.ErrorColor,
		HeaderColor:       b.HeaderColor,
		HeaderTextColor:   b.HeaderTextColor,
		TermsURL:          b.TermsURL,
		PrivacyURL:        b.PrivacyURL,
		ContactURL:        b.ContactURL,
		FaqURL:            b.FaqURL,
		PaymentHelpURL:    b.PaymentHelpURL,
		AboutURL:          b.AboutURL,
		BlogURL:           b.BlogURL,
		HowItWorksURL:     b.HowItWorksURL,
		HelpDeskURL:       b.HelpDeskURL,
		Email:             b.Email,
		Phone:             b.Phone,
		CounterofferEmail: b.CounterofferEmail,
		Fee:               b.FeePounds(),
		RegisteredName:    b.RegisteredName,
		CompanyNumber:     b.CompanyNumber,
		FcaFirmReference:  b.FCAFirmReference,
		RegisteredAddress: b.RegisteredAddress,
	}
}
