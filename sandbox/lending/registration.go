package lending

import (
	"net/http"

	"lender/bff/upstream/lending"
)

// register answers POST /registrations: a new customer and their first application, from an eligibility
// check made for that person, in one step under the lock, so that no failure leaves a customer without
// the application they registered for (the BFF would otherwise strand the address: a retry would find
// the customer and be told the address is taken). The customer is provisional until an application
// records their address verified.
func (p *Provider) register(w http.ResponseWriter, r *http.Request) {
	var req lending.RegistrationRequest
	if !decode(w, r, &req) {
		return
	}
	now := p.Clock.Now()
	c, perr := checkNewCustomer(req.Customer, now)
	if perr == nil && req.Application.CustomerID != "" {
		perr = invalid(lending.CodeInvalidRequest, "application.customerId must be empty: the registration makes the customer")
	}
	if perr == nil {
		// Validated with a stand-in id: the customer's own is made below.
		app := req.Application
		app.CustomerID = "registration"
		perr = checkCreateApplication(app)
	}
	if perr != nil {
		perr.write(w)
		return
	}
	c.provisional = true
	p.Idem.Do(w, r, "POST /registrations", req, func() (int, any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.st.emailOrPhoneTaken(c) {
			return http.StatusConflict, errorBody(lending.CodeCustomerExists, msgCustomerExists)
		}
		// A check is one person's, and opens one application for them. (POST /applications, the back
		// office's call for a customer who exists, may follow a customer's check again after a withdrawal.)
		check, ok := p.st.checks[req.Application.EligibilityCheckID]
		switch {
		case ok && !check.madeFor(c):
			return http.StatusUnprocessableEntity, errorBody(lending.CodeEligibilityCheckMismatch,
				"the eligibility check was made for someone else: the e-mail address, name or date of birth differs")
		case ok && check.UsedBy != "":
			return http.StatusConflict, errorBody(lending.CodeEligibilityCheckUsed,
				"the eligibility check has opened an application already: run a new one")
		}
		c.id = newID("cus_")
		p.st.addCustomer(c)
		app := req.Application
		app.CustomerID = c.id
		a, perr := p.st.newApplication(app, now)
		if perr != nil {
			p.st.removeCustomer(c) // both or neither
			return perr.status, errorBody(perr.code, perr.message)
		}
		p.stateChanged()
		return http.StatusCreated, lending.Registration{Customer: c.wire(), Application: p.st.wireApplication(a, now)}
	})
}
