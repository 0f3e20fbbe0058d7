package approval

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

// The card payment authority (setCpa, screen connectBank): the borrower saves a card on the payment
// gateway's hosted checkout (a store-card-only link: nothing is charged), comes back to the app, and
// the app asks payment/paymentSessionInfo, which reads the link from the gateway (the redirect's
// query only says the person came back) and attaches the stored card to the application. Cards are
// stored under the customer's id, the gateway's customerReference, which is also how a link is known
// to be the signed-in customer's.

// cpaReturnPath is where the checkout sends the browser back to: the app's acquired-setcpa screen,
// as a path (providers refuse a fragment; the app rewrites a path to its hash route, spec §2).
const cpaReturnPath = "/pay/acquired-setcpa"

// cpaReference is the merchant reference of an application's CPA links.
func cpaReference(applicationID string) string { return "cpa-" + applicationID }

// CreateCpaLink opens a store-card payment link for the borrower's application.
func (h *Handlers) CreateCpaLink(ctx context.Context, _ apigen.CreateCpaLinkRequestObject) (apigen.CreateCpaLinkResponseObject, error) {
	cid, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	if a.Status != lending.ApplicationApproved {
		return nil, web.FailWith(web.CodeBadRequest, msgWrongStage, errors.New("approval: CPA link outside approval"))
	}
	brand, err := h.cfg.Brands.Owner(ctx, a.ApplicationOwner)
	if err != nil {
		return nil, err
	}
	link, err := h.payments.CreatePaymentLink(ctx, payments.CreatePaymentLinkRequest{
		AmountPence:       0,
		StoreCard:         true,
		Currency:          payments.CurrencyGBP,
		MerchantReference: cpaReference(a.ID),
		CustomerReference: cid,
		Description:       "Your card for your loan repayments",
		// The checkout names the brand the borrower applied to, never another of the lender's brands.
		MerchantDisplayName: brand.DisplayName,
		MerchantBrandColour: brand.Primary,
		ReturnURL:           h.cfg.PublicURL + cpaReturnPath,
	}, "")
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	return apigen.CreateCpaLink200JSONResponse{Status: 200, ResultData: apigen.CpaLink{
		PaymentLinkId: link.ID, Url: link.URL, ExpiresAt: link.ExpiresAt,
	}}, nil
}

// IsCpaLink reports whether a payment link is an application's card-saving checkout (payment's
// paymentSessionInfo hands such a link to CpaSessionInfo).
func (h *Handlers) IsCpaLink(link payments.PaymentLink) bool {
	return strings.HasPrefix(link.MerchantReference, cpaReference(""))
}

// CpaSessionInfo is payment/paymentSessionInfo of a CPA link: it reads the link the borrower came
// back from and, when the card was stored, attaches it to the application. Asking again after that
// answers the same without attaching again.
func (h *Handlers) CpaSessionInfo(ctx context.Context, req apigen.PaymentSessionInfoRequestObject) (apigen.PaymentSessionInfoResponseObject, error) {
	cid, a, err := h.latest(ctx)
	if err != nil {
		return nil, err
	}
	link, err := h.payments.PaymentLink(ctx, req.Params.PaymentLinkId)
	switch {
	case errors.Is(err, payments.ErrPaymentLinkNotFound):
		return nil, notFound("payment", err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	// Another customer's link, or a link of another application (or not a CPA link), is not found.
	if link.CustomerReference != cid || link.MerchantReference != cpaReference(a.ID) {
		return nil, notFound("payment", errors.New("approval: payment link of another customer or application"))
	}
	out := apigen.PaymentSessionInfo{
		PaymentLinkId: link.ID,
		Purpose:       apigen.PaymentSessionInfoPurposeCpa,
		Status:        link.Status,
		DeclineReason: link.DeclineReason,
	}
	if link.Card != nil {
		out.Card = &apigen.CardSummary{Brand: link.Card.Brand, Last4: link.Card.Last4}
	}
	switch {
	case link.Status != payments.StatusSucceeded || link.CardToken == "":
	case a.CPA != nil && a.CPA.CardToken == link.CardToken:
		out.CpaAttached = true // attached by an earlier call: nothing to do, even once drawn down
	default:
		a, err = h.lending.AttachCPA(ctx, a.ID, link.CardToken)
		if err != nil {
			return nil, stepError(err, "")
		}
		out.CpaAttached = true
	}
	progress, err := h.done(ctx, a)
	if err != nil {
		return nil, err
	}
	out.Application = &progress
	return apigen.PaymentSessionInfo200JSONResponse{Status: 200, ResultData: out}, nil
}
