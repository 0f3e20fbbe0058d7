package app

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"lender/bff/internal/apigen"
	"lender/bff/upstream/lending"
	lendingsandbox "lender/sandbox/lending"
	"lender/sandbox/personas"
)

// The third brand the e2e stack adds: a brands file with one entry, and its icon and logo.
const (
	thirdBrandFile   = "../../../e2e/fixtures/brands/fen.yaml"
	thirdBrandAssets = "../../../e2e/fixtures/brands/assets"
)

func TestAThirdBrandIsConfigurationOnly(t *testing.T) {
	t.Parallel()
	st := startStack(t, map[string]string{"BFF_BRANDS_FILE": thirdBrandFile, "BFF_BRANDS_ASSETS_DIR": thirdBrandAssets})
	res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=fen", nil, nil, nil)
	if res.StatusCode != 200 {
		t.Fatalf("HTTP %d %+v", res.StatusCode, env)
	}
	want := apigen.BrandConfig{
		ClientEnabled: true, ClientName: "fen", WhiteLabel: true, DisplayName: "Fen Finance", PageTitle: "Fen Finance – small loans",
		IconURL: "/brand-assets/fen/icon.svg", LogoURL: "/brand-assets/fen/logo.svg",
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
	// Its icon and logo are served beside the shipped brands' own.
	for _, file := range []string{"/brand-assets/fen/icon.svg", "/brand-assets/fen/logo.svg", "/brand-assets/harbour/icon.svg"} {
		res, err := http.Get(st.base + file)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(body), "<svg") {
			t.Errorf("%s: HTTP %d %s", file, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}
	if res, err := http.Get(st.base + "/brand-assets/fen/missing.svg"); err != nil || res.StatusCode != 404 {
		t.Errorf("a missing brand file: %v %v", res, err)
	}
}

// A broker client is the lending core's record of a firm trading under one of the lender's brands: its page-level
// settings (colours, links, contact e-mail, phone, fee) over that brand, whose name and legal identity stay.
func TestABrokerClientHasItsPageLevelSettingsOverItsBrand(t *testing.T) {
	t.Parallel()
	st := startStack(t, nil)
	_, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=northgate", nil, nil, nil)
	got := decode[apigen.BrandConfig](t, env)
	seed := lendingsandbox.SeedBrands()["northgate"]
	if got.ClientName != "northgate" || !got.WhiteLabel || !got.ClientEnabled || got.Fee != 25 ||
		got.Primary != seed.Colours.Primary || got.HeaderColor != seed.Colours.Header || got.BackgroundColor != seed.Colours.Background ||
		got.Email != seed.Contact.Email || got.Phone != seed.Contact.Phone || got.TermsURL != seed.Links.Terms ||
		got.PaymentHelpURL != seed.Links.PaymentHelp {
		t.Fatalf("northgate's page-level settings: %+v", got)
	}
	if got.DisplayName != "Meadow Loans" || got.RegisteredName != "Meadow Loans Limited" || got.FcaFirmReference != "765432" ||
		got.IconURL != "/brand-assets/default/icon.svg" || got.CounterofferEmail != "offers@meadow-loans.example" {
		t.Fatalf("northgate must keep the lender's name, identity and icon: %+v", got)
	}
	// Under the white label: Kestrel keeps Harbour Credit's identity, with its own fee of 0.
	_, env = st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=kestrel", nil, nil, nil)
	if got := decode[apigen.BrandConfig](t, env); got.DisplayName != "Harbour Credit" || got.Fee != 0 || got.Primary != "#8a3b12" {
		t.Fatalf("kestrel %+v", got)
	}
	// A name neither the configuration nor the lending core knows is refused.
	if res, env := st.call(http.MethodGet, st.api+"/eligibility/getRebrandParams?clientName=nobody", nil, nil, nil); env.ErrorCode != 100400 {
		t.Fatalf("an unknown client: HTTP %d %+v", res.StatusCode, env)
	}

	// The client's fee prices its quotes: each equals the lending core's price with that client's fee.
	for client, feePence := range map[string]int64{"northgate": 25_00, "kestrel": 0} {
		res, env := st.post("/ledger/loanCalcPub", map[string]any{"amountPence": 5_000_00, "termMonths": 24, "clientName": client}, nil)
		if res.StatusCode != 200 || env.ErrorCode != 0 {
			t.Fatalf("loanCalcPub %s: HTTP %d %+v", client, res.StatusCode, env)
		}
		got := decode[apigen.LoanQuote](t, env)
		want, err := st.lending().Quote(context.Background(), lending.QuoteRequest{AmountPence: 5_000_00, TermMonths: 24, FeePence: feePence})
		if err != nil {
			t.Fatal(err)
		}
		if got.TotalPayablePence != want.TotalPayablePence || got.MonthlyInstalmentPence != want.MonthlyInstalmentPence {
			t.Fatalf("%s's quote %+v is not the lending core's with a fee of %d pence: %+v", client, got, feePence, want)
		}
	}

	// An application registered through the client is owned by it, and its borrower is drawn in its settings.
	body := softCheckBody("broker-client@example.com")
	body["clientName"] = "northgate"
	checkID, cookie := st.softCheck(body)
	reg := registration(checkID, "broker-client@example.com")
	reg["clientName"] = "northgate"
	_, creds := st.signedIn(st.register(reg, cookie))
	if got := st.brandAnswered("?clientName=harbour", &creds); got != "northgate" {
		t.Fatalf("a northgate applicant got brand %q", got)
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
