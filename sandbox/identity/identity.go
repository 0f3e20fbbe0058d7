// Package identity is the sandbox's identity provider: the server side of bff/upstream/identity, whose
// package doc is the API. It creates identity checks whose hosted page lets the person pass or fail
// them and sends the browser back to the app, and it checks the documented Home Office share codes
// (README). Checks are kept in memory and cleared by /_sandbox/reset; time is the sandbox clock's.
package identity

import (
	"net/http"
	"net/url"
	"sync"
	"time"

	"lender/bff/upstream/identity"
	"lender/sandbox/clock"
	"lender/sandbox/hosted"
	"lender/sandbox/httpjson"
	"lender/sandbox/internal/provider"
)

// IdempotencyTTL is how long a POST /checks Idempotency-Key is remembered, on the sandbox clock.
const IdempotencyTTL = 24 * time.Hour

// service names the provider on its hosted pages.
const service = "Identity check"

// Provider holds the identity checks. It is safe for concurrent use.
type Provider struct {
	provider.Base
	site   hosted.Site
	prefix string // set by Register, e.g. "/identity/v1"
	seed   provider.Seed[SeedCheck]

	mu     sync.Mutex
	checks map[string]*check
}

// check is an identity check with what only the provider knows.
type check struct {
	identity.Check
	token     string   // the hosted form's token
	returnURL *url.URL // the validated return URL
}

// New builds the provider with no checks. site says where its hosted page lives and where it may send
// the browser back to.
func New(clk *clock.Clock, site hosted.Site) *Provider {
	return &Provider{Base: provider.NewBase(clk, IdempotencyTTL), site: site, checks: map[string]*check{}}
}

// Reset forgets every check and idempotency key, then restores the seed checks (SetSeed).
func (p *Provider) Reset() {
	p.Idem.Reset()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.checks = map[string]*check{}
	p.seedLocked(p.Clock.Now())
}

// Register adds the provider's routes under prefix (e.g. "/identity/v1").
func (p *Provider) Register(mux *http.ServeMux, prefix string) {
	p.prefix = prefix
	provider.Register(mux, prefix, provider.Routes{
		"/checks":             {http.MethodPost: p.createCheck},
		"/checks/{id}":        {http.MethodGet: p.getCheck},
		"/share-codes/verify": {http.MethodPost: p.verifyShareCode},
		"/hosted/checks/{id}": {
			http.MethodGet:  p.checkPage,
			http.MethodPost: hosted.Protect(http.HandlerFunc(p.checkSubmit)).ServeHTTP,
		},
	})
}

// validReference: 1–128 visible ASCII characters.
func validReference(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f {
			return false
		}
	}
	return true
}

func (p *Provider) createCheck(w http.ResponseWriter, r *http.Request) {
	var req identity.CreateCheck
	if err := httpjson.Decode(w, r, &req); err != nil {
		httpjson.Error(w, http.StatusBadRequest, identity.CodeBadRequest, "body must be {\"reference\":\"…\",\"returnUrl\":\"…\"}")
		return
	}
	if !validReference(req.Reference) {
		httpjson.Error(w, http.StatusBadRequest, identity.CodeInvalidReference, "reference must be 1 to 128 visible ASCII characters")
		return
	}
	ret, err := p.site.ReturnURL(req.ReturnURL)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, identity.CodeInvalidReturnURL, "returnUrl "+err.Error())
		return
	}
	public := p.site.Public(r)
	p.Idem.Do(w, r, "POST /checks", req, func() (int, any) {
		id := hosted.NewID("chk_")
		c := &check{
			Check: identity.Check{
				ID: id, Reference: req.Reference, Status: identity.StatusPending,
				HostedURL: public + p.prefix + "/hosted/checks/" + id, ReturnURL: req.ReturnURL,
				CreatedAt: p.Clock.Now(),
			},
			token:     hosted.NewToken(),
			returnURL: ret,
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		p.checks[id] = c
		return http.StatusCreated, c.Check
	})
}

func (p *Provider) getCheck(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	c, ok := p.checks[r.PathValue("id")]
	var out identity.Check
	if ok {
		out = c.Check
	}
	p.mu.Unlock()
	if !ok {
		httpjson.Error(w, http.StatusNotFound, identity.CodeCheckNotFound, "no check has that id")
		return
	}
	httpjson.Write(w, http.StatusOK, out)
}

// Outcome of a hosted check as the person chose it.
type outcome struct {
	status string
	reason string // when failed
}

// finish moves a pending check to its final status. It reports false, changing nothing, when the
// check is not pending.
func (c *check) finish(o outcome, now time.Time) bool {
	if c.Status != identity.StatusPending {
		return false
	}
	c.Status = o.status
	if o.status == identity.StatusFailed {
		c.Reasons = []string{o.reason}
	}
	c.CompletedAt = &now
	return true
}

// returnParams are the query parameters the app receives on the check's return URL.
func (c *check) returnParams() url.Values {
	return url.Values{identity.ReturnParamCheckID: {c.ID}, identity.ReturnParamStatus: {c.Status}}
}
