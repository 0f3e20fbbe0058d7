package lending

import (
	"os"
	"regexp"
	"testing"

	"lender/bff/upstream/lending"
)

// The apps draw a brand with packages/ui's built-in tokens until the BFF answers with the sandbox's branding, so
// both must hold the same colours: the WCAG contrast the UI package checks is then the contrast people see.
func TestSeedBrandColoursMatchTheUIPackage(t *testing.T) {
	source, err := os.ReadFile("../../packages/ui/src/brands.ts")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)clientName: '([a-z]+)',.*?\n};`)
	field := regexp.MustCompile(`(\w+): '(#[0-9a-f]{6})'`)
	seen := 0
	for _, m := range block.FindAllStringSubmatch(string(source), -1) {
		brand, ok := SeedBrands()[m[1]]
		if !ok {
			t.Errorf("packages/ui has brand %q, the sandbox does not", m[1])
			continue
		}
		seen++
		got := map[string]string{}
		for _, f := range field.FindAllStringSubmatch(m[0], -1) {
			got[f[1]] = f[2]
		}
		want := coloursByToken(brand.Colours)
		for token, colour := range want {
			if got[token] != colour {
				t.Errorf("%s %s: packages/ui %q, sandbox %q", m[1], token, got[token], colour)
			}
		}
	}
	own := 0 // the lender's own brands; broker clients are drawn only once the BFF has answered
	for name, b := range SeedBrands() {
		if b.Brand == name {
			own++
		}
	}
	if seen != own {
		t.Errorf("packages/ui has %d of the sandbox's %d brands", seen, own)
	}
}

// coloursByToken names a brand's colours as packages/ui's BrandTokens does.
func coloursByToken(c lending.Colours) map[string]string {
	return map[string]string{
		"primary":         c.Primary,
		"primaryAlt":      c.PrimaryAlt,
		"backgroundColor": c.Background,
		"errorColor":      c.Error,
		"headerColor":     c.Header,
		"headerTextColor": c.HeaderText,
	}
}
