package hosted

import (
	"strings"
	"unicode/utf8"
)

// Merchant is the business a hosted page acts for, as the business asked it to be shown: real card
// gateways and open-banking providers show the payer whom they are paying, or who asks to see their
// account, by the name (and often the colour) the business gives when it creates the link. A lender
// with several brands gives the brand that owns the customer's loan.
type Merchant struct {
	Name   string // shown in the page's header and title; "" for a page that acts for nobody known
	Colour string // #rrggbb of the band under the header; "" for none
}

// MaxMerchantName caps a merchant's display name, in characters.
const MaxMerchantName = 64

// ValidMerchantName: 1 to MaxMerchantName characters of ValidText with no spaces around them (the
// page escapes it; the cap and the characters keep it a name).
func ValidMerchantName(s string) bool {
	return ValidText(s, 1, MaxMerchantName) && strings.Trim(s, " ") == s
}

// ValidText: valid UTF-8 of minLen to maxLen characters with no control or line-break characters, for
// a value a provider shows on its pages.
func ValidText(s string, minLen, maxLen int) bool {
	n := utf8.RuneCountInString(s)
	if !utf8.ValidString(s) || n < minLen || n > maxLen {
		return false
	}
	for _, c := range s {
		if c < ' ' || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029' {
			return false
		}
	}
	return true
}

// ValidColour: "" (no colour) or #rrggbb. Nothing else may reach the page's style block.
func ValidColour(s string) bool {
	if s == "" {
		return true
	}
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// css is the page's style block: the shared CSS, and the merchant's band when it has a valid colour.
// The band is decoration beside the header's own text, so its contrast does not carry meaning.
func (m Merchant) css() string {
	if m.Colour == "" || !ValidColour(m.Colour) {
		return CSS
	}
	return CSS + "\nheader{border-bottom:.5rem solid " + m.Colour + "}"
}
