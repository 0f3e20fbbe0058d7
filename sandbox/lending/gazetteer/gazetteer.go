// Package gazetteer is the sandbox lending core's postcode lookup: a fixed list of FICTIONAL UK
// addresses in valid postcode format, and the postcode rules.
//
// No address here is real. The postcode areas used (LM, HB, KD, AV) are not Royal Mail postcode areas,
// and the towns and counties are invented, so a demo never shows a real person's home.
//
// # Postcodes
//
// Normalise trims the text, upper-cases it, removes every space and tab, and puts one space before
// the last three characters ("lm1  1aa" → "LM1 1AA"). The result must match the standard UK postcode
// pattern: an outward code of the forms A9, A99, A9A, AA9, AA99 or AA9A, a space, and an inward code
// of a digit and two letters other than C, I, K, M, O and V (Royal Mail never uses those there); or
// the special GIR 0AA. A well-formed postcode that the gazetteer does not hold, such as EmptyPostcode
// (ZZ9 9ZZ), has no addresses: an empty list, not an error.
package gazetteer

import (
	"regexp"
	"strings"

	"lender/bff/upstream/lending"
)

// EmptyPostcode is a well-formed postcode documented to have no addresses.
const EmptyPostcode = "ZZ9 9ZZ"

// maxInput caps the text Normalise looks at; a postcode with generous spacing is far shorter.
const maxInput = 16

var postcodePattern = regexp.MustCompile(`^(?:(?:[A-Z][0-9]{1,2}|[A-Z][0-9][A-Z]|[A-Z]{2}[0-9]{1,2}|[A-Z]{2}[0-9][A-Z]) [0-9][ABD-HJLNP-UW-Z]{2}|GIR 0AA)$`)

// Normalise returns the postcode in its standard form and whether it is a well-formed UK postcode.
func Normalise(s string) (string, bool) {
	if len(s) > maxInput {
		return "", false
	}
	compact := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, strings.ToUpper(strings.TrimSpace(s)))
	if len(compact) < 5 || len(compact) > 7 {
		return "", false
	}
	pc := compact[:len(compact)-3] + " " + compact[len(compact)-3:]
	if !postcodePattern.MatchString(pc) {
		return "", false
	}
	return pc, true
}

// Lookup returns the addresses at a postcode (any spacing or case), in gazetteer order; ok is false
// when the postcode is malformed. A well-formed postcode with no addresses answers an empty list.
func Lookup(postcode string) (normalised string, addresses []lending.GazetteerAddress, ok bool) {
	pc, ok := Normalise(postcode)
	if !ok {
		return "", nil, false
	}
	out := []lending.GazetteerAddress{}
	for _, a := range entries {
		if a.Postcode == pc {
			out = append(out, a)
		}
	}
	return pc, out, true
}

// Find returns the gazetteer address with that id.
func Find(id string) (lending.GazetteerAddress, bool) {
	for _, a := range entries {
		if a.ID == id {
			return a, true
		}
	}
	return lending.GazetteerAddress{}, false
}

// All returns every gazetteer address (a fresh copy).
func All() []lending.GazetteerAddress {
	return append([]lending.GazetteerAddress(nil), entries...)
}

// Postcodes returns the postcodes the gazetteer holds, in order.
func Postcodes() []string {
	var out []string
	for _, a := range entries {
		if len(out) == 0 || out[len(out)-1] != a.Postcode {
			out = append(out, a.Postcode)
		}
	}
	return out
}

// Line is the address's first part as four comma-separated fields in the order flat, house name,
// house number, street, an absent field left empty: the text the apps split back into those fields.
func Line(a lending.Address) string {
	return strings.Join([]string{a.Flat, a.HouseName, a.HouseNumber, a.Street}, ", ")
}

// Label is the address on one line for people: "Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT".
func Label(a lending.Address) string {
	var parts []string
	for _, p := range []string{a.Flat, a.HouseName} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	street := a.Street
	if a.HouseNumber != "" {
		street = a.HouseNumber + " " + a.Street
	}
	return strings.Join(append(parts, street, a.Town, a.Postcode), ", ")
}

// entries is the gazetteer, grouped by postcode. Built once; never modified.
var entries = build([]place{
	{"LM1 1AA", "Acacia Avenue", "Lowmere", "Wessex", []premise{
		{"", "", "1"}, {"", "", "2"}, {"", "", "3"},
		{"Flat A", "", "4"}, {"Flat B", "", "4"},
		{"", "The Willows", "5"},
		{"", "Holly Cottage", ""},
	}},
	{"LM2 4QT", "Mill Lane", "Lowmere", "Wessex", []premise{
		{"Flat 1", "Rose Court", "14"}, {"Flat 2", "Rose Court", "14"}, {"Flat 3", "Rose Court", "14"},
		{"Flat 4", "Rose Court", "14"}, {"Flat 5", "Rose Court", "14"}, {"Flat 6", "Rose Court", "14"},
		{"", "", "16"},
	}},
	{"LM3 8RD", "Orchard Close", "Lowmere", "Wessex", []premise{
		{"", "Apple Tree Cottage", ""}, {"", "Pear Tree House", ""},
		{"", "", "3"}, {"", "", "12A"},
	}},
	{"HB1 2WX", "Harbour Row", "Saltharbour", "Northmarch", []premise{
		{"Flat 1", "The Old Custom House", ""}, {"Flat 2", "The Old Custom House", ""},
		{"", "Gull Cottage", ""}, {"", "", "7"}, {"", "", "9"},
	}},
	{"KD12 9PL", "Top Farm Lane", "Kestrel Down", "Northmarch", []premise{
		{"", "Kestrel Farmhouse", ""},
		{"", "Top Farm Cottages", "1"}, {"", "Top Farm Cottages", "2"},
	}},
	{"AV7 2RW", "Station Road", "Brackenford", "", []premise{
		{"Flat 10", "Station House", "21"}, {"Flat 11", "Station House", "21"},
		{"", "", "23"}, {"", "", "25"},
	}},
})

type premise struct{ flat, houseName, houseNumber string }

type place struct {
	postcode, street, town, county string
	premises                       []premise
}

func build(places []place) []lending.GazetteerAddress {
	var out []lending.GazetteerAddress
	for _, pl := range places {
		compact := strings.ReplaceAll(pl.postcode, " ", "")
		for i, pr := range pl.premises {
			a := lending.Address{Flat: pr.flat, HouseName: pr.houseName, HouseNumber: pr.houseNumber,
				Street: pl.street, Town: pl.town, County: pl.county, Postcode: pl.postcode}
			out = append(out, lending.GazetteerAddress{
				ID:      "gz_" + compact + "_" + twoDigits(i+1),
				Address: a,
				Line:    Line(a),
				Label:   Label(a),
			})
		}
	}
	return out
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10%10), byte('0' + n%10)})
}
