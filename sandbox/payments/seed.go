package payments

import (
	"time"

	"lender/bff/upstream/payments"
)

// SeedCard is a card on file the gateway has from the start and again after every reset: the seeded
// borrowers' continuous-payment cards (sandbox/personas.SeedCards), whose tokens the lending core holds.
type SeedCard struct {
	CustomerReference string
	Token             string // the card token, kept as given
	Number            string // a test card number (TestCard…): what the card does
	CardholderName    string
}

// SeedCardExpiryYears is how many years after the seed a seeded card expires (in December).
const SeedCardExpiryYears = 5

// SetSeed sets the cards the gateway is seeded with and resets it to that seed.
func (p *Provider) SetSeed(cards []SeedCard) {
	p.seed.Set(cards)
	p.Reset()
}

// seedLocked stores the seed cards in a fresh state; each is its customer's primary card. The caller
// holds p.mu.
func (p *Provider) seedLocked(now time.Time) {
	for _, s := range p.seed.Items() {
		c := p.st.customers[s.CustomerReference]
		if c == nil {
			c = &customer{}
			p.st.customers[s.CustomerReference] = c
		}
		in := cardInput{number: s.Number, expMonth: 12, expYear: now.Year() + SeedCardExpiryYears, name: s.CardholderName}
		sum := in.summary()
		c.cards = append(c.cards, &storedCard{
			Card: payments.Card{
				Token: s.Token, CustomerReference: s.CustomerReference, Brand: sum.Brand, Last4: sum.Last4,
				ExpiryMonth: in.expMonth, ExpiryYear: in.expYear, CardholderName: in.name,
				Primary: len(c.cards) == 0, CreatedAt: now,
			},
			fingerprint: cardFingerprint(in.number),
			behaviour:   behaviourOf(in.number),
		})
	}
}
