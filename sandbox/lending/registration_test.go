package lending

import (
	"net/http"
	"testing"

	"lender/bff/upstream/lending"
)

// registrationOf is a registration of the person applicant() makes checks for (Jo Bloggs, 1990-05-01).
func registrationOf(email, checkID string) lending.RegistrationRequest {
	return lending.RegistrationRequest{
		Customer:    lending.CreateCustomerRequest{Email: email, FirstName: "Jo", LastName: "Bloggs", DateOfBirth: "1990-05-01"},
		Application: lending.CreateApplicationRequest{EligibilityCheckID: checkID, OnePage: true},
	}
}

// checkFor runs an approved soft check for email.
func (h *harness) checkFor(email string) lending.EligibilityCheck {
	h.t.Helper()
	var check lending.EligibilityCheck
	h.must(h.do(http.MethodPost, "/eligibility-checks", applicant(email)), http.StatusCreated, &check)
	return check
}

// customerCount is how many customers have email (0 or 1).
func (h *harness) customerCount(email string) int {
	h.t.Helper()
	var l lending.CustomerList
	h.must(h.do(http.MethodGet, "/customers?email="+email, nil), http.StatusOK, &l)
	return len(l.Customers)
}

func TestRegistrationOpensAProvisionalCustomerAndTheirApplication(t *testing.T) {
	h := newHarness(t)
	check := h.checkFor("jo@example.com")
	req := registrationOf(" JO@Example.com ", check.ID)
	req.Customer.FirstName, req.Customer.LastName = " jo ", "BLOGGS" // names compare without case or spaces
	var reg lending.Registration
	a := h.do(http.MethodPost, "/registrations", req, "Idempotency-Key: reg-1")
	h.must(a, http.StatusCreated, &reg)
	if !reg.Customer.Provisional || reg.Customer.Email != "jo@example.com" || reg.Application.CustomerID != reg.Customer.ID ||
		reg.Application.EligibilityCheckID != check.ID || !reg.Application.OnePage {
		t.Fatalf("registration = %+v", reg)
	}

	// The same key and body answer the first registration again; the check cannot open a second one.
	var again lending.Registration
	h.must(h.do(http.MethodPost, "/registrations", req, "Idempotency-Key: reg-1"), http.StatusCreated, &again)
	if again.Customer.ID != reg.Customer.ID || again.Application.ID != reg.Application.ID {
		t.Fatalf("a replay answered %+v, want %+v", again, reg)
	}
	other := registrationOf("jo.other@example.com", check.ID)
	h.refused(h.do(http.MethodPost, "/registrations", other), http.StatusUnprocessableEntity, lending.CodeEligibilityCheckMismatch)

	// Recording the address verified settles the customer, who can then no longer be discarded.
	h.appStep(http.MethodPost, reg.Application.ID, "email-verification", lending.EmailVerificationRequest{Email: "jo@example.com"})
	var cu lending.Customer
	h.must(h.do(http.MethodGet, "/customers/"+reg.Customer.ID, nil), http.StatusOK, &cu)
	if cu.Provisional {
		t.Fatalf("after the e-mail was verified the customer is %+v", cu)
	}
	h.refused(h.do(http.MethodDelete, "/customers/"+reg.Customer.ID, nil), http.StatusConflict, lending.CodeCustomerNotProvisional)
}

// TestRegistrationIsAllOrNothing: every refusal leaves no customer behind, so the person can register
// once the cause is put right.
func TestRegistrationIsAllOrNothing(t *testing.T) {
	h := newHarness(t)
	const email = "sam@example.com"
	declined := h.checkFor("sam+decline@example.com")
	used := h.checkFor(email)
	h.must(h.do(http.MethodPost, "/registrations", registrationOf("first@example.com", h.checkFor("first@example.com").ID)), http.StatusCreated, nil)
	usedBy := h.checkFor("second@example.com")
	h.must(h.do(http.MethodPost, "/registrations", registrationOf("second@example.com", usedBy.ID)), http.StatusCreated, nil)

	tests := []struct {
		name   string
		req    lending.RegistrationRequest
		status int
		code   string
	}{
		{"unknown check", registrationOf(email, "elig_0000000000000000"), 422, lending.CodeEligibilityCheckNotFound},
		{"declined check", registrationOf("sam+decline@example.com", declined.ID), 409, lending.CodeEligibilityCheckDeclined},
		{"check of another e-mail", registrationOf("someone.else@example.com", used.ID), 422, lending.CodeEligibilityCheckMismatch},
		{"check of another name", func() lending.RegistrationRequest {
			r := registrationOf(email, used.ID)
			r.Customer.FirstName = "Mallory"
			return r
		}(), 422, lending.CodeEligibilityCheckMismatch},
		{"check of another birthday", func() lending.RegistrationRequest {
			r := registrationOf(email, used.ID)
			r.Customer.DateOfBirth = "1985-01-01"
			return r
		}(), 422, lending.CodeEligibilityCheckMismatch},
		{"the address is a customer's", registrationOf("second@example.com", usedBy.ID), 409, lending.CodeCustomerExists},
		{"out of the product's bounds", func() lending.RegistrationRequest {
			r := registrationOf(email, used.ID)
			r.Application.AmountPence = 100
			return r
		}(), 422, lending.CodeAmountBelowMinimum},
		{"no brand of that name", func() lending.RegistrationRequest {
			r := registrationOf(email, used.ID)
			r.Application.ApplicationOwner = "nobody"
			return r
		}(), 422, lending.CodeInvalidRequest},
		{"a customer id given", func() lending.RegistrationRequest {
			r := registrationOf(email, used.ID)
			r.Application.CustomerID = "cus_up_to_date"
			return r
		}(), 422, lending.CodeInvalidRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h.t = t
			h.refused(h.do(http.MethodPost, "/registrations", tt.req), tt.status, tt.code)
			if n := h.customerCount(tt.req.Customer.Email); tt.code != lending.CodeCustomerExists && n != 0 {
				t.Fatalf("a refused registration left %d customers", n)
			}
		})
	}
	h.t = t

	// A check that opened an application by POST /applications is used too.
	ap := h.newApplicant("back-office@example.com")
	h.must(h.do(http.MethodPost, "/applications", lending.CreateApplicationRequest{CustomerID: ap.customer.ID,
		EligibilityCheckID: ap.check.ID}), http.StatusCreated, nil)
	h.refused(h.do(http.MethodPost, "/registrations", registrationOf("check@example.com", ap.check.ID)),
		http.StatusConflict, lending.CodeEligibilityCheckUsed)
	if h.customerCount("check@example.com") != 0 {
		t.Fatal("a registration refused for a used check left its customer")
	}

	// After every refusal the person registers with their own check.
	var reg lending.Registration
	h.must(h.do(http.MethodPost, "/registrations", registrationOf(email, used.ID)), http.StatusCreated, &reg)
	if h.customerCount(email) != 1 || reg.Application.EligibilityCheckID != used.ID {
		t.Fatalf("the registration after the refusals: %+v", reg)
	}
}

func TestDiscardingAProvisionalCustomerFreesTheAddress(t *testing.T) {
	h := newHarness(t)
	const email = "victim@example.com"
	req := registrationOf(email, h.checkFor(email).ID)
	req.Customer.Phone = "07700 900777"
	var reg lending.Registration
	h.must(h.do(http.MethodPost, "/registrations", req), http.StatusCreated, &reg)

	var gone lending.DiscardedCustomer
	h.must(h.do(http.MethodDelete, "/customers/"+reg.Customer.ID, nil), http.StatusOK, &gone)
	if gone != (lending.DiscardedCustomer{ID: reg.Customer.ID, Discarded: true}) {
		t.Fatalf("discarded = %+v", gone)
	}
	h.refused(h.do(http.MethodGet, "/customers/"+reg.Customer.ID, nil), http.StatusNotFound, lending.CodeCustomerNotFound)
	h.refused(h.do(http.MethodGet, "/applications/"+reg.Application.ID, nil), http.StatusNotFound, lending.CodeApplicationNotFound)
	h.refused(h.do(http.MethodDelete, "/customers/"+reg.Customer.ID, nil), http.StatusNotFound, lending.CodeCustomerNotFound)

	// The address and the phone are free: their owner registers with a check of their own.
	owner := registrationOf(email, h.checkFor(email).ID)
	owner.Customer.Phone = "07700 900777"
	h.must(h.do(http.MethodPost, "/registrations", owner), http.StatusCreated, nil)

	// Seeded borrowers are settled.
	h.refused(h.do(http.MethodDelete, "/customers/cus_up_to_date", nil), http.StatusConflict, lending.CodeCustomerNotProvisional)
}
