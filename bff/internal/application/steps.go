package application

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
)

// StepError maps the lending core's refusal of a journey step; invalid is the message for a refusal of
// the step's fields.
func StepError(err error, invalid string) error {
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

// HousingRequest checks and converts the housing details: a pay method exactly when something is paid.
func HousingRequest(b apigen.HousingDetails) (lending.HousingDetails, error) {
	r := lending.HousingDetails{Status: string(b.HousingStatus), MonthlyCostPence: b.MonthlyCostPence}
	if b.PayMethod != nil {
		r.PayMethod = string(*b.PayMethod)
	}
	switch {
	case r.MonthlyCostPence > 0 && r.PayMethod == "":
		return r, web.FailWith(web.CodeBadRequest, MsgPayMethod, errors.New("application: no pay method"))
	case r.MonthlyCostPence == 0 && r.PayMethod != "":
		return r, web.FailWith(web.CodeBadRequest, MsgNoPayMethod, errors.New("application: a pay method for no cost"))
	}
	return r, nil
}

// AddressHistoryRequest checks and converts an address history, newest first: each address found by
// postcode or typed, not both, moving-in months strictly earlier each time.
func AddressHistoryRequest(in []apigen.AddressHistoryInput) (lending.AddressHistoryRequest, error) {
	r := lending.AddressHistoryRequest{Addresses: make([]lending.AddressHistoryInput, 0, len(in))}
	for i, a := range in {
		if (a.GazetteerId == nil) == (a.Address == nil) {
			return r, web.FailWith(web.CodeBadRequest, MsgAddressOne, errors.New("application: address both or neither"))
		}
		// YYYY-MM compares as text: the contract's pattern fixes the shape.
		if i > 0 && a.MovedIn >= in[i-1].MovedIn {
			return r, web.FailWith(web.CodeBadRequest, MsgAddressOrder, errors.New("application: moving-in months out of order"))
		}
		out := lending.AddressHistoryInput{MovedIn: a.MovedIn}
		if a.GazetteerId != nil {
			out.GazetteerID = *a.GazetteerId
		} else {
			m := a.Address
			out.Address = &lending.Address{Flat: deref(m.Flat), HouseName: deref(m.HouseName), HouseNumber: deref(m.HouseNumber),
				Street: m.Street, Town: m.Town, County: deref(m.County), Postcode: m.Postcode}
		}
		r.Addresses = append(r.Addresses, out)
	}
	return r, nil
}

// FutureIncomeRequest checks and converts the future-income-change answer: the direction, reason and
// new income exactly when a change is expected.
func FutureIncomeRequest(b apigen.FutureIncomeChange) (lending.FutureIncomeChange, error) {
	r := lending.FutureIncomeChange{Expected: b.Expected}
	given := b.Direction != nil || b.Reason != nil || b.NewAnnualIncomePence != nil
	switch {
	case b.Expected && (b.Direction == nil || b.Reason == nil || b.NewAnnualIncomePence == nil):
		return r, web.FailWith(web.CodeBadRequest, MsgFutureIncome, errors.New("application: future income change incomplete"))
	case !b.Expected && given:
		return r, web.FailWith(web.CodeBadRequest, MsgNoFutureIncome, errors.New("application: future income change not expected"))
	case b.Expected:
		r.Direction, r.Reason, r.NewAnnualIncomePence = string(*b.Direction), string(*b.Reason), *b.NewAnnualIncomePence
	}
	return r, nil
}

// Addresses shapes a recorded address history.
func Addresses(in []lending.AddressHistoryEntry) []apigen.AddressHistoryEntry {
	out := make([]apigen.AddressHistoryEntry, 0, len(in))
	for _, e := range in {
		a := apigen.AddressHistoryEntry{Address: Address(e.Address), Manual: e.Manual, MovedIn: e.MovedIn, Label: e.Label}
		if e.GazetteerID != "" {
			id := e.GazetteerID
			a.GazetteerId = &id
		}
		out = append(out, a)
	}
	return out
}

// Address shapes one address's parts.
func Address(a lending.Address) apigen.ApplicationAddress {
	return apigen.ApplicationAddress{Flat: a.Flat, HouseName: a.HouseName, HouseNumber: a.HouseNumber,
		Street: a.Street, Town: a.Town, County: a.County, Postcode: a.Postcode}
}

// Answers shapes recorded credit-assessment answers.
func Answers(in []lending.CreditAssessmentAnswer) []apigen.CreditAssessmentAnswer {
	out := make([]apigen.CreditAssessmentAnswer, 0, len(in))
	for _, a := range in {
		out = append(out, apigen.CreditAssessmentAnswer{QuestionId: a.QuestionID, Value: a.Value})
	}
	return out
}

// Housing shapes recorded housing details.
func Housing(h lending.HousingDetails) *apigen.HousingDetails {
	out := &apigen.HousingDetails{HousingStatus: apigen.HousingDetailsHousingStatus(h.Status), MonthlyCostPence: h.MonthlyCostPence}
	if h.PayMethod != "" {
		m := apigen.HousingDetailsPayMethod(h.PayMethod)
		out.PayMethod = &m
	}
	return out
}

// FutureIncomeChange shapes a recorded future-income-change answer.
func FutureIncomeChange(f lending.FutureIncomeChange) *apigen.FutureIncomeChange {
	out := &apigen.FutureIncomeChange{Expected: f.Expected}
	if f.Expected {
		d := apigen.FutureIncomeChangeDirection(f.Direction)
		r := apigen.FutureIncomeChangeReason(f.Reason)
		n := f.NewAnnualIncomePence
		out.Direction, out.Reason, out.NewAnnualIncomePence = &d, &r, &n
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
