package upstream_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lender/bff/upstream/identity"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
	"lender/bff/upstream/openbanking"
	"lender/bff/upstream/payments"
	"lender/bff/upstream/transport"
	"lender/sandbox/server"
)

// clients are the BFF's upstream clients, each pointed at its prefix on one real sandbox.
type clients struct {
	lending     lending.API
	payments    payments.API
	openbanking openbanking.API
	identity    identity.API
	notify      notify.API
}

func newClients(t *testing.T) clients {
	t.Helper()
	ts := httptest.NewServer(server.New(server.Config{}))
	t.Cleanup(ts.Close)
	cfg := func(name string) transport.Config { return transport.DefaultConfig(ts.URL + server.Prefix(name)) }
	return clients{
		lending:     lending.New(cfg(lending.Name), nil),
		payments:    payments.New(cfg(payments.Name), nil),
		openbanking: openbanking.New(cfg(openbanking.Name), nil),
		identity:    identity.New(cfg(identity.Name), nil),
		notify:      notify.New(cfg(notify.Name), nil),
	}
}

// contractCase runs one client method against the sandbox. method is "<package>.<API method>", so the
// test can prove that every method of every API has at least one case.
type contractCase struct {
	method string
	name   string
	run    func(t *testing.T, ctx context.Context, c clients)
}

var contract = []contractCase{
	{"lending.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.lending.Ping(ctx)) }},
	{"payments.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.payments.Ping(ctx)) }},
	{"openbanking.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.openbanking.Ping(ctx)) }},
	{"identity.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.identity.Ping(ctx)) }},
	{"notify.Ping", "healthy", func(t *testing.T, ctx context.Context, c clients) { mustPing(t, c.notify.Ping(ctx)) }},
	{"lending.Branding", "default brand", func(t *testing.T, ctx context.Context, c clients) {
		b, err := c.lending.Branding(ctx, lending.DefaultBrand)
		if err != nil {
			t.Fatal(err)
		}
		want := lending.Branding{
			ClientName: "default", DisplayName: "Meadow Loans", Enabled: true,
			Colours: lending.Colours{Primary: "#1d6b3e", PrimaryAlt: "#14522e", Background: "#fbf7ec", Error: "#b3261e",
				Header: "#1d6b3e", HeaderText: "#ffffff"},
			Links: lending.Links{Terms: "https://meadow-loans.example/terms", Privacy: "https://meadow-loans.example/privacy",
				Contact: "https://meadow-loans.example/contact", FAQ: "https://meadow-loans.example/faq",
				PaymentHelp: "https://meadow-loans.example/help/payments"},
			Contact:   lending.Contact{Email: "support@meadow-loans.example", Phone: "020 7946 0123"},
			FeePounds: 12,
		}
		if !reflect.DeepEqual(b, want) {
			t.Fatalf("Branding(default) = %+v\nwant %+v", b, want)
		}
	}},
	{"lending.Branding", "white-label brand", func(t *testing.T, ctx context.Context, c clients) {
		b, err := c.lending.Branding(ctx, "harbour")
		if err != nil {
			t.Fatal(err)
		}
		if b.ClientName != "harbour" || b.DisplayName != "Harbour Credit" || !b.Enabled || b.Colours.Primary != "#0b6468" ||
			b.Links.Terms == "" || b.Contact.Email == "" || b.FeePounds == 0 {
			t.Fatalf("Branding(harbour) = %+v", b)
		}
	}},
	{"lending.Branding", "unknown brand", func(t *testing.T, ctx context.Context, c clients) {
		_, err := c.lending.Branding(ctx, "nobody")
		var se *transport.StatusError
		if !errors.Is(err, lending.ErrBrandNotFound) || !errors.As(err, &se) || se.Status != 404 {
			t.Fatalf("Branding(nobody) error = %v, want ErrBrandNotFound from a 404", err)
		}
	}},
	{"lending.Branding", "name that cannot be a key", func(t *testing.T, ctx context.Context, c clients) {
		for _, name := range []string{"", "../health", "a/b", "harbour?x=1", "é"} {
			if _, err := c.lending.Branding(ctx, name); !errors.Is(err, lending.ErrBrandNotFound) {
				t.Errorf("Branding(%q) error = %v, want ErrBrandNotFound", name, err)
			}
		}
	}},
}

func mustPing(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

func TestContract(t *testing.T) {
	c := newClients(t)
	for _, tc := range contract {
		t.Run(tc.method+"/"+tc.name, func(t *testing.T) {
			tc.run(t, context.Background(), c)
		})
	}
}

// TestContractCoversEveryMethod fails when an API gains a method without a contract case.
func TestContractCoversEveryMethod(t *testing.T) {
	apis := map[string]reflect.Type{
		"lending":     reflect.TypeFor[lending.API](),
		"payments":    reflect.TypeFor[payments.API](),
		"openbanking": reflect.TypeFor[openbanking.API](),
		"identity":    reflect.TypeFor[identity.API](),
		"notify":      reflect.TypeFor[notify.API](),
	}
	var covered []string
	for _, tc := range contract {
		covered = append(covered, tc.method)
	}
	for pkg, api := range apis {
		for i := range api.NumMethod() {
			if m := pkg + "." + api.Method(i).Name; !slices.Contains(covered, m) {
				t.Errorf("no contract case for %s", m)
			}
		}
	}
}

// TestPingReportsAnUnavailableProvider: Ping is what /readyz uses, so it must fail when the provider
// fails.
func TestPingReportsAnUnavailableProvider(t *testing.T) {
	s := server.New(server.Config{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	cfg := transport.DefaultConfig(ts.URL + server.Prefix(notify.Name))
	cfg.Retries = 0
	c := notify.New(cfg, nil)
	s.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/_sandbox/faults",
		strings.NewReader(`{"provider":"notify","status":503}`)))
	if err := c.Ping(context.Background()); !errors.Is(err, transport.ErrUnavailable) {
		t.Fatalf("Ping error = %v, want ErrUnavailable", err)
	}
}
