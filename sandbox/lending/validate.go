package lending

import (
	"net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"lender/bff/upstream/lending"
	"lender/sandbox/lending/gazetteer"
)

const (
	maxEmail = 254 // RFC 5321's limit on a forward path
	maxName  = 100 // characters of a first or last name
	maxField = 100 // characters of an address field
)

// normaliseEmail trims and lower-cases an e-mail address and reports whether it is one bare address
// (no display name) whose domain has at least two labels of letters, digits and hyphens.
func normaliseEmail(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || len(s) > maxEmail || strings.ContainsAny(s, " \t\r\n<>\"") {
		return "", false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return "", false
	}
	at := strings.LastIndexByte(s, '@')
	if at < 1 || at > 64 {
		return "", false
	}
	labels := strings.Split(s[at+1:], ".")
	if len(labels) < 2 {
		return "", false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return "", false
		}
		for i := 0; i < len(l); i++ {
			if c := l[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return "", false
			}
		}
	}
	return s, true
}

// normalisePhone turns a UK mobile number, national (07700 900123) or international (+44 7700 900123,
// 0044…), with spaces, hyphens, dots or brackets, into E.164 (+447700900123).
func normalisePhone(s string) (string, bool) {
	if len(s) > 32 {
		return "", false
	}
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')':
		default:
			return "", false
		}
	}
	d := b.String()
	switch {
	case strings.HasPrefix(d, "+44"):
		d = strings.TrimPrefix(d[3:], "0") // +44 (0)7700 … written with the trunk zero
	case strings.HasPrefix(d, "0044"):
		d = strings.TrimPrefix(d[4:], "0")
	case strings.HasPrefix(d, "0"):
		d = d[1:]
	default:
		return "", false
	}
	if len(d) != 10 || d[0] != '7' {
		return "", false
	}
	return "+44" + d, true
}

// validName: 1 to maxName characters, not blank, no control characters.
func validName(s string) bool {
	return validText(s, maxName) && strings.TrimSpace(s) != ""
}

// validText: at most max characters of valid UTF-8 without control characters.
func validText(s string, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return false
	}
	return !strings.ContainsFunc(s, unicode.IsControl)
}

// parseDate parses a YYYY-MM-DD date.
func parseDate(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// checkDateOfBirth: a real date, not after today, not before 1900.
func checkDateOfBirth(s string, now time.Time) (time.Time, *problem) {
	dob, ok := parseDate(s)
	if !ok {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "dateOfBirth must be a date as YYYY-MM-DD")
	}
	if dob.After(now) || dob.Year() < 1900 {
		return time.Time{}, invalid(lending.CodeInvalidRequest, "dateOfBirth must be a past date after 1900")
	}
	return dob, nil
}

// ageOn is the age in whole years on the calendar date of now (UTC). Someone born on 29 February
// turns a year older on 1 March in a year without one.
func ageOn(dob, now time.Time) int {
	age := now.Year() - dob.Year()
	if now.Month() < dob.Month() || (now.Month() == dob.Month() && now.Day() < dob.Day()) {
		age--
	}
	return age
}

// checkAddress validates an address and normalises its postcode.
func checkAddress(a lending.Address) (lending.Address, *problem) {
	for _, f := range []struct{ name, v string }{
		{"flat", a.Flat}, {"houseName", a.HouseName}, {"houseNumber", a.HouseNumber}, {"street", a.Street},
		{"town", a.Town}, {"county", a.County},
	} {
		if !validText(f.v, maxField) {
			return a, invalid(lending.CodeInvalidRequest, "address."+f.name+" must be at most 100 characters of text")
		}
	}
	if strings.TrimSpace(a.Street) == "" || strings.TrimSpace(a.Town) == "" {
		return a, invalid(lending.CodeInvalidRequest, "address.street and address.town are required")
	}
	if strings.TrimSpace(a.HouseName) == "" && strings.TrimSpace(a.HouseNumber) == "" {
		return a, invalid(lending.CodeInvalidRequest, "address needs a houseName or a houseNumber")
	}
	pc, ok := gazetteer.Normalise(a.Postcode)
	if !ok {
		return a, invalid(lending.CodePostcodeInvalid, "address.postcode is not a UK postcode such as LM1 1AA")
	}
	a.Postcode = pc
	return a, nil
}
