package lending

import (
	"lender/bff/upstream/lending"
	"lender/sandbox/personas"
)

// The seeded clients' keys: the white-label brand (the personas' own, as a persona's application may be
// owned by it) and the two broker firms.
const (
	HarbourBrand    = personas.HarbourBrand
	NorthgateClient = personas.NorthgateClientName
	KestrelClient   = personas.KestrelClientName
)

// SeedBrands returns a fresh copy of the seeded clients: the lender's own brand "default" (Meadow Loans),
// the white-label brand "harbour" (Harbour Credit), and two broker firms trading under them with page-level
// settings of their own (spec §1): "northgate" (Northgate Finance Brokers, under Meadow Loans) and "kestrel"
// (Kestrel Brokers, under Harbour Credit). Domains are on .example and phone numbers in Ofcom's ranges
// reserved for drama, so nothing here reaches a real person. Every colour pair a client draws meets WCAG
// AA, as the BFF checks before it shows a client's colours.
func SeedBrands() map[string]lending.Branding {
	return map[string]lending.Branding{
		lending.DefaultBrand: {
			ClientName:  lending.DefaultBrand,
			Brand:       lending.DefaultBrand,
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
			Brand:       HarbourBrand,
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
		NorthgateClient: {
			ClientName:  NorthgateClient,
			Brand:       lending.DefaultBrand,
			DisplayName: "Northgate Finance Brokers",
			Enabled:     true,
			Colours: lending.Colours{
				Primary:    "#4a2c82",
				PrimaryAlt: "#361f61",
				Background: "#f7f5fb",
				Error:      "#b3261e",
				Header:     "#4a2c82",
				HeaderText: "#ffffff",
			},
			Links: lending.Links{
				Terms:       "https://northgate-finance.example/terms",
				Privacy:     "https://northgate-finance.example/privacy",
				Contact:     "https://northgate-finance.example/contact",
				FAQ:         "https://northgate-finance.example/questions",
				PaymentHelp: "https://northgate-finance.example/help/paying",
			},
			Contact:   lending.Contact{Email: "loans@northgate-finance.example", Phone: "0161 496 0789"},
			FeePounds: 25,
		},
		KestrelClient: {
			ClientName:  KestrelClient,
			Brand:       HarbourBrand,
			DisplayName: "Kestrel Brokers",
			Enabled:     true,
			Colours: lending.Colours{
				Primary:    "#8a3b12",
				PrimaryAlt: "#682c0d",
				Background: "#fdf8f4",
				Error:      "#b3261e",
				Header:     "#8a3b12",
				HeaderText: "#ffffff",
			},
			Links: lending.Links{
				Terms:       "https://kestrel-brokers.example/terms",
				Privacy:     "https://kestrel-brokers.example/privacy",
				Contact:     "https://kestrel-brokers.example/contact",
				FAQ:         "https://kestrel-brokers.example/faq",
				PaymentHelp: "https://kestrel-brokers.example/payments",
			},
			Contact:   lending.Contact{Email: "clients@kestrel-brokers.example", Phone: "0117 496 0321"},
			FeePounds: 0,
		},
	}
}
