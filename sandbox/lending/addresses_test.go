package lending

import (
	"net/http"
	"net/url"
	"testing"

	"lender/bff/upstream/lending"
)

func TestAddressesRoute(t *testing.T) {
	tests := []struct {
		name, query, postcode string
		n                     int
		code                  string
	}{
		{"flats and a house", "postcode=" + url.QueryEscape("LM2 4QT"), "LM2 4QT", 7, ""},
		{"lower case without a space", "postcode=lm24qt", "LM2 4QT", 7, ""},
		{"extra spaces", "postcode=" + url.QueryEscape("  KD12   9pl "), "KD12 9PL", 3, ""},
		{"documented empty postcode", "postcode=" + url.QueryEscape("ZZ9 9ZZ"), "ZZ9 9ZZ", 0, ""},
		{"malformed", "postcode=12345", "", 0, lending.CodePostcodeInvalid},
		{"an inward code with C", "postcode=LM11CA", "", 0, lending.CodePostcodeInvalid},
		{"empty", "postcode=", "", 0, lending.CodePostcodeInvalid},
		{"missing", "", "", 0, lending.CodePostcodeInvalid},
		{"twice", "postcode=LM11AA&postcode=LM24QT", "", 0, lending.CodePostcodeInvalid},
	}
	h := newHarness(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := h.do(http.MethodGet, "/addresses?"+tt.query, nil)
			if tt.code != "" {
				h.refused(a, http.StatusBadRequest, tt.code)
				return
			}
			var l lending.AddressList
			h.must(a, http.StatusOK, &l)
			if l.Postcode != tt.postcode || len(l.Addresses) != tt.n || l.Addresses == nil {
				t.Fatalf("= %+v", l)
			}
		})
	}
}

// TestAddressesWireShape: an empty result is [] (never null), and each address carries every field.
func TestAddressesWireShape(t *testing.T) {
	h := newHarness(t)
	a := h.do(http.MethodGet, "/addresses?postcode=ZZ99ZZ", nil)
	if string(a.body) != `{"postcode":"ZZ9 9ZZ","addresses":[]}`+"\n" {
		t.Fatalf("body = %s", a.body)
	}
	a = h.do(http.MethodGet, "/addresses?postcode=LM24QT", nil)
	var l lending.AddressList
	h.must(a, http.StatusOK, &l)
	want := lending.GazetteerAddress{ID: "gz_LM24QT_02", Address: lending.Address{Flat: "Flat 2", HouseName: "Rose Court",
		HouseNumber: "14", Street: "Mill Lane", Town: "Lowmere", County: "Wessex", Postcode: "LM2 4QT"},
		Line: "Flat 2, Rose Court, 14, Mill Lane", Label: "Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT"}
	if l.Addresses[1] != want {
		t.Fatalf("second address = %+v\nwant %+v", l.Addresses[1], want)
	}
}
