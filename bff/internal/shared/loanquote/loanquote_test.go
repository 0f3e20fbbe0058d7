package loanquote

import "testing"

func TestPounds(t *testing.T) {
	for pence, want := range map[int64]string{
		0:         "£0",
		5:         "£0.05",
		100000:    "£1,000",
		2500000:   "£25,000",
		123456:    "£1,234.56",
		100000000: "£1,000,000",
		-150:      "-£1.50",
	} {
		if got := Pounds(pence); got != want {
			t.Errorf("Pounds(%d) = %q, want %q", pence, got, want)
		}
	}
}
