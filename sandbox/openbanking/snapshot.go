package openbanking

import (
	"encoding/json"
	"errors"
	"net/url"
	"time"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/internal/provider"
)

// The provider's section of the sandbox snapshot (sandbox/snapshot): every consent with what only the
// provider knows of it (the hosted form's token, an outstanding one-time code, the validated redirect,
// the state) and the remembered Idempotency-Keys. Accounts and transactions are not saved: they are
// derived from the consent's customer and bank, the same after a restart.

type consentRec struct {
	Consent  ob.Consent `json:"consent"`
	Token    string     `json:"token"`
	Code     string     `json:"code,omitempty"`
	CodeAt   time.Time  `json:"codeAt,omitzero"`
	Redirect string     `json:"redirect"`
	State    string     `json:"state,omitempty"`
}

// SaveSnapshot is the provider's section.
func (p *Provider) SaveSnapshot() (json.RawMessage, error) {
	var out []consentRec
	p.mu.Lock()
	for _, c := range p.consents {
		r := consentRec{Consent: c.Consent, Token: c.token, Code: c.code, CodeAt: c.codeAt, State: c.state}
		if c.redirect != nil {
			r.Redirect = c.redirect.String()
		}
		out = append(out, r)
	}
	p.mu.Unlock()
	return p.SaveSection("consents", out)
}

// LoadSnapshot checks the provider's section and answers what replaces the consents with it.
func (p *Provider) LoadSnapshot(raw json.RawMessage) (func(), error) {
	var in []consentRec
	keys, err := provider.LoadSection(raw, "consents", &in)
	if err != nil {
		return nil, err
	}
	consents := map[string]*consent{}
	for _, r := range in {
		if r.Consent.ID == "" || r.Token == "" {
			return nil, errors.New("a consent lacks its id or form token")
		}
		redirect, err := url.Parse(r.Redirect)
		if err != nil || !redirect.IsAbs() {
			return nil, errors.New("consent " + r.Consent.ID + " has no absolute redirect URL")
		}
		consents[r.Consent.ID] = &consent{Consent: r.Consent, profile: profileFor(r.Consent.CustomerReference), token: r.Token,
			code: r.Code, codeAt: r.CodeAt, redirect: redirect, state: r.State}
	}
	return p.Restore(keys, func() {
		p.mu.Lock()
		p.consents = consents
		p.mu.Unlock()
	})
}
