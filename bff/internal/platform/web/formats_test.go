package web

import (
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"lender/bff/upstream/lending"
)

// TestNewPINRefusesRunsOfEveryPINLength: `format: new-pin` refuses one digit repeated and digits
// stepping by one either way (9 and 0 neighbours), at every length a PIN may have, and nothing else.
func TestNewPINRefusesRunsOfEveryPINLength(t *testing.T) {
	if pinMinDigits != lending.MinPINDigits || pinMaxDigits != lending.MaxPINDigits {
		t.Fatalf("runs are listed for PINs of %d to %d digits; the lending core's PINs are %d to %d", pinMinDigits, pinMaxDigits,
			lending.MinPINDigits, lending.MaxPINDigits)
	}
	schema := openapi3.NewStringSchema().WithFormat(FormatNewPIN)
	for pin, refused := range map[string]bool{
		"1234": true, "4321": true, "1111": true, "7890": true, "0987": true, "9012": true,
		"123456": true, "654321": true, "111111": true, "12345": true, "000000": true, "890123": true,
		"1357": false, "2580": false, "1243": false, "123457": false, "112233": false, "135790": false, "1212": false,
	} {
		if err := schema.VisitJSON(pin); (err != nil) != refused {
			t.Errorf("%s: refused %v, want %v", pin, err != nil, refused)
		}
	}
	if n := len(DigitRuns()); n != 3*10*(pinMaxDigits-pinMinDigits+1) {
		t.Errorf("%d runs, want one per first digit, step (0, +1, -1) and length", n)
	}
}
