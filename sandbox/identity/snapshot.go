package identity

import (
	"encoding/json"
	"errors"
	"net/url"

	"lender/bff/upstream/identity"
	"lender/sandbox/internal/provider"
)

// The provider's section of the sandbox snapshot (sandbox/snapshot): every identity check with its
// hosted form's token and validated return URL, and the remembered Idempotency-Keys. Share codes are
// not saved: verifying one changes nothing, so their answers are the same after a restart.

type checkRec struct {
	Check     identity.Check `json:"check"`
	Token     string         `json:"token"`
	ReturnURL string         `json:"returnUrl"`
}

// SaveSnapshot is the provider's section.
func (p *Provider) SaveSnapshot() (json.RawMessage, error) {
	var out []checkRec
	p.mu.Lock()
	for _, c := range p.checks {
		r := checkRec{Check: c.Check, Token: c.token}
		if c.returnURL != nil {
			r.ReturnURL = c.returnURL.String()
		}
		out = append(out, r)
	}
	p.mu.Unlock()
	return p.SaveSection("checks", out)
}

// LoadSnapshot checks the provider's section and answers what replaces the checks with it.
func (p *Provider) LoadSnapshot(raw json.RawMessage) (func(), error) {
	var in []checkRec
	keys, err := provider.LoadSection(raw, "checks", &in)
	if err != nil {
		return nil, err
	}
	checks := map[string]*check{}
	for _, r := range in {
		if r.Check.ID == "" || r.Token == "" {
			return nil, errors.New("an identity check lacks its id or form token")
		}
		ret, err := url.Parse(r.ReturnURL)
		if err != nil || !ret.IsAbs() {
			return nil, errors.New("identity check " + r.Check.ID + " has no absolute return URL")
		}
		checks[r.Check.ID] = &check{Check: r.Check, token: r.Token, returnURL: ret}
	}
	return p.Restore(keys, func() {
		p.mu.Lock()
		p.checks = checks
		p.mu.Unlock()
	})
}
