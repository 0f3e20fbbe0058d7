package lending

import (
	"net/http"

	"lender/bff/upstream/lending"
	"lender/sandbox/httpjson"
)

// The customer's e-mail address lives on the customer record (indexed by byEmail); that it was
// confirmed is a fact of the application it was confirmed for (emailVerifiedAt). The address may be
// corrected only while no such fact exists, so a confirmation can never end up vouching for an
// address other than the one it checked, unless the caller says it proved the new address
// (proved: a borrower opened a link mailed to it), which is a confirmation of its own.

// changeCustomerEmail answers PUT /customers/{id}/email.
func (p *Provider) changeCustomerEmail(w http.ResponseWriter, r *http.Request) {
	var req lending.EmailChangeRequest
	if !decode(w, r, &req) {
		return
	}
	email, ok := normaliseEmail(req.Email)
	if !ok {
		httpjson.Error(w, http.StatusUnprocessableEntity, lending.CodeEmailInvalid, "email must be one e-mail address such as jo@example.com")
		return
	}
	p.withCustomer(w, r, func(c *customer) (int, any) {
		if c.email == email {
			// A repeat of a change that was made (or a change to what is there): nothing to do.
			return http.StatusOK, c.wire()
		}
		if !req.Proved && p.st.emailConfirmed(c.id) {
			return http.StatusConflict, errorBody(lending.CodeEmailConfirmed,
				"the customer's e-mail address is confirmed, so it can no longer be changed this way")
		}
		if owner, taken := p.st.byEmail[email]; taken && owner != c.id {
			return http.StatusConflict, errorBody(lending.CodeCustomerExists, "another customer has that e-mail address")
		}
		delete(p.st.byEmail, c.email)
		c.email = email
		p.st.byEmail[email] = c.id
		return http.StatusOK, c.wire()
	})
}

// emailConfirmed reports whether the customer has proved their address: an application of theirs
// recorded it verified (whatever became of the application since), or they hold a loan, which only
// follows such an application. The caller holds Provider.mu.
func (st *state) emailConfirmed(customerID string) bool {
	for _, a := range st.apps.byID {
		if a.customerID == customerID && !a.emailVerifiedAt.IsZero() {
			return true
		}
	}
	return len(st.loans.customerLoans(customerID)) > 0
}
