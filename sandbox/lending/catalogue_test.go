package lending_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"lender/bff/upstream/identity"
	"lender/sandbox/personas"
	"lender/sandbox/server"
)

// TestServedShareCodesVerify: every share code GET /_sandbox/personas lists verifies with its date of
// birth on the running identity provider (or is code_expired when its last day has passed), and only
// with that date of birth.
func TestServedShareCodesVerify(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Config{}))
	defer ts.Close()
	s := sandbox{t: t, ts: ts}
	var c personas.Catalogue
	if st := s.call(http.MethodGet, "/_sandbox/personas", nil, &c); st != http.StatusOK {
		t.Fatalf("GET /_sandbox/personas = %d", st)
	}
	if len(c.ShareCodes) == 0 || len(c.TestCards) == 0 || len(c.DataProfiles) == 0 {
		t.Fatalf("catalogue lacks test data: %d share codes, %d cards, %d profiles", len(c.ShareCodes), len(c.TestCards), len(c.DataProfiles))
	}
	var now struct{ Now string }
	s.call(http.MethodGet, "/_sandbox/clock", nil, &now)
	for _, sc := range c.ShareCodes {
		var res identity.ShareCodeResult
		if st := s.call(http.MethodPost, "/identity/v1/share-codes/verify", identity.ShareCodeCheck{Code: sc.Code, DateOfBirth: sc.DateOfBirth}, &res); st != http.StatusOK {
			t.Fatalf("%s: verify = %d", sc.Code, st)
		}
		if now.Now[:10] > sc.ExpiresOn {
			if res.Outcome != identity.OutcomeRejected || len(res.Reasons) != 1 || res.Reasons[0] != identity.ReasonCodeExpired {
				t.Errorf("%s (expired %s): %+v", sc.Code, sc.ExpiresOn, res)
			}
			continue
		}
		if res.Outcome != identity.OutcomeAccepted || res.Code != sc.Code || res.Purpose != sc.Purpose || res.GivenName != sc.GivenName ||
			res.FamilyName != sc.FamilyName || res.ImmigrationStatus != sc.ImmigrationStatus || res.ValidUntil != sc.ValidUntil {
			t.Errorf("%s: %+v, want the listed holder %+v", sc.Code, res, sc)
		}
		var wrong identity.ShareCodeResult
		s.call(http.MethodPost, "/identity/v1/share-codes/verify", identity.ShareCodeCheck{Code: sc.Code, DateOfBirth: "1900-01-01"}, &wrong)
		if wrong.Outcome != identity.OutcomeRejected || len(wrong.Reasons) != 1 || wrong.Reasons[0] != identity.ReasonDateOfBirthMismatch {
			t.Errorf("%s with another date of birth: %+v", sc.Code, wrong)
		}
	}
}
