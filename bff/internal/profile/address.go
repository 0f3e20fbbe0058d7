package profile

import (
	"context"
	"errors"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/shared/journeystep"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/payments"
)

// Messages of the address calls, for the screen's error summary.
const (
	msgAddress      = "Check your address: we could not find it, or it needs a house name or number, a street and a town"
	msgNoAddressYet = "We do not have your address yet. Enter your address first."
)

var (
	errAddressOne = errors.New("profile: address both or neither")
	errNoAddress  = errors.New("profile: the lending core holds no address")
)

// ChangeAddress makes an address found by postcode, or typed, the customer's current address
// (/edit-addressA…D, /addressDetails).
func (h *Handlers) ChangeAddress(ctx context.Context, req apigen.ChangeAddressRequestObject) (apigen.ChangeAddressResponseObject, error) {
	cid, err := changer(ctx)
	if err != nil {
		return nil, err
	}
	b := req.Body
	if (b.GazetteerId == nil) == (b.Address == nil) {
		return nil, web.FailWith(web.CodeBadRequest, journeystep.MsgAddressOne, errAddressOne)
	}
	var ar lending.AddressRequest
	if b.GazetteerId != nil {
		ar.GazetteerID = *b.GazetteerId
	} else {
		ar.Address = journeystep.Address(*b.Address)
	}
	cu, err := h.lending.SetAddress(ctx, cid, ar)
	switch {
	case errors.Is(err, lending.ErrPostcodeInvalid):
		return nil, web.FailField("address.postcode", journeystep.MsgPostcode, err)
	case errors.Is(err, lending.ErrInvalidRequest):
		return nil, web.FailWith(web.CodeBadRequest, msgAddress, err)
	case err != nil:
		return nil, changed(err)
	}
	return apigen.ChangeAddress200JSONResponse{Status: 200, ResultData: details(cu)}, nil
}

// UpdateBillAddress makes the customer's current address (the lending core's) the billing address of
// every card the payment gateway keeps under them. The request names nothing: the cards are the
// gateway's list for the session's customer, so no other borrower's card can be reached.
func (h *Handlers) UpdateBillAddress(ctx context.Context, _ apigen.UpdateBillAddressRequestObject) (apigen.UpdateBillAddressResponseObject, error) {
	cid, err := changer(ctx)
	if err != nil {
		return nil, err
	}
	cu, err := h.customer(ctx)
	if err != nil {
		return nil, err
	}
	if cu.Address == nil {
		return nil, web.FailWith(web.CodeBadRequest, msgNoAddressYet, errNoAddress)
	}
	cards, err := h.payments.Cards(ctx, cid)
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	addr := billingAddress(*cu.Address)
	out := apigen.BillingCards{Cards: make([]apigen.BillingCard, 0, len(cards))}
	for _, c := range cards {
		if c.CustomerReference != cid { // the gateway lists the customer's own; this is the second lock
			continue
		}
		updated, err := h.payments.UpdateBillingAddress(ctx, cid, c.Token, addr)
		if err != nil {
			return nil, web.FailUpstream(err)
		}
		out.Cards = append(out.Cards, billingCard(updated))
	}
	return apigen.UpdateBillAddress200JSONResponse{Status: 200, ResultData: out}, nil
}

// billingAddress is a home address as a card's billing address: the first line is the premises and
// street, as a card form asks for it.
func billingAddress(a lending.Address) payments.BillingAddress {
	var line1 []string
	for _, p := range []string{a.Flat, a.HouseName, strings.TrimSpace(a.HouseNumber + " " + a.Street)} {
		if p = strings.TrimSpace(p); p != "" {
			line1 = append(line1, p)
		}
	}
	return payments.BillingAddress{Line1: strings.Join(line1, ", "), Line2: a.County, City: a.Town, Postcode: a.Postcode, Country: "GB"}
}

func billingCard(c payments.Card) apigen.BillingCard {
	out := apigen.BillingCard{Brand: c.Brand, Last4: c.Last4, ExpiryMonth: c.ExpiryMonth, ExpiryYear: c.ExpiryYear, Primary: c.Primary}
	if b := c.BillingAddress; b != nil {
		out.BillingAddress = apigen.BillingAddress{Line1: b.Line1, Line2: optional(b.Line2), City: b.City, Postcode: b.Postcode}
	}
	return out
}
