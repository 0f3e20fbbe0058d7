// Package journeystep holds what the steps of both application journeys share (the one-page calls and
// the legacy ones record the same facts in the lending core): the checks and conversions of the
// answers to housing, addresses and future income, the messages of a form's error summary, and the
// mapping of the lending core's refusal of a step.
package journeystep

import (
	"errors"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
)

// Messages of the journey steps both journeys share (the one-page calls and the legacy ones record the
// same facts in the lending core), in the words of a form's error summary.
const (
	MsgSubmitted      = "Your application has been sent, so this can no longer be changed."
	MsgPurposeText    = "Tell us what the loan is for"
	MsgPayMethod      = "Choose how you pay for your housing"
	MsgNoPayMethod    = "Leave out how you pay when you pay nothing for your housing"
	MsgHousing        = "Check your housing details: choose where you live and enter what you pay each month"
	MsgAddressOne     = "Choose an address from the list or enter it by hand, not both"
	MsgAddressOrder   = "Each earlier address must have a moving-in date before the one after it"
	MsgAddresses      = "Check your addresses: one could not be found or is not complete"
	MsgPostcode       = "Enter a real postcode, like AB1 2CD"
	MsgFutureIncome   = "Tell us how your income will change, why, and what it will be"
	MsgNoFutureIncome = "Leave out how your income will change when you do not expect it to"
	// MsgAboveOffer refuses a loan above the one approved, or above the counteroffer the applicant took.
	MsgAboveOffer = "Choose an amount no higher than the amount we offered you"
)

// Error maps the lending core's refusal of a journey step; invalid is the message for a refusal of
// the step's fields.
func Error(err error, invalid string) error {
	var we *web.Error
	switch {
	case errors.As(err, &we):
		return we
	case errors.Is(err, lending.ErrApplicationStatus):
		return web.FailWith(web.CodeBadRequest, MsgSubmitted, err)
	case errors.Is(err, lending.ErrPostcodeInvalid):
		return web.FailWith(web.CodeBadRequest, MsgPostcode, err)
	case errors.Is(err, lending.ErrInvalidRequest):
		return web.FailWith(web.CodeBadRequest, invalid, err)
	case errors.Is(err, lending.ErrApplicationNotFound):
		return web.FailWith(web.CodeNotFound, "We could not find that application.", err)
	}
	return web.FailUpstream(err)
}

// Housing checks and converts the housing details: a pay method exactly when something is paid.
func Housing(b apigen.HousingDetails) (lending.HousingDetails, error) {
	r := lending.HousingDetails{Status: string(b.HousingStatus), MonthlyCostPence: b.MonthlyCostPence}
	if b.PayMethod != nil {
		r.PayMethod = string(*b.PayMethod)
	}
	switch {
	case r.MonthlyCostPence > 0 && r.PayMethod == "":
		return r, web.FailWith(web.CodeBadRequest, MsgPayMethod, errors.New("journeystep: no pay method"))
	case r.MonthlyCostPence == 0 && r.PayMethod != "":
		return r, web.FailWith(web.CodeBadRequest, MsgNoPayMethod, errors.New("journeystep: a pay method for no cost"))
	}
	return r, nil
}

// AddressHistory checks and converts an address history, newest first: each address found by
// postcode or typed, not both, moving-in months strictly earlier each time.
func AddressHistory(in []apigen.AddressHistoryInput) (lending.AddressHistoryRequest, error) {
	r := lending.AddressHistoryRequest{Addresses: make([]lending.AddressHistoryInput, 0, len(in))}
	for i, a := range in {
		if (a.GazetteerId == nil) == (a.Address == nil) {
			return r, web.FailWith(web.CodeBadRequest, MsgAddressOne, errors.New("journeystep: address both or neither"))
		}
		// YYYY-MM compares as text: the contract's pattern fixes the shape.
		if i > 0 && a.MovedIn >= in[i-1].MovedIn {
			return r, web.FailWith(web.CodeBadRequest, MsgAddressOrder, errors.New("journeystep: moving-in months out of order"))
		}
		out := lending.AddressHistoryInput{MovedIn: a.MovedIn}
		if a.GazetteerId != nil {
			out.GazetteerID = *a.GazetteerId
		} else {
			out.Address = Address(*a.Address)
		}
		r.Addresses = append(r.Addresses, out)
	}
	return r, nil
}

// Address converts an address typed by hand (an address history's, a borrower's new address).
func Address(m apigen.EligibilityAddress) *lending.Address {
	return &lending.Address{Flat: deref(m.Flat), HouseName: deref(m.HouseName), HouseNumber: deref(m.HouseNumber),
		Street: m.Street, Town: m.Town, County: deref(m.County), Postcode: m.Postcode}
}

// FutureIncome checks and converts the future-income-change answer: the direction, reason and
// new income exactly when a change is expected.
func FutureIncome(b apigen.FutureIncomeChange) (lending.FutureIncomeChange, error) {
	r := lending.FutureIncomeChange{Expected: b.Expected}
	given := b.Direction != nil || b.Reason != nil || b.NewAnnualIncomePence != nil
	switch {
	case b.Expected && (b.Direction == nil || b.Reason == nil || b.NewAnnualIncomePence == nil):
		return r, web.FailWith(web.CodeBadRequest, MsgFutureIncome, errors.New("journeystep: future income change incomplete"))
	case !b.Expected && given:
		return r, web.FailWith(web.CodeBadRequest, MsgNoFutureIncome, errors.New("journeystep: future income change not expected"))
	case b.Expected:
		r.Direction, r.Reason, r.NewAnnualIncomePence = string(*b.Direction), string(*b.Reason), *b.NewAnnualIncomePence
	}
	return r, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
