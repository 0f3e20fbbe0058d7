package credit

import (
	"fmt"
	"strconv"
	"strings"
)

// Rate is an annual percentage rate in basis points: 670 is 6.70%.
type Rate int64

// ParseRate parses a non-negative decimal percentage with at most two decimal
// places ("6.7", "6.75", "10", "0") into basis points.
func ParseRate(s string) (Rate, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, "%")
	whole, frac, hasDot := strings.Cut(t, ".")
	if whole == "" || (hasDot && frac == "") || len(frac) > 2 || !digits(whole) || !digits(frac) {
		return 0, fmt.Errorf("%w: %q (want a non-negative percentage with at most two decimal places, e.g. \"6.7\")", ErrInvalidRate, s)
	}
	if len(whole) > 6 {
		return 0, fmt.Errorf("%w: %q is too large", ErrInvalidRate, s)
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	f := int64(0)
	if frac != "" {
		f, _ = strconv.ParseInt(frac, 10, 64)
		if len(frac) == 1 {
			f *= 10
		}
	}
	return Rate(w*100 + f), nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Percent formats the rate as a percentage without the sign, with one or two
// decimal places: 670 → "6.7", 675 → "6.75", 1000 → "10.0".
func (r Rate) Percent() string {
	neg := ""
	v := int64(r)
	if v < 0 {
		neg, v = "-", -v
	}
	if v%10 == 0 {
		return fmt.Sprintf("%s%d.%d", neg, v/100, v%100/10)
	}
	return fmt.Sprintf("%s%d.%02d", neg, v/100, v%100)
}

// OneDecimal formats the rate to exactly one decimal place, rounding half-up
// (the APR display rule): 690 → "6.9", 1366 → "13.7".
func (r Rate) OneDecimal() string {
	v := int64(r)
	neg := ""
	if v < 0 {
		neg, v = "-", -v
	}
	t := (v + 5) / 10
	return fmt.Sprintf("%s%d.%d", neg, t/10, t%10)
}

// String is Percent with a % sign.
func (r Rate) String() string { return r.Percent() + "%" }

// FormatPounds formats pence as pounds with thousands separators: 884701 →
// "£8,847.01".
func FormatPounds(pence int64) string {
	neg := ""
	if pence < 0 {
		neg, pence = "-", -pence
	}
	p := strconv.FormatInt(pence/100, 10)
	var b strings.Builder
	for i, c := range p {
		if i > 0 && (len(p)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("%s£%s.%02d", neg, b.String(), pence%100)
}
