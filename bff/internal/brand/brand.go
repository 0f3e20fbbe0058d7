// Package brand answers eligibility/getRebrandParams: the brand configuration the apps theme
// themselves with (spec §3 "Brand config"). The lending core owns the configuration; this package
// shapes its domain record into the API's flat fields.
package brand

import (
	"context"
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Handlers implements the brand part of the generated API.
type Handlers struct {
	lending Lending
}

// New returns the handlers.
func New(l Lending) *Handlers { return &Handlers{lending: l} }

// GetRebrandParams answers the brand named by clientName, or the default brand. An unknown client is
// a bad request: the apps only send names they were given.
func (h *Handlers) GetRebrandParams(ctx context.Context, req apigen.GetRebrandParamsRequestObject) (apigen.GetRebrandParamsResponseObject, error) {
	name := lending.DefaultBrand
	if req.Params.ClientName != nil {
		name = *req.Params.ClientName
	}
	b, err := h.lending.Branding(ctx, name)
	if errors.Is(err, lending.ErrBrandNotFound) {
		return nil, web.FailWith(web.CodeBadRequest, "There is no brand called "+name+".", err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	return apigen.GetRebrandParams200JSONResponse{Status: 200, ResultData: Shape(b)}, nil
}

// Shape turns the lending core's branding into the API's brand configuration.
func Shape(b lending.Branding) apigen.BrandConfig {
	return apigen.BrandConfig{
		ClientEnabled:   b.Enabled,
		ClientName:      b.ClientName,
		DisplayName:     b.DisplayName,
		Primary:         b.Colours.Primary,
		PrimaryAlt:      b.Colours.PrimaryAlt,
		BackgroundColor: b.Colours.Background,
		ErrorColor:      b.Colours.Error,
		HeaderColor:     b.Colours.Header,
		HeaderTextColor: b.Colours.HeaderText,
		TermsURL:        b.Links.Terms,
		PrivacyURL:      b.Links.Privacy,
		ContactURL:      b.Links.Contact,
		FaqURL:          b.Links.FAQ,
		PaymentHelpURL:  b.Links.PaymentHelp,
		Email:           b.Contact.Email,
		Phone:           b.Contact.Phone,
		Fee:             b.FeePounds,
	}
}
