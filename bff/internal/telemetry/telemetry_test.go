package telemetry

import (
	"strings"
	"testing"
)

func TestRedactRemovesPersonalDataAndSecrets(t *testing.T) {
	cases := []struct {
		in       string
		mustNot  []string
		mustKeep []string
	}{
		{"TypeError: cannot read 'x' of undefined at Quote (quote.tsx:12)", nil, []string{"TypeError", "quote.tsx:12"}},
		{"failed for jane.doe+refer@example.co.uk", []string{"jane.doe", "example.co.uk"}, []string{"failed for [email]"}},
		{"GET /api/x?uuid=123&email=a@b.com failed", []string{"uuid=123", "a@b.com"}, []string{"/api/x?[query]"}},
		{"token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig-part_1 rejected", []string{"eyJhbGci"}, []string{"[token]"}},
		{"accessToken: abc123secret", []string{"abc123secret"}, []string{"[credential]"}},
		{"call 07700 900123 now", []string{"900123"}, []string{"[number]"}},
		{"card 4000 0000 0000 0002 declined", []string{"0002"}, []string{"[number]"}},
		{"address SW1A 1AA not found", []string{"SW1A 1AA"}, []string{"[postcode]"}},
		{"pin=1234 wrong", []string{"1234"}, []string{"[credential]"}},
	}
	for _, tc := range cases {
		got := Redact(tc.in)
		for _, bad := range tc.mustNot {
			if strings.Contains(got, bad) {
				t.Errorf("Redact(%q) = %q still has %q", tc.in, got, bad)
			}
		}
		for _, good := range tc.mustKeep {
			if !strings.Contains(got, good) {
				t.Errorf("Redact(%q) = %q lost %q", tc.in, got, good)
			}
		}
	}
}
