package identity

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/identity"
)

func TestShareCodes(t *testing.T) {
	tests := []struct {
		name, code, dob, purpose string
		outcome, reason          string
		normalised               string
		status, validUntil       string
	}{
		// Accepted: every documented code with its date of birth.
		{"right to work, settled", "W12345678", "1990-04-12", "", identity.OutcomeAccepted, "", "W12345678", "settled", ""},
		{"right to work, time-limited, letters", "W4K7P2Q9X", "1988-11-02", identity.PurposeRightToWork, identity.OutcomeAccepted, "", "W4K7P2Q9X", "skilled_worker", "2030-09-30"},
		{"right to work, student", "W7N3C8D2M", "2001-05-19", "", identity.OutcomeAccepted, "", "W7N3C8D2M", "student", "2027-01-31"},
		{"right to rent", "R12345678", "1995-07-23", identity.PurposeRightToRent, identity.OutcomeAccepted, "", "R12345678", "pre_settled", "2028-03-31"},
		{"immigration status, settled", "S12345678", "1979-01-30", identity.PurposeImmigrationStatus, identity.OutcomeAccepted, "", "S12345678", "settled", ""},
		{"immigration status, pre-settled", "S87654321", "1992-02-14", "", identity.OutcomeAccepted, "", "S87654321", "pre_settled", "2027-08-31"},
		{"spaces and lower case ignored", " w12 345 678 ", "1990-04-12", "", identity.OutcomeAccepted, "", "W12345678", "settled", ""},
		{"grouped in threes with tabs", "w4k\t7p2\tq9x", "1988-11-02", "", identity.OutcomeAccepted, "", "W4K7P2Q9X", "skilled_worker", "2030-09-30"},

		// Rejected, one reason each, in the order they are tested.
		{"empty", "", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"too short", "W1234567", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"too long", "W123456789", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"punctuation", "W1234-678", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"not ASCII", "W1234567é", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"huge input", strings.Repeat("W", 100), "1990-04-12", "", identity.OutcomeRejected, identity.ReasonMalformedCode, "", "", ""},
		{"another letter", "A12345678", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonWrongPrefix, "A12345678", "", ""},
		{"a digit first", "112345678", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonWrongPrefix, "112345678", "", ""},
		{"right-to-rent code for right to work", "R12345678", "1995-07-23", identity.PurposeRightToWork, identity.OutcomeRejected, identity.ReasonWrongPrefix, "R12345678", "", ""},
		{"unknown", "W00000001", "1990-04-12", "", identity.OutcomeRejected, identity.ReasonUnknownCode, "W00000001", "", ""},
		{"date of birth does not match", "W12345678", "1990-04-13", "", identity.OutcomeRejected, identity.ReasonDateOfBirthMismatch, "W12345678", "", ""},
		{"expired", "W99999999", "1985-06-15", "", identity.OutcomeRejected, identity.ReasonCodeExpired, "W99999999", "", ""},
		{"expired, but the date of birth is tested first", "W99999999", "1985-06-16", "", identity.OutcomeRejected, identity.ReasonDateOfBirthMismatch, "W99999999", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := verifyShareCode(identity.ShareCodeCheck{Code: tt.code, DateOfBirth: tt.dob, Purpose: tt.purpose}, base)
			if res.Outcome != tt.outcome || res.Code != tt.normalised || !res.CheckedAt.Equal(base) {
				t.Fatalf("= %+v, want %s for %q", res, tt.outcome, tt.normalised)
			}
			if tt.outcome == identity.OutcomeRejected {
				if len(res.Reasons) != 1 || res.Reasons[0] != tt.reason {
					t.Fatalf("reasons = %v, want [%s]", res.Reasons, tt.reason)
				}
				if res.GivenName != "" || res.FamilyName != "" || res.ImmigrationStatus != "" || res.ValidUntil != "" || res.CodeExpiresOn != "" {
					t.Fatalf("a rejected code leaks the holder: %+v", res)
				}
				return
			}
			if len(res.Reasons) != 0 || res.GivenName == "" || res.FamilyName == "" || res.ImmigrationStatus != tt.status ||
				res.ValidUntil != tt.validUntil || res.Conditions == "" || res.CodeExpiresOn != farFuture || res.Purpose != prefixPurpose[tt.normalised[0]] {
				t.Fatalf("accepted = %+v", res)
			}
		})
	}
}

// TestShareCodeExpiresWithTheSandboxClock: the documented codes stop working when the clock passes
// their expiry date.
func TestShareCodeExpiresWithTheSandboxClock(t *testing.T) {
	h := newHarness(t)
	body := `{"code":"W12345678","dateOfBirth":"1990-04-12"}`
	var res identity.ShareCodeResult
	if rec := h.JSON(t, http.MethodPost, "/identity/v1/share-codes/verify", "", body, &res); rec.Code != http.StatusOK || res.Outcome != identity.OutcomeAccepted {
		t.Fatalf("today = %d %+v", rec.Code, res)
	}
	h.Clock.Set(time.Date(2100, 1, 1, 9, 0, 0, 0, time.UTC))
	res = identity.ShareCodeResult{}
	if rec := h.JSON(t, http.MethodPost, "/identity/v1/share-codes/verify", "", body, &res); rec.Code != http.StatusOK ||
		res.Outcome != identity.OutcomeRejected || res.Reasons[0] != identity.ReasonCodeExpired || !res.CheckedAt.Equal(time.Date(2100, 1, 1, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("in 2100 = %d %+v", rec.Code, res)
	}
}

func TestShareCodeRequestValidation(t *testing.T) {
	tests := []struct{ name, body, code string }{
		{"not JSON", `{`, identity.CodeBadRequest},
		{"unknown field", `{"code":"W12345678","dateOfBirth":"1990-04-12","name":"x"}`, identity.CodeBadRequest},
		{"no date of birth", `{"code":"W12345678"}`, identity.CodeInvalidDateOfBirth},
		{"UK date order", `{"code":"W12345678","dateOfBirth":"12/04/1990"}`, identity.CodeInvalidDateOfBirth},
		{"impossible date", `{"code":"W12345678","dateOfBirth":"1990-02-30"}`, identity.CodeInvalidDateOfBirth},
		{"in the future", `{"code":"W12345678","dateOfBirth":"2030-01-01"}`, identity.CodeInvalidDateOfBirth},
		{"before 1900", `{"code":"W12345678","dateOfBirth":"1899-12-31"}`, identity.CodeInvalidDateOfBirth},
		{"unknown purpose", `{"code":"W12345678","dateOfBirth":"1990-04-12","purpose":"visa"}`, identity.CodeInvalidPurpose},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			var e struct{ Code, Message string }
			if rec := h.JSON(t, http.MethodPost, "/identity/v1/share-codes/verify", "", tt.body, &e); rec.Code != http.StatusBadRequest || e.Code != tt.code || e.Message == "" {
				t.Fatalf("= %d %+v, want 400 %s", rec.Code, e, tt.code)
			}
		})
	}
}

// TestDocumentedShareCodesAreWellFormed keeps the seed consistent with the rules it is checked by.
func TestDocumentedShareCodesAreWellFormed(t *testing.T) {
	for code, sc := range shareCodes {
		n, ok := normaliseCode(code)
		if !ok || n != code || prefixPurpose[code[0]] != sc.purpose {
			t.Errorf("share code %s is not a normalised code of its purpose %s", code, sc.purpose)
		}
		if _, err := time.Parse(dateLayout, sc.dateOfBirth); err != nil {
			t.Errorf("%s: date of birth %q", code, sc.dateOfBirth)
		}
		if _, err := time.Parse(dateLayout, sc.expiresOn); err != nil {
			t.Errorf("%s: expiresOn %q", code, sc.expiresOn)
		}
	}
}
