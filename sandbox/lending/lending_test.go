package lending

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/clock"
)

// relativeLuminance follows WCAG 2.2's definition for an sRGB "#rrggbb" colour.
func relativeLuminance(hex string) (float64, error) {
	if len(hex) != 7 || hex[0] != '#' {
		return 0, fmt.Errorf("%q is not #rrggbb", hex)
	}
	var lin [3]float64
	for i := range 3 {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return 0, fmt.Errorf("%q is not #rrggbb", hex)
		}
		c := float64(v) / 255
		if c <= 0.04045 {
			lin[i] = c / 12.92
		} else {
			lin[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2], nil
}

func contrast(a, b string) (float64, error) {
	la, err := relativeLuminance(a)
	if err != nil {
		return 0, err
	}
	lb, err := relativeLuminance(b)
	if err != nil {
		return 0, err
	}
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05), nil
}

func TestContrastMatchesKnownValues(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#767676", "#ffffff", 4.54}, // the classic lightest AA grey on white
	}
	for _, tt := range tests {
		got, err := contrast(tt.a, tt.b)
		if err != nil || math.Abs(got-tt.want) > 0.01 {
			t.Errorf("contrast(%s, %s) = %.3f, %v; want %.2f", tt.a, tt.b, got, err, tt.want)
		}
	}
}

// TestSeedBrandsMeetWCAGAA checks every colour pair a brand uses for text at 4.5:1 (WCAG 2.2 SC 1.4.3).
func TestSeedBrandsMeetWCAGAA(t *testing.T) {
	const white = "#ffffff"
	for name, b := range SeedBrands() {
		c := b.Colours
		pairs := []struct{ what, fg, bg string }{
			{"header text on header", c.HeaderText, c.Header},
			{"button text on primary", white, c.Primary},
			{"button text on primaryAlt", white, c.PrimaryAlt},
			{"primary text on background", c.Primary, c.Background},
			{"primaryAlt text on background", c.PrimaryAlt, c.Background},
			{"error text on background", c.Error, c.Background},
			{"error text on white", c.Error, white},
		}
		for _, p := range pairs {
			t.Run(name+"/"+p.what, func(t *testing.T) {
				ratio, err := contrast(p.fg, p.bg)
				if err != nil {
					t.Fatal(err)
				}
				if ratio < 4.5 {
					t.Fatalf("%s %s on %s = %.2f:1, want ≥ 4.5:1", p.what, p.fg, p.bg, ratio)
				}
			})
		}
	}
}

func TestSeedBrands(t *testing.T) {
	brands := SeedBrands()
	tests := []struct {
		key, display, primary, background string
		fee                               int
	}{
		{lending.DefaultBrand, "Meadow Loans", "#1d6b3e", "#fbf7ec", 12},
		{HarbourBrand, "Harbour Credit", "#0b6468", "#f5fafa", 10},
	}
	if len(brands) != len(tests) {
		t.Fatalf("seed has %d brands, want %d", len(brands), len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			b, ok := brands[tt.key]
			if !ok {
				t.Fatalf("no brand %q", tt.key)
			}
			if b.ClientName != tt.key || b.DisplayName != tt.display || !b.Enabled || b.Colours.Primary != tt.primary ||
				b.Colours.Background != tt.background || b.FeePounds != tt.fee {
				t.Fatalf("brand %q = %+v", tt.key, b)
			}
			for _, u := range []string{b.Links.Terms, b.Links.Privacy, b.Links.Contact, b.Links.FAQ, b.Links.PaymentHelp} {
				if !strings.HasPrefix(u, "https://") || !strings.Contains(u, ".example/") {
					t.Errorf("link %q is not a fictional https .example address", u)
				}
			}
			if !strings.HasSuffix(b.Contact.Email, ".example") || b.Contact.Phone == "" {
				t.Errorf("contact %+v is not fictional", b.Contact)
			}
		})
	}
}

func TestResetRestoresSeedBrands(t *testing.T) {
	p := New(clock.New(nil))
	p.mu.Lock()
	delete(p.st.brands, HarbourBrand)
	d := p.st.brands[lending.DefaultBrand]
	d.FeePounds = 99
	p.st.brands[lending.DefaultBrand] = d
	p.mu.Unlock()

	p.Reset()

	p.mu.Lock()
	defer p.mu.Unlock()
	if !reflect.DeepEqual(p.st.brands, SeedBrands()) {
		t.Fatalf("after Reset brands = %+v, want the seed", p.st.brands)
	}
}

func TestRoutes(t *testing.T) {
	mux := http.NewServeMux()
	New(clock.New(nil)).Register(mux, "/lending/v1")
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{http.MethodGet, "/lending/v1/health", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/brands/default", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/brands/harbour", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/brands/Harbour", http.StatusNotFound, lending.CodeBrandNotFound},
		{http.MethodGet, "/lending/v1/brands/nobody", http.StatusNotFound, lending.CodeBrandNotFound},
		{http.MethodPost, "/lending/v1/brands/default", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/product", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/quotes", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodPost, "/lending/v1/addresses", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/eligibility-checks", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodDelete, "/lending/v1/customers", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/customers/cus_up_to_date", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/customers/cus_up_to_date/pin", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/customers/cus_up_to_date/pin/verify", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodDelete, "/lending/v1/customers/cus_up_to_date/pin/lock", http.StatusOK, ""},
		{http.MethodGet, "/lending/v1/staff/sessions", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/portal-users/sessions", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/broker-offers?brokerId=brk_northgate", http.StatusOK, ""},
		{http.MethodDelete, "/lending/v1/broker-offers/bo_x", http.StatusMethodNotAllowed, "method_not_allowed"},
		{http.MethodGet, "/lending/v1/broker-offers/by-token/x", http.StatusNotFound, lending.CodeBrokerOfferNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json" {
				t.Fatalf("Content-Type = %q", ct)
			}
			var body struct{ Code string }
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Code != tt.code {
				t.Fatalf("code = %q (%v), want %q", body.Code, err, tt.code)
			}
		})
	}
}
