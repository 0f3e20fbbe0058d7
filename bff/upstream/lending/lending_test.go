package lending

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestPercentJSON(t *testing.T) {
	tests := []struct {
		in   string
		want Percent
		ok   bool
	}{
		{`"6.7"`, "6.7", true},
		{`6.7`, "6.7", true},
		{`6.70`, "6.70", true}, // the literal digits are kept, never passed through a float
		{`10`, "10", true},
		{` "0.1" `, "0.1", true},
		{`6e1`, "6e1", true}, // a JSON number; the lending core refuses it as rate_invalid
		{`true`, "", false},
		{`{}`, "", false},
	}
	for _, tt := range tests {
		var v struct {
			R *Percent `json:"r"`
		}
		err := json.Unmarshal([]byte(`{"r":`+tt.in+`}`), &v)
		if (err == nil) != tt.ok || (tt.ok && *v.R != tt.want) {
			t.Errorf("%s → %v, %v; want %q ok=%v", tt.in, v.R, err, tt.want, tt.ok)
		}
	}
	var v struct {
		R *Percent `json:"r"`
	}
	if err := json.Unmarshal([]byte(`{"r":null}`), &v); err != nil || v.R != nil {
		t.Fatalf("null → %v, %v", v.R, err)
	}
	b, _ := json.Marshal(QuoteRequest{AmountPence: 1, TermMonths: 12, AnnualRatePercent: Rate("6.7")})
	if string(b) != `{"amountPence":1,"termMonths":12,"annualRatePercent":"6.7"}` {
		t.Fatalf("marshalled %s", b)
	}
	b, _ = json.Marshal(QuoteRequest{AmountPence: 1, TermMonths: 12})
	if string(b) != `{"amountPence":1,"termMonths":12}` {
		t.Fatalf("marshalled %s", b)
	}
}

func TestValidClientToken(t *testing.T) {
	ok := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN-_0"
	if len(ok) != ClientTokenLength || !ValidClientToken(ok) {
		t.Fatalf("%q should be valid", ok)
	}
	for _, bad := range []string{"", ok[:42], ok + "A", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN+/0", "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN..0"} {
		if ValidClientToken(bad) {
			t.Errorf("%q should be invalid", bad)
		}
	}
}

func TestBoundCodesAreMapped(t *testing.T) {
	for _, f := range []string{"amountPence", "termMonths", "annualRatePercent", "feePence"} {
		for _, b := range []string{"minimum", "maximum"} {
			code := BoundCode(f, b)
			if !errors.Is(codeErrors[code], ErrOutOfBounds) {
				t.Errorf("%s %s → %q is not mapped to ErrOutOfBounds", f, b, code)
			}
		}
	}
	if BoundCode("holidayMonths", "minimum") != "" || BoundCode("amountPence", "other") != "" {
		t.Fatal("BoundCode invents codes")
	}
	if classify(nil) != nil {
		t.Fatal("classify(nil) is not nil")
	}
	other := errors.New("x")
	if classify(other) != other {
		t.Fatal("mapError changes errors that are not 4xx answers")
	}
}
