package app

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"go.yaml.in/yaml/v3"

	"lender/bff"
	"lender/bff/internal/apigen"
	"lender/sandbox/personas"
)

// thirdBrand is a brand no shipped configuration has, added by a fixture brands file.
// thirdBrandFile holds a brand no shipped configuration has; the config package's tests break it.
const thirdBrandFile = "../platform/config/testdata/fen-brand.yaml"

// fixtureBrands are the brands of the third-brand fixture, to add to a brands file as they are or changed.
func fixtureBrands(t *testing.T) []map[string]any {
	t.Helper()
	raw, err := os.ReadFile(thirdBrandFile)
	if err != nil {
		t.Fatal(err)
	}
	var brands []map[string]any
	if err := yaml.Unmarshal(raw, &brands); err != nil {
		t.Fatal(err)
	}
	return brands
}

// brandsFile writes a brands file: the shipped brands of bff/config.yaml, then extra.
func brandsFile(t *testing.T, extra ...map[string]any) string {
	t.Helper()
	var shipped struct {
		Brands struct {
			List []any `yaml:"list"`
		} `yaml:"brands"`
	}
	if err := yaml.Unmarshal(bff.DefaultConfig, &shipped); err != nil {
		t.Fatal(err)
	}
	list := shipped.Brands.List
	for _, b := range extra {
		list = append(list, b)
	}
	body, err := yaml.Marshal(map[string]any{"list": list})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "brands.yaml")
	if err := os.WriteFile(path, body, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// withThirdBrand writes a brands file: the shipped brands of bff/config.yaml, then the third brand.
func withThirdBrand(t *testing.T) string {
	t.Helper()
	return brandsFile(t, fixtureBrands(t)...)
}

func TestAThirdBrandIsConfigurationOnly(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_BRANDS_FILE": withThirdBrand(t)})
	res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=fen", nil, nil, nil)
	if res.StatusCode != 200 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	want := apigen.BrandConfig{
		ClientEnabled: false, ClientName: "fen", DisplayName: "Fen Finance", PageTitle: "Fen Finance – small loans",
		IconURL: "https://fen-finance.example/icon.svg",
		Primary: "#5a2d82", PrimaryAlt: "#432061", BackgroundColor: "#fdfcff", ErrorColor: "#a4161a",
		HeaderColor: "#2e1646", HeaderTextColor: "#fafafa",
		TermsURL: "https://fen-finance.example/terms", PrivacyURL: "https://fen-finance.example/privacy",
		ContactURL: "https://fen-finance.example/contact", FaqURL: "https://fen-finance.example/faq",
		PaymentHelpURL: "https://fen-finance.example/pay", AboutURL: "https://fen-finance.example/about",
		BlogURL: "https://fen-finance.example/blog", HowItWorksURL: "https://fen-finance.example/how",
		HelpDeskURL: "https://help.fen-finance.example/desk", Email: "help@fen-finance.example", Phone: "01632 960 111",
		CounterofferEmail: "offers@fen-finance.example", Fee: 7, RegisteredName: "Fen Finance Ltd",
		CompanyNumber: "01234567", FcaFirmReference: "7001234", RegisteredAddress: "2 Example Row, Ely CB7 4AA",
	}
	if got := decode[apigen.BrandConfig](t, env); !reflect.DeepEqual(got, want) {
		t.Fatalf("fen:\n got %+v\nwant %+v", got, want)
	}
	// The shipped brands are still there beside it.
	_, env = st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=harbour", nil, nil, nil)
	if got := decode[apigen.BrandConfig](t, env); got.DisplayName != "Harbour Credit" || got.Fee != 10 {
		t.Fatalf("harbour %+v", got)
	}
}

// brandAnswered is the clientName getRebrandParams answers for query, with creds or without a session.
func (st *stack) brandAnswered(query string, creds *credentials) string {
	st.t.Helper()
	res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams"+query, nil, creds, nil)
	if res.StatusCode != 200 || env.Status != 200 {
		st.t.Fatalf("getRebrandParams%s: HTTP %d %+v", query, res.StatusCode, env)
	}
	var b apigen.BrandConfig
	if err := json.Unmarshal(env.ResultData, &b); err != nil {
		st.t.Fatal(err)
	}
	return b.ClientName
}

func TestASignedInBorrowerGetsTheBrandOfTheirApplication(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)

	// Registered through the white-label brand: its application's owner is harbour, whatever is named.
	_, harbour := st.registered("owner@example.com")
	for _, q := range []string{"", "?clientName=default", "?clientName=harbour"} {
		if got := st.brandAnswered(q, &harbour); got != "harbour" {
			t.Errorf("a harbour applicant asking %q got %q", q, got)
		}
	}

	// A seeded borrower of the lender's own brand, in the white-label app: the default brand.
	var p personas.Borrower
	for _, b := range personas.Borrowers() {
		if b.Scenario == personas.ScenarioApplication {
			p = b
			break
		}
	}
	apps, err := st.lending().CustomerApplications(context.Background(), p.CustomerID)
	if err != nil || len(apps) == 0 || apps[0].ApplicationOwner != "default" {
		t.Fatalf("the persona's applications %+v %v", apps, err)
	}
	own := st.signIn(p.CustomerID)
	if got := st.brandAnswered("?clientName=harbour", &own); got != "default" {
		t.Errorf("a default-brand borrower asking for harbour got %q", got)
	}

	// Signed in with no application yet: the named brand, or the default.
	none := st.signIn("customer-without-application")
	if got := st.brandAnswered("?clientName=harbour", &none); got != "harbour" {
		t.Errorf("no application, harbour named: %q", got)
	}
	if got := st.brandAnswered("", &none); got != "default" {
		t.Errorf("no application, none named: %q", got)
	}

	// Without a session: the named brand, or the default.
	if got := st.brandAnswered("?clientName=harbour", nil); got != "harbour" {
		t.Errorf("no session, harbour named: %q", got)
	}
	if got := st.brandAnswered("", nil); got != "default" {
		t.Errorf("no session, none named: %q", got)
	}
}
