package web

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

// The contract's own string formats. kin-openapi checks only the formats it is told about; each is
// defined here as data both Go and JavaScript read alike, so the BFF and the apps' generated request
// schemas (bff/cmd/gen-client) refuse the same values.

// EmailPattern is the contract's `format: email`: a dot-atom local part and a domain of at least two
// labels. It is a regular expression both Go and JavaScript read the same way, so the BFF and the
// apps' generated schemas refuse the same addresses, and every address it accepts is one the
// generated server's e-mail type decodes (net/mail).
const EmailPattern = "^[A-Za-z0-9!#$%&'*+/=?^_\\x60{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_\\x60{|}~-]+)*" +
	"@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$"

// FormatNewPIN is the contract's `format: new-pin`: a PIN a person chooses, which may not be one of
// DigitRuns (1234, 4321, 1111, 123456, 654321, 111111 …), the first PINs anyone guesses. Which PINs
// a customer's date of birth or last PIN rule out only the lending core knows, and it refuses those.
const FormatNewPIN = "new-pin"

// The lengths of a PIN (lending.MinPINDigits and lending.MaxPINDigits; a test keeps them equal).
const (
	pinMinDigits = 4
	pinMaxDigits = 6
)

// DigitRuns are the PINs of every length a PIN may have that are one digit repeated (1111) or digits
// stepping by one up or down, 9 and 0 being neighbours (1234, 4321, 7890, 0987), sorted.
func DigitRuns() []string {
	var out []string
	for n := pinMinDigits; n <= pinMaxDigits; n++ {
		for first := range 10 {
			for _, step := range []int{0, 1, 9} { // 9 steps down by one, modulo 10
				var b strings.Builder
				for i := range n {
					b.WriteByte(byte('0' + (first+i*step)%10))
				}
				out = append(out, b.String())
			}
		}
	}
	slices.Sort(out)
	return out
}

var digitRuns = func() map[string]bool {
	m := map[string]bool{}
	for _, r := range DigitRuns() {
		m[r] = true
	}
	return m
}()

var errDigitRun = errors.New("a run of digits such as 1234, 4321 or 1111")

var (
	datePattern = regexp.MustCompile(openapi3.FormatOfStringDate)
	errNotADay  = errors.New("not a day of the calendar")
)

// realDate is the contract's `format: date`: YYYY-MM-DD naming a day the calendar has, so 2026-02-30 is
// refused where kin-openapi's own check (the shape alone) would let it reach a handler that cannot
// decode it. The apps' generated schemas check the shape (openapi3.FormatOfStringDate); each date
// question checks the day is real before anything is sent, as GOV.UK's date input does.
func realDate(s string) error {
	if !datePattern.MatchString(s) {
		return errNotADay
	}
	if _, err := time.Parse(time.DateOnly, s); err != nil {
		return errNotADay
	}
	return nil
}

func init() {
	openapi3.DefineStringFormatValidator("date", openapi3.NewCallbackValidator(realDate))
	openapi3.DefineStringFormatValidator("email", openapi3.NewRegexpFormatValidator(EmailPattern))
	openapi3.DefineStringFormatValidator(FormatNewPIN, openapi3.NewCallbackValidator(func(pin string) error {
		if digitRuns[pin] {
			return errDigitRun
		}
		return nil
	}))
}
