// Package profile serves the borrower's profile and settings (spec §2 /personal-details, /profile,
// /edit-phone, /verify-phone, /edit-addressA…D, /addressDetails, /notifications, /settings): their
// details as the lending core holds them, a new mobile number proved by an SMS code, a new current
// address with the cards' billing address following it (payment/updateBillAddress), what the lender has
// sent them, and their reminder preferences. A new e-mail address and a new PIN are package account's:
// the same ceremonies as registration's link and sign-in's PIN.
//
// Every call acts on the signed-in customer only, named by the session; the one id a request carries
// (a notification's) is checked to be a message to the customer's own address or number before
// anything else is asked about it. Calls that change the e-mail address, phone, address or PIN are
// x-staff-forbidden, and each handler here that changes one checks again.
package profile

import (
	"context"
	"errors"
	"strings"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/internal/session"
	"lender/bff/internal/shared/signin"
	"lender/bff/upstream/lending"
)

// PhoneProver proves a customer holds a mobile number with a 6-digit SMS code: the sign-in code
// ceremony of package auth (*auth.Handlers).
type PhoneProver interface {
	SendPhoneProof(ctx context.Context, customerID, raw string) (phone string, ttl time.Duration, err error)
	CheckPhoneProof(ctx context.Context, customerID, raw, code string) (phone string, err error)
	// RefuseNumber is the one answer to a number a customer cannot use, whatever the reason.
	RefuseNumber(cause error) error
}

// Deps are what the handlers use.
type Deps struct {
	Lending  Lending
	Payments Payments
	Notify   Notify
	Phone    PhoneProver
}

// Handlers implements the profile part of the generated API.
type Handlers struct {
	lending  Lending
	payments Payments
	notify   Notify
	phone    PhoneProver
}

// New returns the handlers.
func New(d Deps) *Handlers {
	return &Handlers{lending: d.Lending, payments: d.Payments, notify: d.Notify, phone: d.Phone}
}

var errStaff = errors.New("profile: staff may not change a borrower's details")

// customer is the signed-in customer as the lending core holds them: 100401 when the session outlived
// them.
func (h *Handlers) customer(ctx context.Context) (lending.Customer, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return lending.Customer{}, err
	}
	return signin.SessionCustomer(ctx, h.lending, s)
}

// changer is the signed-in customer's id for a call that changes their details: 100617 for staff
// acting for them (the router refuses x-staff-forbidden calls first; this is the second lock).
func changer(ctx context.Context) (string, error) {
	s, err := session.Required(ctx)
	if err != nil {
		return "", err
	}
	if _, acting := signin.StaffActing(s); acting {
		return "", web.Fail(web.CodeStaffForbidden, errStaff)
	}
	return s.Subject, nil
}

// changed maps a failed change of the customer's record: the customer gone is 100401.
func changed(err error) error {
	if errors.Is(err, lending.ErrCustomerNotFound) {
		return web.Fail(web.CodeUnauthenticated, err)
	}
	return web.FailUpstream(err)
}

// PersonalDetails answers the signed-in borrower's details.
func (h *Handlers) PersonalDetails(ctx context.Context, _ apigen.PersonalDetailsRequestObject) (apigen.PersonalDetailsResponseObject, error) {
	cu, err := h.customer(ctx)
	if err != nil {
		return nil, err
	}
	return apigen.PersonalDetails200JSONResponse{Status: 200, ResultData: details(cu)}, nil
}

// details shapes a customer for the profile screens.
func details(cu lending.Customer) apigen.PersonalDetails {
	out := apigen.PersonalDetails{FirstName: cu.FirstName, LastName: cu.LastName, Email: cu.Email, PhoneMasked: MaskPhone(cu.Phone),
		PinSet: cu.PIN.Set}
	if d, err := time.Parse(time.DateOnly, cu.DateOfBirth); err == nil {
		out.DateOfBirth = &openapi_types.Date{Time: d}
	}
	if a := cu.Address; a != nil {
		out.Address = &apigen.CurrentAddress{Flat: optional(a.Flat), HouseName: optional(a.HouseName), HouseNumber: optional(a.HouseNumber),
			Street: a.Street, Town: a.Town, County: optional(a.County), Postcode: a.Postcode, Label: addressLabel(*a)}
	}
	return out
}

// MaskPhone is a UK mobile number (E.164, as the lending core keeps it) in its national form with the
// four digits before the last four masked (spec §9): +447700900123 is 077****0123, as the apps'
// maskPhone writes it. Anything else is "": a number that cannot be masked is never shown.
func MaskPhone(e164 string) string {
	national, ok := strings.CutPrefix(e164, "+44")
	if !ok || len(national) != 10 || strings.Trim(national, "0123456789") != "" {
		return ""
	}
	digits := "0" + national
	return digits[:3] + "****" + digits[7:]
}

// addressLabel is an address on one line, as the postcode lookup labels one: "Flat 2, Rose Court,
// 14 Mill Lane, Lowmere, LM2 4QT".
func addressLabel(a lending.Address) string {
	street := strings.TrimSpace(a.HouseNumber + " " + a.Street)
	var parts []string
	for _, p := range []string{a.Flat, a.HouseName, street, a.Town, a.Postcode} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
