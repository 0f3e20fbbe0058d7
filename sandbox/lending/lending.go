// Package lending is the sandbox's lending core: the server side of bff/upstream/lending, modelled on a
// loan-management system. It serves the brands, the loan product and quotes (priced by the credit
// package), a postcode gazetteer, soft eligibility checks decided by the persona rules, customers with
// their PINs, staff and finance-portal credentials, and broker offers with their client tokens. The API
// is documented in the package doc of bff/upstream/lending; the personas in sandbox/personas.
//
// All state is in memory behind one lock, restored from the seed by Reset (POST /_sandbox/reset), and
// every time comes from the sandbox clock.
package lending

import (
	"net/http"
	"sync"
	"time"

	"lender/bff/upstream/lending"
	"lender/sandbox/clock"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// idempotencyTTL is how long an Idempotency-Key is remembered.
const idempotencyTTL = 24 * time.Hour

// Provider holds the lending core's state. It is safe for concurrent use.
type Provider struct {
	provider.Base

	mu sync.Mutex
	st *state

	snap *snapshotter // the optional snapshot file (snapshot.go)

	mailer Mailer // where instalment reminders go (reminders.go)
}

// New builds the provider in its seed state.
func New(clk *clock.Clock) *Provider {
	return &Provider{Base: provider.NewBase(clk, idempotencyTTL), st: seedState(clk.Now())}
}

// Reset restores the seed state: brands, personas' customers with their PINs and locks, staff and
// portal users; every customer, check and offer created since is forgotten, and so are idempotency keys
// and the event feed (whose Seq goes on from where it was).
func (p *Provider) Reset() {
	st := seedState(p.Clock.Now())
	p.mu.Lock()
	st.events.Seq = p.st.events.Seq // a reader's cursor stays meaningful (events.go)
	p.st = st
	p.mu.Unlock()
	p.Idem.Reset()
	p.forgetSnapshot() // the seed is the state now: delete the snapshot file (snapshot.go)
}

// Register adds the provider's routes under prefix (e.g. "/lending/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	provider.Register(mux, prefix, provider.Routes{
		"/brands/{clientName}":            {http.MethodGet: p.brand},
		"/product":                        {http.MethodGet: p.product},
		"/quotes":                         {http.MethodPost: p.createQuote},
		"/addresses":                      {http.MethodGet: p.addresses},
		"/eligibility-checks":             {http.MethodPost: p.createEligibilityCheck},
		"/eligibility-checks/{id}":        {http.MethodGet: p.eligibilityCheck},
		"/customers":                      {http.MethodPost: p.createCustomer, http.MethodGet: p.findCustomers},
		"/customers/{id}":                 {http.MethodGet: p.customer, http.MethodDelete: p.discardCustomer},
		"/registrations":                  {http.MethodPost: p.register},
		"/customers/{id}/email":           {http.MethodPut: p.changeCustomerEmail},
		"/customers/{id}/phone":           {http.MethodPut: p.changeCustomerPhone},
		"/customers/{id}/address":         {http.MethodPut: p.setCustomerAddress},
		"/customers/{id}/preferences":     {http.MethodPut: p.setCustomerPreferences},
		"/customers/{id}/pin":             {http.MethodPut: p.setPIN},
		"/customers/{id}/pin/verify":      {http.MethodPost: p.verifyPIN},
		"/customers/{id}/pin/lock":        {http.MethodDelete: p.unlockPIN},
		"/staff/sessions":                 {http.MethodPost: p.staffSignIn},
		"/portal-users/sessions":          {http.MethodPost: p.portalSignIn},
		"/portal-users/{id}":              {http.MethodGet: p.portalUser},
		"/broker-offers":                  {http.MethodPost: p.createBrokerOffer, http.MethodGet: p.listBrokerOffers},
		"/broker-offers/{id}":             {http.MethodGet: p.brokerOffer},
		"/broker-offers/by-token/{token}": {http.MethodGet: p.brokerOfferByToken},
		"/events":                         {http.MethodGet: p.listEvents},
	})
	p.registerApplications(mux, prefix) // applications and their documents (application.go)
	p.registerLoans(mux, prefix)        // loans, repayments, statements and top-ups (loan_http.go)
	p.registerAudit(mux, prefix)        // the staff audit trail (audit.go)
}

func (p *Provider) brand(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	b, ok := p.st.brands[r.PathValue("clientName")]
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, lending.CodeBrandNotFound, "no brand has that client name")
		return
	}
	httpjson.Write(w, http.StatusOK, b)
}

// decode reads a JSON body into v, answering 400 bad_request when it is not the JSON of v's type.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := httpjson.Decode(w, r, v); err != nil {
		httpjson.Error(w, http.StatusBadRequest, lending.CodeBadRequest, "the body is not the expected JSON: "+err.Error())
		return false
	}
	return true
}

// problem is a refused request: its status, code and message.
type problem struct {
	status        int
	code, message string
}

func (e *problem) Error() string { return e.code + ": " + e.message }

func invalid(code, message string) *problem {
	return &problem{status: http.StatusUnprocessableEntity, code: code, message: message}
}

func (e *problem) write(w http.ResponseWriter) { httpjson.Error(w, e.status, e.code, e.message) }
