package identity

import (
	"time"

	"lender/bff/upstream/identity"
	"lender/sandbox/hosted"
)

// SeedCheck is an identity check the provider has from the start and again after every reset, passed
// at the seed: the seeded applications' checks (sandbox/personas.SeedChecks), whose ids the lending
// core holds.
type SeedCheck struct {
	ID        string // kept as given
	Reference string
}

// SetSeed sets the checks the provider is seeded with and resets it to that seed.
func (p *Provider) SetSeed(checks []SeedCheck) {
	p.seed.Set(checks)
	p.Reset()
}

// seedLocked adds the seed checks, passed at now. The caller holds p.mu.
func (p *Provider) seedLocked(now time.Time) {
	app, ret := p.site.AppReturn()
	for _, s := range p.seed.Items() {
		completed := now
		p.checks[s.ID] = &check{
			Check: identity.Check{
				ID: s.ID, Reference: s.Reference, Status: identity.StatusPassed,
				HostedURL: p.site.PublicURL + p.prefix + "/hosted/checks/" + s.ID, ReturnURL: app,
				CreatedAt: now, CompletedAt: &completed,
			},
			token: hosted.NewToken(), returnURL: ret,
		}
	}
}
