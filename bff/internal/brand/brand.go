// Package brand answers eligibility/getRebrandParams: the brand configuration the apps theme
// themselves with (spec §3 "Brand config"). Each brand is an entry of the BFF's configuration
// (config.Brands); this package shapes it into the API's flat fields.
package brand

import (
	"context"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/config"
	"lender/bff/internal/shared/branding"
)

// Handlers implements the brand part of the generated API.
type Handlers struct {
	brands branding.Catalogue
}

// New returns the handlers answering from brands.
func New(brands branding.Catalogue) *Handlers { return &Handlers{brands: brands} }

// GetRebrandParams answers, for a signed-in borrower with an application, the brand owning their newest
// application; otherwise the brand named by clientName, or the default brand. An unknown client is a
// bad request: the apps only send names they were given.
func (h *Handlers) GetRebrandParams(ctx context.Context, req apigen.GetRebrandParamsRequestObject) (apigen.GetRebrandParamsResponseObject, error) {
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
