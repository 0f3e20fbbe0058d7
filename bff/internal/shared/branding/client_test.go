package branding

import (
	"testing"

	"lender/bff/internal/platform/config"
	"lender/bff/upstream/lending"
	lendingsandbox "lender/sandbox/lending"
)

// shipped is the configuration's default brand, as the BFF starts with it.
func shipped(t *testing.T) config.Brand {
	t.Helper()
	cfg, err := config.LoadFrom(func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Brands.DefaultBrand()
}

func TestPageLevelSettingsAreTakenWholeOrNotAtAll(t *testing.T) {
	base := shipped(t)
	northgate := lendingsandbox.SeedBrands()[lendingsandbox.NorthgateClient]

	got := withPageSettings(base, northgate)
	if got.ClientName != "northgate" || got.Primary != northgate.Colours.Primary || got.Phone != northgate.Contact.Phone ||
		got.FeePounds() != 25 || got.DisplayName != base.DisplayName || got.RegisteredName != base.RegisteredName {
		t.Fatalf("northgate over the default brand: %+v", got)
	}

	cases := map[string]func(b *lending.Branding){
		"white text unreadable on its primary": func(b *lending.Branding) { b.Colours.Primary = "#c9b8e8" },
		"a colour that is not #rrggbb":         func(b *lending.Branding) { b.Colours.Header = "purple" },
		"a link that is not https":             func(b *lending.Branding) { b.Links.Terms = "javascript:alert(1)" },
		"a malformed e-mail":                   func(b *lending.Branding) { b.Contact.Email = "loans at northgate" },
		"a fee out of bounds":                  func(b *lending.Branding) { b.FeePounds = 5000 },
	}
	for name, breakIt := range cases {
		t.Run(name, func(t *testing.T) {
			rec := northgate
			breakIt(&rec)
			got := withPageSettings(base, rec)
			if got.ClientName != "northgate" || got.Primary != base.Primary || got.TermsURL != base.TermsURL ||
				got.Email != base.Email || got.FeePounds() != base.FeePounds() {
				t.Fatalf("a broken record must leave the brand's values whole: %+v", got)
			}
		})
	}

	disabled := northgate
	disabled.Enabled = false
	if withPageSettings(base, disabled).Enabled() {
		t.Fatal("a disabled client is shown as enabled")
	}
}
