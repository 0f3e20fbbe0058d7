// Package quote answers the public calls of the quote and eligibility steps: the loan product's
// bounds and representative example (ledger/loanProduct), the quote calculator (ledger/loanCalcPub), the postcode lookup
// (eligibility/postCodeQuery), the soft eligibility check (eligibility/eligibilitySubmit) and whether
// an e-mail address is free (eligibility/verifyUserStatusByEmail). The lending core prices loans,
// decides eligibility and owns the gazetteer; this package shapes their answers and turns their
// refusals into messages a person can act on.
package quote

import (
	"context"
	"errors"
	"time"

	"github.com/gin-gonic/gin"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/branding"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/upstream/lending"
)

// Handlers implements the quote part of the generated API.
type Handlers struct {
	lending Lending
	checks  Binder
	brands  branding.Catalogue
}

// Binder ties an eligibility check to the browser that ran it; *browserbind.Binder is one.
type Binder interface {
	Bind(ctx context.Context, c *gin.Context, kind, id string, ttl time.Duration) error
}

// checkLife is how long a check can open an application (the lending core's rule), and so how long its
// binding to the browser is kept.
const checkLife = 30 * 24 * time.Hour

// New returns the handlers; brands are whose fees the calculator and the representative example add.
func New(l Lending, checks Binder, brands branding.Catalogue) *Handlers {
	return &Handlers{lending: l, checks: checks, brands: brands}
}

// GetLoanProduct answers the bounds the calculator offers and the representative example the first
// screen shows, both the lending core's. The example is priced with the fee of the brand showing it, as
// every quote of that brand is (FCA CONC 3.5: a representative example includes every fee the borrower
// pays): the brand of the call (branding.ForCall), as the screen is drawn with it.
func (h *Handlers) GetLoanProduct(ctx context.Context, req apigen.GetLoanProductRequestObject) (apigen.GetLoanProductResponseObject, error) {
	b, err := h.brands.ForCall(ctx, req.Params.ClientName)
	if err != nil {
		return nil, err
	}
	p, err := h.lending.Product(ctx, branding.FeePence(b))
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	r := p.Representative
	return apigen.GetLoanProduct200JSONResponse{Status: 200, ResultData: apigen.LoanProduct{
		MinAmountPence: p.MinAmountPence,
		MaxAmountPence: p.MaxAmountPence,
		MinTermMonths:  p.MinTermMonths,
		MaxTermMonths:  p.MaxTermMonths,
		Representative: apigen.RepresentativeLoan{
			AmountPence:           r.AmountPence,
			TermMonths:            r.TermMonths,
			AprPercent:            r.APRPercent,
			RepresentativeExample: r.RepresentativeExample,
		},
	}}, nil
}

// LoanCalcPub prices the loan by the lending core's rate table, with the fee of the brand the app is
// drawn with added to the credit.
func (h *Handlers) LoanCalcPub(ctx context.Context, req apigen.LoanCalcPubRequestObject) (apigen.LoanCalcPubResponseObject, error) {
	b, err := h.brands.ForCall(ctx, req.Body.ClientName)
	if err != nil {
		return nil, err
	}
	q, err := h.lending.Quote(ctx, lending.QuoteRequest{AmountPence: req.Body.AmountPence, TermMonths: req.Body.TermMonths,
		FeePence: branding.FeePence(b)})
	if errors.Is(err, lending.ErrOutOfBounds) {
		return nil, loanquote.OutOfBounds(ctx, h.lending, req.Body.AmountPence, req.Body.TermMonths, err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	lq, err := loanquote.Shape(q)
	if err != nil {
		return nil, err
	}
	return apigen.LoanCalcPub200JSONResponse{Status: 200, ResultData: lq}, nil
}

// PostCodeQuery lists the addresses at a postcode.
func (h *Handlers) PostCodeQuery(ctx context.Context, req apigen.PostCodeQueryRequestObject) (apigen.PostCodeQueryResponseObject, error) {
	l, err := h.lending.Addresses(ctx, req.Params.PostCode)
	if errors.Is(err, lending.ErrPostcodeInvalid) {
		return nil, web.FailWith(web.CodeBadRequest, "Enter a real postcode, like AB1 2CD", err)
	}
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	out := make([]apigen.PostcodeAddress, 0, len(l.Addresses))
	for _, a := range l.Addresses {
		out = append(out, apigen.PostcodeAddress{
			Id: a.ID, Line: a.Line, Label: a.Label, Town: a.Town, County: a.County, Postcode: a.Postcode,
		})
	}
	res := apigen.PostCodeQuery200JSONResponse{Status: 200}
	res.ResultData.Postcode = l.Postcode
	res.ResultData.Addresses = out
	return res, nil
}
