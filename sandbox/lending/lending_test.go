package lending

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"lender/bff/upstream/lending"
	"lender/sandbox/clock"
)

func TestSeedBrands(t *testing.T) {
	brands := SeedBrands()
	tests := []struct {
		key, brand, display, primary, background string
		fee                                      int
	}{
		{lending.DefaultBrand, lending.DefaultBrand, "Meadow Loans", "#1d6b3e", "#fbf7ec", 12},
		{HarbourBrand, HarbourBrand, "Harbour Credit", "#0b6468", "#f5fafa", 10},
		{NorthgateClient, lending.DefaultBrand, "Northgate Finance Brokers", "#4a2c82", "#f7f5fb", 25},
		{KestrelClient, HarbourBrand, "Kestrel Brokers", "#8a3b12", "#fdf8f4", 0},
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
			if b.ClientName != tt.key || b.Brand != tt.brand || b.DisplayName != tt.display || !b.Enabled || b.Colours.Primary != tt.primary ||
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
