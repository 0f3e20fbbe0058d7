package openbanking

import (
	"time"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/hosted"
)

// SeedConsent is a consent the provider has from the start and again after every reset, authorised at
// the seed for ob.ConsentDuration with the first bank: the seeded applications' consents
// (sandbox/personas.SeedConsents), whose ids the lending core holds.
type SeedConsent struct {
	ID                string // kept as given
	CustomerReference string
}

// SetSeed sets the consents the provider is seeded with and resets it to that seed.
func (p *Provider) SetSeed(consents []SeedConsent) {
	p.seed.Set(consents)
	p.Reset()
}

// seedLocked adds the seed consents, authorised at now. The caller holds p.mu.
func (p *Provider) seedLocked(now time.Time) {
	app, redirect := p.site.AppReturn()
	for _, s := range p.seed.Items() {
		authorised, expires := now, now.Add(ob.ConsentDuration)
		p.consents[s.ID] = &consent{
			Consent: ob.Consent{
				ID: s.ID, CustomerReference: s.CustomerReference, Status: ob.StatusAuthorised, RedirectURL: app,
				BankID: banks[0].ID, BankName: banks[0].Name, CreatedAt: now, AuthorisedAt: &authorised, ExpiresAt: &expires,
			},
			profile: profileFor(s.CustomerReference), token: hosted.NewToken(), redirect: redirect,
		}
	}
}
