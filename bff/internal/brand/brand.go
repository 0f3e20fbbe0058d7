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
type FirmBrand func(ctx context.Context, brands branding.Catalogue, s *session.Session) (config.Brand, error)

// Handlers implements the brand part of the generated API.
type Handlers struct {
	brands    branding.Catalogue
	firmBrand FirmBrand
}

// New returns the handlers answering from brands; firmBrand answers for a finance-portal session.
func New(brands branding.Catalogue, firmBrand FirmBrand) *Handlers {
	return &Handlers{brands: brands, firmBrand: firmBrand}
}

// GetRebrandParams answers, for a signed-in borrower with an application, the brand owning their newest
// application; for a finance-portal session, the brand of the portal user's firm; otherwise the brand
// named by clientName, or the default brand. An unknown client is a bad request: the apps only send
// names they were given.
func (h *Handlers) GetRebrandParams(ctx context.Context, req apigen.GetRebrandParamsRequestObject) (apigen.GetRebrandParamsResponseObject, error) {
	// The finance portal's session: the brand of the portal user's firm (package portal decides).
	if s, ok := session.From(ctx); ok && s.Audience == session.AudiencePortal {
		b, err := h.firmBrand(ctx, h.brands, s)
		if err != nil {
			return nil, err
		}
		return apigen.GetRebrandParams200JSONResponse{Status: 200, ResultData: h.Shape(b)}, nil
	}
	b, err := h.brands.ForCall(ctx, req.Params.ClientName)
	if err != nil {
		return nil, err
	}
	return apigen.GetRebrandParams200JSONResponse{Status: 200, ResultData: h.Shape(b)}, nil
}

// Shape turns a brand into the API's brand configuration.
func (h *Handlers) Shape(b config.Brand) apigen.BrandConfig {
	return apigen.BrandConfig{
		ClientEnabled:     b.Enabled(),
		ClientName:        b.ClientName,
		WhiteLabel:        !h.brands.IsDefault(b),
		LogoURL:           b.LogoURL,
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
