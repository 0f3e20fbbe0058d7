// Package legacy serves the application calls of the legacy journey (spec §7 "Application (legacy)",
// accountApplication/*, and "Open banking", bank/*): the same lending-core steps as the one-page journey, under the legacy names,
// each answering the application in the legacy fields of spec §3 (package application's Info), which
// the legacy resume rules of spec §4 read. Every call acts on the signed-in customer's latest
// application (ownapplication.Latest checks it is theirs).
package legacy

import (
	"context"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/shared/applicationview"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/internal/shared/ownapplication"
	"lender/bff/upstream/lending"
)

// Deps are what the handlers use.
type Deps struct {
	Lending     Lending
	OpenBanking OpenBanking
	// PublicURL is the borrower app's origin: the bank-consent page sends the browser back under it.
	PublicURL string
	// Brands are the configured brands: the bank-consent page names the one owning the application.
	Brands branding.Catalogue
}

// Handlers implements the legacy application part of the generated API.
type Handlers struct {
	lending   Lending
	ob        OpenBanking
	publicURL string
	brands    branding.Catalogue
}

// New returns the handlers.
func New(d Deps) *Handlers {
	return &Handlers{lending: d.Lending, ob: d.OpenBanking, publicURL: strings.TrimRight(d.PublicURL, "/"),
		brands: d.Brands}
}

// Messages of the legacy steps.
const (
	msgLoan         = "Check the amount and the term of the loan"
	msgPurpose      = "Choose what the loan is for"
	msgNotSubmitted = "Your application has not been sent yet."
)

// step runs one step on the signed-in customer's latest application and answers the application info.
func (h *Handlers) step(ctx context.Context, invalid string, do func(a lending.Application) (lending.Application, error)) (apigen.ApplicationInfo, error) {
	_, a, err := ownapplication.Latest(ctx, h.lending, nil)
	if err != nil {
		return apigen.ApplicationInfo{}, err
	}
	a, err = do(a)
	if err != nil {
		return apigen.ApplicationInfo{}, journeystep.Error(err, invalid)
	}
	return applicationview.Info(a)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
