package lending

// Name is the provider's name in configuration, metrics and errors.
const Name = "lending"

// CodeBrandNotFound is the error code of GET /brands/{clientName} for an unknown client.
const CodeBrandNotFound = "brand_not_found"

// DefaultBrand is the clientName of the lender's own brand.
const DefaultBrand = "default"

// Branding is a client's brand configuration, as the lending core holds it (GET /brands/{clientName}):
// one of the lender's own brands, or a client (a broker firm or partner) trading under one of them,
// whose colours, links, contact and fee are its page-level settings (spec §1).
type Branding struct {
	ClientName string `json:"clientName"` // the client's key, e.g. "default" or "northgate"
	// Brand is the clientName of the lender's brand the client trades under: its own clientName for
	// the lender's brands.
	Brand       string  `json:"brand"`
	DisplayName string  `json:"displayName"` // the brand's name as shown to people
	Enabled     bool    `json:"enabled"`     // false: the client exists but does not take borrowers now
	Colours     Colours `json:"colours"`
	Links       Links   `json:"links"`
	Contact     Contact `json:"contact"`
	FeePounds   int     `json:"feePounds"` // the client's fee in whole pounds
}

// Colours are CSS hex colours (#rrggbb). Text pairs the brand uses meet WCAG AA (4.5:1): HeaderText
// on Header, white on Primary and PrimaryAlt, Primary and Error on Background.
type Colours struct {
	Primary    string `json:"primary"`
	PrimaryAlt string `json:"primaryAlt"`
	Background string `json:"background"`
	Error      string `json:"error"`
	Header     string `json:"header"`
	HeaderText string `json:"headerText"`
}

// Links are absolute https URLs of the brand's pages.
type Links struct {
	Terms       string `json:"terms"`
	Privacy     string `json:"privacy"`
	Contact     string `json:"contact"`
	FAQ         string `json:"faq"`
	PaymentHelp string `json:"paymentHelp"`
}

// Contact is the brand's customer-support contact.
type Contact struct {
	Email string `json:"email"`
	Phone string `json:"phone"` // UK national format, e.g. "020 7946 0123"
}
