package lending

import (
	"net/http"
	"net/url"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// findByEmail is the customers the look-up by address answers.
func (h *harness) findByEmail(email string) []lending.Customer {
	h.t.Helper()
	var l lending.CustomerList
	h.must(h.do(http.MethodGet, "/customers?email="+url.QueryEscape(email), nil), http.StatusOK, &l)
	return l.Customers
}

func TestChangeEmailWhileUnconfirmed(t *testing.T) {
	h := newHarness(t)
	a := h.newApplication("mistyped@exmaple.com", true)

	var c lending.Customer
	h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/email", lending.EmailChangeRequest{Email: "  Right.Address@Example.com "}),
		http.StatusOK, &c)
	if c.ID != a.CustomerID || c.Email != "right.address@example.com" {
		t.Fatalf("after the change = %+v", c)
	}
	if found := h.findByEmail("RIGHT.address@example.com"); len(found) != 1 || found[0].ID != a.CustomerID {
		t.Fatalf("the new address finds %+v", found)
	}
	// The old address is free again: nobody has it, and a new customer may take it.
	if found := h.findByEmail("mistyped@exmaple.com"); len(found) != 0 {
		t.Fatalf("the old address still finds %+v", found)
	}
	h.must(h.do(http.MethodPost, "/customers", newCustomer("mistyped@exmaple.com", "")), http.StatusCreated, nil)

	// The same address again (a repeat after a lost answer) changes nothing and is not an error.
	var again lending.Customer
	h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/email", lending.EmailChangeRequest{Email: "right.address@EXAMPLE.com"}),
		http.StatusOK, &again)
	if again.Email != "right.address@example.com" {
		t.Fatalf("after the repeat = %+v", again)
	}

	// A confirmation of the address it had before names an address that is no longer the customer's.
	h.refused(h.do(http.MethodPost, "/applications/"+a.ID+"/email-verification",
		lending.EmailVerificationRequest{Email: "mistyped@exmaple.com"}), http.StatusUnprocessableEntity, lending.CodeEmailMismatch)
	if got := h.app(a.ID); got.EmailVerification != lending.StagePending || got.RegStage.EmailConf != lending.StagePending {
		t.Fatalf("the application after a confirmation of the old address: %+v", got.RegStage)
	}
	// The new one confirms it; from then on the address stays.
	if got := h.appStep(http.MethodPost, a.ID, "email-verification", lending.EmailVerificationRequest{Email: "right.address@example.com"}); got.EmailVerification != lending.StageDone {
		t.Fatalf("the application after confirming the new address: %+v", got.RegStage)
	}
	h.refused(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/email", lending.EmailChangeRequest{Email: "third@example.com"}),
		http.StatusConflict, lending.CodeEmailConfirmed)
	// Asking for the address it has is still answered, confirmed or not.
	h.must(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/email", lending.EmailChangeRequest{Email: "right.address@example.com"}),
		http.StatusOK, nil)
}

func TestChangeEmailRefusals(t *testing.T) {
	h := newHarness(t)
	a := h.newApplication("refusals@example.com", false)
	path := "/customers/" + a.CustomerID + "/email"
	tests := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"another customer's address, other case", lending.EmailChangeRequest{Email: "UP-TO-DATE@" + personas.Domain}, 409, lending.CodeCustomerExists},
		{"not an address", lending.EmailChangeRequest{Email: "not an address"}, 422, lending.CodeEmailInvalid},
		{"a display name", lending.EmailChangeRequest{Email: "Sam <sam@example.com>"}, 422, lending.CodeEmailInvalid},
		{"no domain dot", lending.EmailChangeRequest{Email: "sam@example"}, 422, lending.CodeEmailInvalid},
		{"empty", lending.EmailChangeRequest{}, 422, lending.CodeEmailInvalid},
		{"an unknown field", `{"email":"sam@example.com","name":"Sam"}`, 400, lending.CodeBadRequest},
	}
	for _, tt := range tests {
		if a := h.do(http.MethodPut, path, tt.body); a.status != tt.status || a.code() != tt.code || a.message() == "" {
			t.Errorf("%s: = %d %q (%s), want %d %q", tt.name, a.status, a.code(), a.message(), tt.status, tt.code)
		}
	}
	var c lending.Customer
	h.must(h.do(http.MethodGet, "/customers/"+a.CustomerID, nil), http.StatusOK, &c)
	if c.Email != "refusals@example.com" {
		t.Fatalf("a refused change changed the address to %q", c.Email)
	}
	h.refused(h.do(http.MethodPut, "/customers/cus_nobody/email", lending.EmailChangeRequest{Email: "sam@example.com"}),
		http.StatusNotFound, lending.CodeCustomerNotFound)
}

func TestChangeEmailOnceConfirmedElsewhere(t *testing.T) {
	h := newHarness(t)
	// A borrower with a loan proved the address when they applied.
	h.refused(h.do(http.MethodPut, "/customers/cus_up_to_date/email", lending.EmailChangeRequest{Email: "new-address@example.com"}),
		http.StatusConflict, lending.CodeEmailConfirmed)

	// An application that was started over keeps its confirmation: the replacement's pending
	// e-mail step does not reopen the address.
	a := h.newApplication("started-over@example.com", true)
	h.appStep(http.MethodPost, a.ID, "email-verification", lending.EmailVerificationRequest{Email: "started-over@example.com"})
	var next lending.Application
	h.must(h.do(http.MethodPost, "/applications/"+a.ID+"/start-over", nil), http.StatusCreated, &next)
	if next.EmailVerification != lending.StagePending {
		t.Fatalf("the replacement: %+v", next.RegStage)
	}
	h.refused(h.do(http.MethodPut, "/customers/"+a.CustomerID+"/email", lending.EmailChangeRequest{Email: "other@example.com"}),
		http.StatusConflict, lending.CodeEmailConfirmed)

	// The seeded applicant at the emailConf stage has confirmed nothing yet.
	var c lending.Customer
	h.must(h.do(http.MethodPut, "/customers/cus_regstage_emailconf/email", lending.EmailChangeRequest{Email: "jesse.stone@example.com"}),
		http.StatusOK, &c)
	if c.Email != "jesse.stone@example.com" {
		t.Fatalf("the emailConf persona after the change = %+v", c)
	}
}
