package auth

import "testing"

func TestPhoneNumbersAreNormalisedToE164(t *testing.T) {
	good := map[string]string{
		"07700900123":     "+447700900123",
		"07700 900123":    "+447700900123",
		" 07700 900 123 ": "+447700900123",
		"+447700900123":   "+447700900123",
		"+44 7700 900123": "+447700900123",
	}
	for in, want := range good {
		if got, ok := normalisePhone(in); !ok || got != want {
			t.Errorf("%q → %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "01632960001", "+441632960001", "0770090012", "077009001234", "+15550100", "07700-900123", "07700９00123", "447700900123"} {
		if got, ok := normalisePhone(in); ok {
			t.Errorf("%q accepted as %q", in, got)
		}
	}
}

func TestEmailAddressesAreCheckedAndLowerCased(t *testing.T) {
	if got, ok := normaliseEmail(" Jo.Bloggs+x@Example.COM "); !ok || got != "jo.bloggs+x@example.com" {
		t.Fatalf("got %q %v", got, ok)
	}
	for _, in := range []string{"", "jo", "jo@", "@example.com", "jo@example", "Jo <jo@example.com>", "jo@example.com.", "jo bloggs@example.com", "jo@exa mple.com"} {
		if got, ok := normaliseEmail(in); ok {
			t.Errorf("%q accepted as %q", in, got)
		}
	}
}

func TestCodesAreSixDigits(t *testing.T) {
	seen := map[byte]bool{}
	for range 2000 {
		c := newCode()
		if !sixDigits(c) {
			t.Fatalf("code %q", c)
		}
		seen[c[0]] = true
	}
	if len(seen) != 10 {
		t.Fatalf("leading digits seen: %d of 10 (codes must cover 000000–999999)", len(seen))
	}
}
