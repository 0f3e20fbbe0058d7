package lending

import (
	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// HarbourBrand is the clientName of the seeded white-label brand: the personas' own, as a persona's
// application may be owned by it.
const HarbourBrand = personas.HarbourBrand

// SeedBrands returns a fresh copy of the seeded brands: the lender's own brand "default" (Meadow Loans)
// and the white-label client "harbour" (Harbour Credit). Domains are on .example and phone numbers in
// Ofcom's ranges reserved for drama, so nothing here reaches a real person.
func SeedBrands() map[string]lending.Branding {
	return map[string]lending.Branding{
		lending.DefaultBrand: {
			ClientName:  lending.DefaultBrand,
			DisplayName: "Meadow Loans",
			Enabled:     true,
			Colours: lending.Colours{
				Primary:    "#1d6b3e",
				PrimaryAlt: "#14502e",
				Background: "#fbf7ec",
				Error:      "#b3261e",
				Header:     "#1d6b3e",
				HeaderText: "#ffffff",
			},
			Links: lending.Links{
				Terms:       "https://meadow-loans.example/terms",
				Privacy:     "https://meadow-loans.example/privacy",
				Contact:     "https://meadow-loans.example/contact",
				FAQ:         "https://meadow-loans.example/faq",
				PaymentHelp: "https://meadow-loans.example/help/payments",
			},
			Contact:   lending.Contact{Email: "support@meadow-loans.example", Phone: "020 7946 0123"},
			FeePounds: 12,
		},
		HarbourBrand: {
			ClientName:  HarbourBrand,
			DisplayName: "Harbour Credit",
			Enabled:     true,
			Colours: lending.Colours{
				Primary:    "#0b6468",
				PrimaryAlt: "#08494c",
				Background: "#f5fafa",
				Error:      "#b3261e",
				Header:     "#0b6468",
				HeaderText: "#ffffff",
			},
			Links: lending.Links{
				Terms:       "https://harbour-credit.example/terms",
				Privacy:     "https://harbour-credit.example/privacy",
				Contact:     "https://harbour-credit.example/contact-us",
				FAQ:         "https://harbour-credit.example/faq",
				PaymentHelp: "https://harbour-credit.example/help/making-a-payment",
			},
			Contact:   lending.Contact{Email: "help@harbour-credit.example", Phone: "0113 496 0456"},
			FeePounds: 10,
		},
	}
}
