package config

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// brandYAML is one complete brand: the third brand the e2e stack adds (e2e/fixtures/brands/fen.yaml), as
// an entry of a list; cases break it.
func brandYAML(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile("../../../../e2e/fixtures/brands/fen.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, entry, ok := strings.Cut(string(raw), "\nlist:\n")
	if !ok {
		t.Fatal("the fixture has no list")
	}
	return entry
}

// brandsFile writes a brands file of the given brands (each brandYAML with its name) and returns its path.
func brandsFile(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "brands.yaml")
	if err := os.WriteFile(path, []byte("list:\n"+body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// named is the fixture brand under another clientName.
func named(t *testing.T, name string) string {
	return strings.Replace(brandYAML(t), "clientName: fen", "clientName: "+name, 1)
}

func TestBrandsFileAddsABrand(t *testing.T) {
	cfg, err := LoadFrom(env(map[string]string{"BFF_BRANDS_FILE": brandsFile(t, named(t, "fen")), "BFF_BRANDS_DEFAULT": "fen"}))
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.Brands.DefaultBrand()
	if len(cfg.Brands.List) != 3 || b.ClientName != "fen" || b.FeePounds() != 7 || !b.Enabled() || b.FCAFirmReference != "7001234" ||
		b.IconURL != "/brand-assets/fen/icon.svg" {
		t.Fatalf("brands with the file's: %+v", cfg.Brands.List)
	}
	if _, ok := cfg.Brands.Named("harbour"); !ok {
		t.Fatal("the shipped white-label brand is gone")
	}
}

func TestBrandsFileReplacesABrandOfItsNameWhole(t *testing.T) {
	cfg, err := LoadFrom(env(map[string]string{"BFF_BRANDS_FILE": brandsFile(t, named(t, "harbour"))}))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := cfg.Brands.Named("harbour")
	if len(cfg.Brands.List) != 2 || h.DisplayName != "Fen Finance" || h.Primary != "#5a2d82" || h.FeePounds() != 7 {
		t.Fatalf("brands with harbour replaced: %+v", cfg.Brands.List)
	}
}

func TestTheShippedBrands(t *testing.T) {
	cfg, err := LoadFrom(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Brands.DefaultBrand().ClientName != "default" || cfg.Brands.DefaultBrand().FeePounds() != 12 {
		t.Fatalf("default brand %+v", cfg.Brands.DefaultBrand())
	}
	if h, ok := cfg.Brands.Named("harbour"); !ok || h.Primary != "#0b6468" {
		t.Fatalf("harbour %+v", h)
	}
}

func TestBrandsThatStopStartUp(t *testing.T) {
	valid := named(t, "fen")
	cases := []struct {
		name, body, def, want string
	}{
		{"a required field missing", strings.Replace(valid, "  registeredName: Fen Finance Ltd\n", "", 1), "fen",
			"brand fen: registeredName is required"},
		{"the fee missing", strings.Replace(valid, "  fee: 7\n", "", 1), "fen", "brand fen: fee is required"},
		{"clientEnabled missing", strings.Replace(valid, "  clientEnabled: true\n", "", 1), "fen", "brand fen: clientEnabled is required"},
		{"header text under AA contrast", strings.Replace(valid, `headerTextColor: "#fafafa"`, `headerTextColor: "#7a5a9a"`, 1), "fen",
			"brand fen: headerTextColor on headerColor has a contrast of"},
		{"a primary too light for white text", strings.Replace(valid, `primary: "#5a2d82"`, `primary: "#b98de0"`, 1), "fen",
			"brand fen: white on primary has a contrast of"},
		{"an icon that is not a brand asset", strings.Replace(valid, "iconURL: /brand-assets/fen/icon.svg", "iconURL: https://fen-finance.example/icon.svg", 1),
			"fen", `brand fen: iconURL "https://fen-finance.example/icon.svg" is not a file under /brand-assets/`},
		{"the logo missing", strings.Replace(valid, "  logoURL: /brand-assets/fen/logo.svg\n", "", 1), "fen", "brand fen: logoURL is required"},
		{"a duplicate clientName", valid + valid, "fen", "brand fen: clientName is used by another brand"},
		{"an unknown default brand", valid, "marsh", `BFF_BRANDS_DEFAULT "marsh" is not a configured brand`},
		{"a malformed colour", strings.Replace(valid, `primary: "#5a2d82"`, `primary: "#5a2d8"`, 1), "fen",
			`brand fen: primary "#5a2d8" is not a #rrggbb colour`},
		{"a named colour", strings.Replace(valid, `headerTextColor: "#fafafa"`, `headerTextColor: white`, 1), "fen",
			`brand fen: headerTextColor "white" is not a #rrggbb colour`},
		{"a plain-http link", strings.Replace(valid, "termsURL: https://", "termsURL: http://", 1), "fen",
			"brand fen: termsURL \"http://fen-finance.example/terms\" is not an absolute https URL"},
		{"a malformed company number", strings.Replace(valid, `companyNumber: "01234567"`, `companyNumber: "1234"`, 1), "fen",
			"brand fen: companyNumber must be 8 digits"},
		{"a malformed firm reference", strings.Replace(valid, `fcaFirmReference: "7001234"`, `fcaFirmReference: FRN1`, 1), "fen",
			"brand fen: fcaFirmReference must be 6 or 7 digits"},
		{"no settlement account", strings.Replace(valid, "  settlementAccountNumber: \"10000003\"\n", "", 1), "fen",
			"brand fen: settlementAccountNumber is required"},
		{"a malformed sort code", strings.Replace(valid, `settlementSortCode: "04-00-04"`, `settlementSortCode: "040004"`, 1), "fen",
			"brand fen: settlementSortCode must be a sort code written 12-34-56"},
		{"a malformed account number", strings.Replace(valid, `settlementAccountNumber: "10000003"`, `settlementAccountNumber: "1234"`, 1), "fen",
			"brand fen: settlementAccountNumber must be 8 digits"},
		{"a clientName the contract refuses", named(t, "Fen Finance"), "Fen Finance",
			"brand Fen Finance: clientName must be 1–40 lower-case letters"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadFrom(env(map[string]string{"BFF_BRANDS_FILE": brandsFile(t, c.body), "BFF_BRANDS_DEFAULT": c.def}))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err %v, want it to say %q", err, c.want)
			}
		})
	}
	if _, err := LoadFrom(env(map[string]string{"BFF_BRANDS_FILE": filepath.Join(t.TempDir(), "none.yaml")})); err == nil ||
		!strings.Contains(err.Error(), "BFF_BRANDS_FILE") {
		t.Fatalf("a missing file: %v", err)
	}
}

// The apps draw a brand with packages/ui's built-in tokens until the BFF answers with its configured brand, and
// the UI package checks the WCAG contrast of those tokens: the shipped brands must hold the same colours, so the
// contrast checked is the contrast people see.
func TestShippedBrandColoursMatchTheUIPackage(t *testing.T) {
	cfg, err := LoadFrom(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	source, err := os.ReadFile("../../../../packages/ui/src/brands.ts")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)clientName: '([a-z]+)',.*?\n};`)
	field := regexp.MustCompile(`(\w+): '(#[0-9a-f]{6})'`)
	blocks := block.FindAllStringSubmatch(string(source), -1)
	if len(blocks) != len(cfg.Brands.List) {
		t.Fatalf("packages/ui has %d brands, the BFF's configuration %d", len(blocks), len(cfg.Brands.List))
	}
	for _, m := range blocks {
		b, ok := cfg.Brands.Named(m[1])
		if !ok {
			t.Errorf("packages/ui has brand %q, the BFF's configuration does not", m[1])
			continue
		}
		want := map[string]string{
			"primary": b.Primary, "primaryAlt": b.PrimaryAlt, "backgroundColor": b.BackgroundColor,
			"errorColor": b.ErrorColor, "headerColor": b.HeaderColor, "headerTextColor": b.HeaderTextColor,
		}
		got := map[string]string{}
		for _, f := range field.FindAllStringSubmatch(m[0], -1) {
			got[f[1]] = f[2]
		}
		for token, colour := range want {
			if got[token] != colour {
				t.Errorf("%s %s: packages/ui %q, the BFF's configuration %q", m[1], token, got[token], colour)
			}
		}
	}
}
