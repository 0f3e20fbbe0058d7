package onepage

import (
	"testing"

	"lender/bff/upstream/lending"
)

// TestReturnPath: the consent page of the journey returns to its submit step; a bank asked for again
// after submission returns to /open-banking-updated, since submit is closed by then.
func TestReturnPath(t *testing.T) {
	askedAgain := []string{lending.OpOpenBanking}
	for _, c := range []struct {
		name   string
		status string
		ops    []string
		want   string
	}{
		{"in the journey", lending.ApplicationInProgress, nil, "/loan/submit"},
		{"approved, a bank asked for again", lending.ApplicationApproved, askedAgain, "/open-banking-updated"},
		{"ready for drawdown, a bank asked for again", lending.ApplicationReadyForDrawdown, askedAgain, "/open-banking-updated"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := lending.Application{Status: c.status, AdditionalOps: c.ops}
			if !takesBank(a) {
				t.Fatalf("%s takes no bank", c.name)
			}
			if got := returnPath(a); got != c.want {
				t.Fatalf("returnPath = %q, want %q", got, c.want)
			}
		})
	}
}
