package identity

import (
	"testing"
	"time"

	"lender/bff/upstream/identity"
)

// TestShareCodesListsExactlyTheKnownCodes: ShareCodes lists every code the check knows, each accepted
// with its date of birth before its last day and code_expired after it.
func TestShareCodesListsExactlyTheKnownCodes(t *testing.T) {
	list := ShareCodes()
	if len(list) != len(shareCodes) {
		t.Fatalf("ShareCodes lists %d codes, the check knows %d", len(list), len(shareCodes))
	}
	for i, sc := range list {
		if i > 0 && list[i-1].Code >= sc.Code {
			t.Errorf("not sorted by code at %s", sc.Code)
		}
		last, err := time.Parse(dateLayout, sc.ExpiresOn)
		if err != nil {
			t.Fatal(err)
		}
		before := verifyShareCode(identity.ShareCodeCheck{Code: sc.Code, DateOfBirth: sc.DateOfBirth}, last.Add(12*time.Hour))
		if before.Outcome != identity.OutcomeAccepted || before.Purpose != sc.Purpose || before.GivenName != sc.GivenName ||
			before.FamilyName != sc.FamilyName || before.CodeExpiresOn != sc.ExpiresOn || before.ValidUntil != sc.ValidUntil {
			t.Errorf("%s on its last day: %+v", sc.Code, before)
		}
		after := verifyShareCode(identity.ShareCodeCheck{Code: sc.Code, DateOfBirth: sc.DateOfBirth}, last.Add(36*time.Hour))
		if after.Outcome != identity.OutcomeRejected || after.Reasons[0] != identity.ReasonCodeExpired {
			t.Errorf("%s after its last day: %+v", sc.Code, after)
		}
	}
}
