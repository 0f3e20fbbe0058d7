package config

import (
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"strings"

	"github.com/spf13/viper"
)

// Brands is every brand the BFF answers for (spec §3 "Brand config", §9), and which one applies when a
// call names none. Each brand is configuration, not code (docs/decisions/brands-are-configuration.md).
type Brands struct {
	// Default is the clientName of the brand answered when no brand is named and nobody is signed in.
	Default string `mapstructure:"default"`
	// File, when set, is a YAML file whose `list:` adds to List, an entry replacing the one of its
	// clientName whole.
	File string `mapstructure:"file"`
	// AssetsDir, when set, is a folder of {clientName}/{file} icons and logos served at /brand-assets/
	// over the shipped ones.
	AssetsDir string  `mapstructure:"assetsDir"`
	List      []Brand `mapstructure:"list"`
}

// Brand is one brand's configuration. Every field is required; ClientEnabled and Fee are pointers so
// that a missing value is told apart from false and 0.
type Brand struct {
	ClientName        string `mapstructure:"clientName"`
	ClientEnabled     *bool  `mapstructure:"clientEnabled"`
	DisplayName       string `mapstructure:"displayName"`
	PageTitle         string `mapstructure:"pageTitle"`
	IconURL           string `mapstructure:"iconURL"` // the browser tab's icon
	LogoURL           string `mapstructure:"logoURL"` // the logo beside the brand's name in the banner
	Primary           string `mapstructure:"primary"`
	PrimaryAlt        string `mapstructure:"primaryAlt"`
	BackgroundColor   string `mapstructure:"backgroundColor"`
	ErrorColor        string `mapstructure:"errorColor"`
	HeaderColor       string `mapstructure:"headerColor"`
	HeaderTextColor   string `mapstructure:"headerTextColor"`
	TermsURL          string `mapstructure:"termsURL"`
	PrivacyURL        string `mapstructure:"privacyURL"`
	ContactURL        string `mapstructure:"contactURL"`
	FaqURL            string `mapstructure:"faqURL"`
	PaymentHelpURL    string `mapstructure:"paymentHelpURL"`
	AboutURL          string `mapstructure:"aboutURL"`
	BlogURL           string `mapstructure:"blogURL"`
	HowItWorksURL     string `mapstructure:"howItWorksURL"`
	HelpDeskURL       string `mapstructure:"helpDeskURL"`
	Email             string `mapstructure:"email"`
	Phone             string `mapstructure:"phone"`
	CounterofferEmail string `mapstructure:"counterofferEmail"`
	// Fee is in whole pounds, added to every loan of the brand.
	Fee               *int   `mapstructure:"fee"`
	RegisteredName    string `mapstructure:"registeredName"`
	CompanyNumber     string `mapstructure:"companyNumber"`
	FCAFirmReference  string `mapstructure:"fcaFirmReference"`
	RegisteredAddress string `mapstructure:"registeredAddress"`
	// The lender's account a borrower settles a loan into by bank transfer (payment/bankTransfer): its
	// name, sort code (12-34-56) and account number (8 digits). A client trading under the brand keeps
	// the brand's.
	SettlementPayee         string `mapstructure:"settlementPayee"`
	SettlementSortCode      string `mapstructure:"settlementSortCode"`
	SettlementAccountNumber string `mapstructure:"settlementAccountNumber"`
}

// Enabled is ClientEnabled, false when unset.
func (b Brand) Enabled() bool { return b.ClientEnabled != nil && *b.ClientEnabled }

// FeePounds is Fee, 0 when unset.
func (b Brand) FeePounds() int {
	if b.Fee == nil {
		return 0
	}
	return *b.Fee
}

// Named is the brand whose clientName is name.
func (bs Brands) Named(name string) (Brand, bool) {
	for _, b := range bs.List {
		if b.ClientName == name {
			return b, true
		}
	}
	return Brand{}, false
}

// DefaultBrand is the brand named by Default (Validate has made sure there is one).
func (bs Brands) DefaultBrand() Brand {
	b, _ := bs.Named(bs.Default)
	return b
}

var (
	colourPattern     = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	clientNamePattern = regexp.MustCompile(`^[a-z0-9-]{1,40}$`) // the contract's clientName
	companyNumber     = regexp.MustCompile(`^([0-9]{8}|[A-Z]{2}[0-9]{6})$`)
	firmReference     = regexp.MustCompile(`^[0-9]{6,7}$`)
	ukPhone           = regexp.MustCompile(`^0[0-9 ]{9,12}$`)
	sortCode          = regexp.MustCompile(`^[0-9]{2}-[0-9]{2}-[0-9]{2}$`)
	accountNumber     = regexp.MustCompile(`^[0-9]{8}$`)
	assetPath         = regexp.MustCompile(`^/brand-assets/[a-z0-9-]{1,40}/[a-z0-9-]{1,40}\.(svg|png)$`)
)

// readBrandsFile adds the `list:` of the file at path to the brand list: an entry whose clientName the
// list has replaces that brand whole (a brand is never merged field by field), any other is added. Two
// entries of one name in the file are both kept, for validation to refuse.
func readBrandsFile(v *viper.Viper, path string) error {
	f := viper.New()
	f.SetConfigFile(path)
	f.SetConfigType("yaml")
	if err := f.ReadInConfig(); err != nil {
		return fmt.Errorf("BFF_BRANDS_FILE: %w", err)
	}
	if !f.IsSet("list") {
		return fmt.Errorf("BFF_BRANDS_FILE %s: no list of brands", path)
	}
	added, ok := f.Get("list").([]any)
	if !ok {
		return fmt.Errorf("BFF_BRANDS_FILE %s: list is not a list of brands", path)
	}
	list, _ := v.Get("brands.list").([]any)
	list = append([]any(nil), list...)
	at := map[string]int{}
	for i, b := range list {
		at[clientNameOf(b)] = i
	}
	for _, b := range added {
		if i, ok := at[clientNameOf(b)]; ok {
			list[i] = b
			delete(at, clientNameOf(b)) // a second entry of the name is added, and refused as a duplicate
			continue
		}
		list = append(list, b)
	}
	v.Set("brands.list", list)
	return nil
}

// clientNameOf is the clientName of a brand as YAML decodes it, "" when it has none.
func clientNameOf(b any) string {
	m, _ := b.(map[string]any)
	for k, v := range m {
		if strings.EqualFold(k, "clientName") { // viper may have lower-cased the keys
			name, _ := v.(string)
			return name
		}
	}
	return ""
}

// problems lists what is wrong with the brands, each naming the brand and the field.
func (bs Brands) problems() []string {
	var out []string
	if len(bs.List) == 0 {
		return []string{"brands.list: at least one brand is required"}
	}
	seen := map[string]bool{}
	for i, b := range bs.List {
		who := fmt.Sprintf("brands.list[%d]", i)
		if b.ClientName != "" {
			who = "brand " + b.ClientName
		}
		if seen[b.ClientName] && b.ClientName != "" {
			out = append(out, who+": clientName is used by another brand")
		}
		seen[b.ClientName] = true
		for _, p := range b.Problems() {
			out = append(out, who+": "+p)
		}
	}
	if _, ok := bs.Named(bs.Default); !ok {
		out = append(out, fmt.Sprintf("BFF_BRANDS_DEFAULT %q is not a configured brand", bs.Default))
	}
	return out
}

// Problems lists what is wrong with one brand, each naming the field: what start-up refuses in the
// configuration, and what a client's page-level settings must pass before they are shown.
func (b Brand) Problems() []string {
	var out []string
	bad := func(field, why string) { out = append(out, field+" "+why) }
	for _, f := range b.requiredText() {
		if strings.TrimSpace(f.value) == "" {
			bad(f.name, "is required")
		}
	}
	if b.ClientEnabled == nil {
		bad("clientEnabled", "is required")
	}
	if b.Fee == nil {
		bad("fee", "is required")
	} else if *b.Fee < 0 || *b.Fee > 1000 {
		bad("fee", "must be 0 to 1000 pounds")
	}
	if b.ClientName != "" && !clientNamePattern.MatchString(b.ClientName) {
		bad("clientName", "must be 1–40 lower-case letters, digits or dashes")
	}
	colours := true
	for _, f := range b.colours() {
		if f.value != "" && !colourPattern.MatchString(f.value) {
			bad(f.name, fmt.Sprintf("%q is not a #rrggbb colour", f.value))
			colours = false
		}
	}
	if colours {
		out = append(out, b.contrastProblems()...)
	}
	for _, f := range b.links() {
		if !validLink(f.value) {
			bad(f.name, fmt.Sprintf("%q is not an absolute https URL", f.value))
		}
	}
	for _, f := range b.assets() {
		if f.value != "" && !validAssetPath(f.value) {
			bad(f.name, fmt.Sprintf("%q is not a file under /brand-assets/ such as /brand-assets/%s/icon.svg", f.value, b.ClientName))
		}
	}
	for _, f := range []field{{"email", b.Email}, {"counterofferEmail", b.CounterofferEmail}} {
		if a, err := mail.ParseAddress(f.value); f.value != "" && (err != nil || a.Address != f.value) {
			bad(f.name, fmt.Sprintf("%q is not an e-mail address", f.value))
		}
	}
	if b.Phone != "" && !ukPhone.MatchString(b.Phone) {
		bad("phone", fmt.Sprintf("%q is not a UK number in national format", b.Phone))
	}
	if b.CompanyNumber != "" && !companyNumber.MatchString(b.CompanyNumber) {
		bad("companyNumber", "must be 8 digits, or 2 capital letters and 6 digits")
	}
	if b.FCAFirmReference != "" && !firmReference.MatchString(b.FCAFirmReference) {
		bad("fcaFirmReference", "must be 6 or 7 digits")
	}
	if b.SettlementSortCode != "" && !sortCode.MatchString(b.SettlementSortCode) {
		bad("settlementSortCode", "must be a sort code written 12-34-56")
	}
	if b.SettlementAccountNumber != "" && !accountNumber.MatchString(b.SettlementAccountNumber) {
		bad("settlementAccountNumber", "must be 8 digits")
	}
	return out
}

// validLink: empty (reported as missing elsewhere) or an absolute https URL.
func validLink(v string) bool {
	u, err := url.Parse(v)
	return v == "" || (err == nil && u.Scheme == "https" && u.Host != "")
}

// validAssetPath: a file the BFF serves from the brands' assets (/brand-assets/{clientName}/{file}).
func validAssetPath(v string) bool { return assetPath.MatchString(v) }

type field struct{ name, value string }

func (b Brand) colours() []field {
	return []field{{"primary", b.Primary}, {"primaryAlt", b.PrimaryAlt}, {"backgroundColor", b.BackgroundColor},
		{"errorColor", b.ErrorColor}, {"headerColor", b.HeaderColor}, {"headerTextColor", b.HeaderTextColor}}
}

// assets are the brand's pictures, served by the BFF from the brands' assets (the pages' content security
// policy takes images from their own origin only).
func (b Brand) assets() []field {
	return []field{{"iconURL", b.IconURL}, {"logoURL", b.LogoURL}}
}

func (b Brand) links() []field {
	return []field{{"termsURL", b.TermsURL}, {"privacyURL", b.PrivacyURL},
		{"contactURL", b.ContactURL}, {"faqURL", b.FaqURL}, {"paymentHelpURL", b.PaymentHelpURL},
		{"aboutURL", b.AboutURL}, {"blogURL", b.BlogURL}, {"howItWorksURL", b.HowItWorksURL},
		{"helpDeskURL", b.HelpDeskURL}}
}

// requiredText is every text field; each must be set.
func (b Brand) requiredText() []field {
	out := []field{{"clientName", b.ClientName}, {"displayName", b.DisplayName}, {"pageTitle", b.PageTitle}}
	out = append(out, b.colours()...)
	out = append(out, b.assets()...)
	out = append(out, b.links()...)
	return append(out, field{"email", b.Email}, field{"phone", b.Phone}, field{"counterofferEmail", b.CounterofferEmail},
		field{"registeredName", b.RegisteredName}, field{"companyNumber", b.CompanyNumber},
		field{"fcaFirmReference", b.FCAFirmReference}, field{"registeredAddress", b.RegisteredAddress},
		field{"settlementPayee", b.SettlementPayee}, field{"settlementSortCode", b.SettlementSortCode},
		field{"settlementAccountNumber", b.SettlementAccountNumber})
}
