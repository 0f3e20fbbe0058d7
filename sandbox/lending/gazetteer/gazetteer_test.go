package gazetteer_test

import (
	"strings"
	"testing"

	"lender/sandbox/lending/gazetteer"
)

func TestNormalise(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"LM1 1AA", "LM1 1AA", true},
		{"lm11aa", "LM1 1AA", true},
		{"  lm1   1aa ", "LM1 1AA", true},
		{"Lm1\t1aA", "LM1 1AA", true},
		{"KD129PL", "KD12 9PL", true},
		{"zz9 9zz", "ZZ9 9ZZ", true},
		{"A9 9AA", "A9 9AA", true},     // A9
		{"A99 9AA", "A99 9AA", true},   // A99
		{"A9A 9AA", "A9A 9AA", true},   // A9A
		{"AA9 9AA", "AA9 9AA", true},   // AA9
		{"AA99 9AA", "AA99 9AA", true}, // AA99
		{"AA9A 9AA", "AA9A 9AA", true}, // AA9A
		{"gir0aa", "GIR 0AA", true},
		{"", "", false},
		{"LM1", "", false},
		{"LM1 1A", "", false},
		{"LM1 1AAA", "", false},
		{"LMX 1AA", "", false}, // outward code needs a digit after the area
		{"1LM 1AA", "", false}, // starts with a digit
		{"LM1 AAA", "", false}, // inward code starts with a digit
		{"LM1 1CA", "", false}, // C never appears in an inward code
		{"LM1 1AV", "", false}, // nor V
		{"LM1-1AA", "", false}, // punctuation
		{"ÅM1 1AA", "", false}, // not ASCII
		{"LM1 1AA; drop", "", false},
		{strings.Repeat(" ", 20) + "LM11AA", "", false}, // longer than any postcode could be typed
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := gazetteer.Normalise(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Fatalf("Normalise(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		postcode, want string
		n              int
		ok             bool
	}{
		{"LM1 1AA", "LM1 1AA", 7, true},
		{"lm24qt", "LM2 4QT", 7, true},
		{"HB1 2WX", "HB1 2WX", 5, true},
		{"kd12 9pl", "KD12 9PL", 3, true},
		{gazetteer.EmptyPostcode, gazetteer.EmptyPostcode, 0, true},
		{"SW1A 1AA", "SW1A 1AA", 0, true},
		{"nonsense", "", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.postcode, func(t *testing.T) {
			pc, got, ok := gazetteer.Lookup(tt.postcode)
			if pc != tt.want || len(got) != tt.n || ok != tt.ok {
				t.Fatalf("Lookup(%q) = %q, %d addresses, %v; want %q, %d, %v", tt.postcode, pc, len(got), ok, tt.want, tt.n, tt.ok)
			}
			if ok && got == nil {
				t.Fatal("a well-formed postcode answers a non-nil (possibly empty) list")
			}
			for _, a := range got {
				if a.Postcode != pc {
					t.Errorf("%s has postcode %q", a.ID, a.Postcode)
				}
			}
		})
	}
}

// TestEntries checks every address: a valid normalised postcode, a street and town, a house name or
// number, a unique id, and a Line the apps' parsing rule splits back into the four fields.
func TestEntries(t *testing.T) {
	all := gazetteer.All()
	if len(all) < 30 {
		t.Fatalf("gazetteer has %d addresses, want at least 30", len(all))
	}
	ids := map[string]bool{}
	var flats, namesOnly, numbersOnly, both, noCounty int
	for _, a := range all {
		if ids[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		ids[a.ID] = true
		if pc, ok := gazetteer.Normalise(a.Postcode); !ok || pc != a.Postcode {
			t.Errorf("%s: postcode %q is not normalised and valid", a.ID, a.Postcode)
		}
		if area := strings.TrimRight(a.Postcode[:2], "0123456789"); !strings.Contains("LM HB KD AV", area) || len(area) != 2 {
			t.Errorf("%s: postcode area %q is not one of the fictional areas", a.ID, area)
		}
		if a.Street == "" || a.Town == "" || (a.HouseName == "" && a.HouseNumber == "") {
			t.Errorf("%s: incomplete %+v", a.ID, a.Address)
		}
		// The apps' rule: split the comma-separated text into flat, house_name, house_number, street.
		parts := strings.Split(a.Line, ",")
		if len(parts) != 4 {
			t.Fatalf("%s: line %q has %d fields", a.ID, a.Line, len(parts))
		}
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		if parts[0] != a.Flat || parts[1] != a.HouseName || parts[2] != a.HouseNumber || parts[3] != a.Street {
			t.Errorf("%s: line %q splits into %q, want %q %q %q %q", a.ID, a.Line, parts, a.Flat, a.HouseName, a.HouseNumber, a.Street)
		}
		if !strings.HasSuffix(a.Label, ", "+a.Town+", "+a.Postcode) {
			t.Errorf("%s: label %q", a.ID, a.Label)
		}
		if got, ok := gazetteer.Find(a.ID); !ok || got != a {
			t.Errorf("Find(%s) = %+v, %v", a.ID, got, ok)
		}
		switch {
		case a.HouseName != "" && a.HouseNumber != "":
			both++
		case a.HouseName != "":
			namesOnly++
		default:
			numbersOnly++
		}
		if a.Flat != "" {
			flats++
		}
		if a.County == "" {
			noCounty++
		}
	}
	// Every shape the parsing rule must handle is present.
	if flats == 0 || namesOnly == 0 || numbersOnly == 0 || both == 0 || noCounty == 0 {
		t.Fatalf("shapes: flats %d, names only %d, numbers only %d, both %d, no county %d", flats, namesOnly, numbersOnly, both, noCounty)
	}
	if _, ok := gazetteer.Find("gz_nope"); ok {
		t.Fatal("Find of an unknown id succeeded")
	}
}

func TestLabelAndLine(t *testing.T) {
	_, got, _ := gazetteer.Lookup("LM2 4QT")
	if got[1].Line != "Flat 2, Rose Court, 14, Mill Lane" || got[1].Label != "Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT" {
		t.Fatalf("= %q / %q", got[1].Line, got[1].Label)
	}
	_, got, _ = gazetteer.Lookup("LM1 1AA")
	if got[0].Line != ", , 1, Acacia Avenue" || got[0].Label != "1 Acacia Avenue, Lowmere, LM1 1AA" {
		t.Fatalf("= %q / %q", got[0].Line, got[0].Label)
	}
}

func TestAllIsACopy(t *testing.T) {
	a := gazetteer.All()
	a[0].Street = "changed"
	if gazetteer.All()[0].Street == "changed" {
		t.Fatal("All exposes the gazetteer's own slice")
	}
}
