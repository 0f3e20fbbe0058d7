// Package openbanking is the sandbox's open-banking provider: the server side of bff/upstream/openbanking,
// whose package doc is the API. It plays an account-information provider: consents whose hosted page
// lets the person choose one of a few fictional banks and allow or cancel access, a one-time code the
// BFF exchanges, 90-day expiry and renewal on the sandbox clock, and, for an authorised consent, accounts,
// balances and 12 months of deterministic transactions generated from the customer reference (see
// data.go and sandbox/README.md for the profiles). Consents are kept in memory and cleared by
// /_sandbox/reset; the generated data does not change with a reset.
package openbanking

import (
	"net/http"
	"net/url"
	"sync"
	"time"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// IdempotencyTTL is how long a POST /consents Idempotency-Key is remembered, on the sandbox clock.
const IdempotencyTTL = 24 * time.Hour

// Provider holds the consents. It is safe for concurrent use.
type Provider struct {
	provider.Base
	site   hosted.Site
	prefix string // set by Register, e.g. "/openbanking/v1"
	seed   provider.Seed[SeedConsent]

	mu       sync.Mutex
	consents map[string]*consent
}

// consent is a consent with what only the provider knows.
type consent struct {
	ob.Consent
	profile  *profile
	token    string    // the hosted forms' token
	code     string    // the one-time code issued by the hosted page, "" when none is outstanding
	codeAt   time.Time // when code was issued
	redirect *url.URL  // the validated redirect URL
	state    string
}

// New builds the provider with no consents. site says where its hosted page lives and where it may send
// the browser back to.
func New(clk *clock.Clock, site hosted.Site) *Provider {
	return &Provider{Base: provider.NewBase(clk, IdempotencyTTL), site: site, consents: map[string]*consent{}}
}

// Reset forgets every consent and idempotency key, then restores the seed consents (SetSeed).
func (p *Provider) Reset() {
	p.Idem.Reset()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.consents = map[string]*consent{}
	p.seedLocked(p.Clock.Now())
}

// Register adds the provider's routes under prefix (e.g. "/openbanking/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	p.prefix = prefix
	provider.Register(mux, prefix, provider.Routes{
		"/consents":                                        {http.MethodPost: p.createConsent},
		"/consents/{id}":                                   {http.MethodGet: p.getConsent},
		"/consents/{id}/exchange":                          {http.MethodPost: p.exchange},
		"/consents/{id}/renew":                             {http.MethodPost: p.renew},
		"/consents/{id}/revoke":                            {http.MethodPost: p.revoke},
		"/consents/{id}/accounts":                          {http.MethodGet: p.accounts},
		"/consents/{id}/accounts/{accountId}/balances":     {http.MethodGet: p.balances},
		"/consents/{id}/accounts/{accountId}/transactions": {http.MethodGet: p.transactions},
		"/hosted/consents/{id}": {
			http.MethodGet:  p.consentPage,
			http.MethodPost: hosted.Protect(http.HandlerFunc(p.consentSubmit)).ServeHTTP,
		},
	})
}

// visibleASCII reports whether s is at most n visible ASCII characters (and, when required, at least one).
func visibleASCII(s string, n int, required bool) bool {
	if len(s) > n || (required && s == "") {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

func (p *Provider) createConsent(w http.ResponseWriter, r *http.Request) {
	var req ob.CreateConsent
	if err := httpjson.Decode(w, r, &req); err != nil {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeBadRequest, "body must be {\"customerReference\":\"…\",\"redirectUrl\":\"…\"}")
		return
	}
	if !visibleASCII(req.CustomerReference, 128, true) {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidReference, "customerReference must be 1 to 128 visible ASCII characters")
		return
	}
	if !visibleASCII(req.State, 256, false) {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidState, "state must be at most 256 visible ASCII characters")
		return
	}
	redirect, err := p.site.ReturnURL(req.RedirectURL)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidRedirectURL, "redirectUrl "+err.Error())
		return
	}
	if !hosted.ValidMerchantName(req.ClientDisplayName) {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidClientDisplay,
			"clientDisplayName must be 1 to 64 characters without line breaks or surrounding spaces")
		return
	}
	if !hosted.ValidColour(req.ClientBrandColour) {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidClientDisplay, "clientBrandColour must be a colour as #rrggbb")
		return
	}
	public := p.site.Public(r)
	p.Idem.Do(w, r, "POST /consents", req, func() (int, any) {
		id := hosted.NewID("cns_")
		c := &consent{
			Consent: ob.Consent{
				ID: id, CustomerReference: req.CustomerReference, Status: ob.StatusAwaiting,
				AuthURL: public + p.prefix + "/hosted/consents/" + id, RedirectURL: req.RedirectURL,
				ClientDisplayName: req.ClientDisplayName, ClientBrandColour: req.ClientBrandColour,
				CreatedAt: p.Clock.Now(),
			},
			profile: profileFor(req.CustomerReference), token: hosted.NewToken(), redirect: redirect, state: req.State,
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.consents[id] = c
		return http.StatusCreated, c.Consent
	})
}

// refresh applies expiry at now: an authorised consent whose ExpiresAt has come is expired.
func (c *consent) refresh(now time.Time) {
	if c.Status == ob.StatusAuthorised && c.ExpiresAt != nil && !now.Before(*c.ExpiresAt) {
		c.Status = ob.StatusExpired
	}
}

// lookup finds the path's consent with expiry applied; p.mu is held. It answers 404 itself when there
// is none.
func (p *Provider) lookup(w http.ResponseWriter, r *http.Request, now time.Time) (*consent, bool) {
	c, ok := p.consents[r.PathValue("id")]
	if !ok {
		httpjson.Error(w, http.StatusNotFound, ob.CodeConsentNotFound, "no consent has that id")
		return nil, false
	}
	c.refresh(now)
	return c, true
}

func (p *Provider) getConsent(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.lookup(w, r, p.Clock.Now()); ok {
		httpjson.Write(w, http.StatusOK, c.Consent)
	}
}

// exchange authorises an awaiting consent with its outstanding, unexpired code, once.
func (p *Provider) exchange(w http.ResponseWriter, r *http.Request) {
	var req ob.ExchangeCode
	if err := httpjson.Decode(w, r, &req); err != nil {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeBadRequest, "body must be {\"code\":\"…\"}")
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.lookup(w, r, now)
	if !ok {
		return
	}
	if c.Status != ob.StatusAwaiting || !hosted.SameToken(req.Code, c.code) || now.Sub(c.codeAt) > ob.CodeTTL {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidCode, "the code is not valid: it is wrong, already used or older than 10 minutes")
		return
	}
	expires := now.Add(ob.ConsentDuration)
	c.Status, c.AuthorisedAt, c.ExpiresAt = ob.StatusAuthorised, &now, &expires
	c.code, c.AuthURL = "", ""
	httpjson.Write(w, http.StatusOK, c.Consent)
}

// renew starts another 90 days for an authorised consent.
func (p *Provider) renew(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.lookup(w, r, now)
	if !ok {
		return
	}
	switch c.Status {
	case ob.StatusAuthorised:
		expires := now.Add(ob.ConsentDuration)
		c.ExpiresAt, c.RenewedAt = &expires, &now
		httpjson.Write(w, http.StatusOK, c.Consent)
	case ob.StatusExpired:
		httpjson.Error(w, http.StatusConflict, ob.CodeConsentExpired, "the consent has expired: create a new one")
	default:
		httpjson.Error(w, http.StatusConflict, ob.CodeConsentNotAuthorised, "only an authorised consent can be renewed; this one is "+c.Status)
	}
}

// revoke ends access; repeating it changes nothing.
func (p *Provider) revoke(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.lookup(w, r, now)
	if !ok {
		return
	}
	switch c.Status {
	case ob.StatusAwaiting, ob.StatusAuthorised, ob.StatusExpired:
		c.Status, c.RevokedAt = ob.StatusRevoked, &now
		c.code, c.AuthURL = "", ""
	case ob.StatusRevoked:
	default:
		httpjson.Error(w, http.StatusConflict, ob.CodeConsentNotAuthorised, "a rejected consent cannot be revoked")
		return
	}
	httpjson.Write(w, http.StatusOK, c.Consent)
}

// authorised is the customer behind the path's consent when it gives access to data; otherwise it
// answers the error itself.
func (p *Provider) authorised(w http.ResponseWriter, r *http.Request, now time.Time) (customer, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.lookup(w, r, now)
	if !ok {
		return customer{}, false
	}
	switch c.Status {
	case ob.StatusAuthorised:
		b, _ := bankByID(c.BankID)
		return newCustomer(c.CustomerReference, b), true
	case ob.StatusExpired:
		httpjson.Error(w, http.StatusForbidden, ob.CodeConsentExpired, "the consent has expired")
	default:
		httpjson.Error(w, http.StatusForbidden, ob.CodeConsentNotAuthorised, "the consent is "+c.Status+", not authorised")
	}
	return customer{}, false
}

func (p *Provider) accounts(w http.ResponseWriter, r *http.Request) {
	cust, ok := p.authorised(w, r, p.Clock.Now())
	if !ok {
		return
	}
	httpjson.Write(w, http.StatusOK, ob.AccountList{Accounts: cust.accounts()})
}

// account is the path's account of an authorised consent; otherwise it answers the error itself.
func (p *Provider) account(w http.ResponseWriter, r *http.Request, now time.Time) (customer, accountSpec, bool) {
	cust, ok := p.authorised(w, r, now)
	if !ok {
		return customer{}, accountSpec{}, false
	}
	spec, ok := cust.account(r.PathValue("accountId"))
	if !ok {
		httpjson.Error(w, http.StatusNotFound, ob.CodeAccountNotFound, "the consent covers no account with that id")
		return customer{}, accountSpec{}, false
	}
	return cust, spec, true
}

func (p *Provider) balances(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	cust, spec, ok := p.account(w, r, now)
	if !ok {
		return
	}
	httpjson.Write(w, http.StatusOK, ob.BalanceList{AccountID: r.PathValue("accountId"), Balances: cust.balances(spec, now)})
}

func (p *Provider) transactions(w http.ResponseWriter, r *http.Request) {
	now := p.Clock.Now()
	today := dayOf(now)
	from, to := historyStart(today), today
	q := r.URL.Query()
	for _, f := range []struct {
		name string
		into *time.Time
	}{{"from", &from}, {"to", &to}} {
		if v := q.Get(f.name); v != "" {
			t, err := time.Parse(dateLayout, v)
			if err != nil {
				httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidPeriod, f.name+" must be a date, YYYY-MM-DD")
				return
			}
			*f.into = t
		}
	}
	if from.After(to) {
		httpjson.Error(w, http.StatusBadRequest, ob.CodeInvalidPeriod, "from must not be after to")
		return
	}
	cust, spec, ok := p.account(w, r, now)
	if !ok {
		return
	}
	out := ob.TransactionList{AccountID: r.PathValue("accountId"), From: from.Format(dateLayout), To: to.Format(dateLayout),
		Transactions: []ob.Transaction{}}
	from, to = maxTime(from, historyStart(today)), minTime(to, today)
	if from.After(to) { // the period lies outside the history: nothing to show
		httpjson.Write(w, http.StatusOK, out)
		return
	}
	out.From, out.To = from.Format(dateLayout), to.Format(dateLayout)
	lo, hi := from.Format(dateLayout), to.Format(dateLayout)
	h := cust.history(spec, today)
	for i := len(h) - 1; i >= 0; i-- { // newest first
		if d := h[i].BookingDate; d >= lo && d <= hi {
			out.Transactions = append(out.Transactions, h[i])
		}
	}
	httpjson.Write(w, http.StatusOK, out)
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
