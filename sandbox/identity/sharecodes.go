package identity

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode"

	"lender/bff/upstream/identity"
	"lender/sandbox/httpjson"
)

// shareCode is a documented sandbox share code (sandbox/README.md lists them).
type shareCode struct {
	dateOfBirth       string
	purpose           string
	givenName         string
	familyName        string
	immigrationStatus string
	conditions        string
	validUntil        string // "" for no time limit
	expiresOn         string // the last day the code can be used
}

// farFuture is when the documented codes stop working, so that they work in every test run; move the
// sandbox clock past it to see code_expired.
const farFuture = "2099-12-31"

// shareCodes are the share codes the sandbox knows, by normalised code. Every other well-formed code is
// unknown_code. The people are fictional.
var shareCodes = map[string]shareCode{
	"W12345678": {"1990-04-12", identity.PurposeRightToWork, "Amara", "Okafor", "settled",
		"No restrictions on work in the UK", "", farFuture},
	"W4K7P2Q9X": {"1988-11-02", identity.PurposeRightToWork, "Tomasz", "Nowak", "skilled_worker",
		"May work for the sponsoring employer in the sponsored role only", "2030-09-30", farFuture},
	"W7N3C8D2M": {"2001-05-19", identity.PurposeRightToWork, "Priya", "Raman", "student",
		"May work up to 20 hours a week in term time", "2027-01-31", farFuture},
	// Tatum Fox is also the persona regstage-idv (same date of birth), who can prove identity with it.
	"W2F8T5K9V": {"1989-09-09", identity.PurposeRightToWork, "Tatum", "Fox", "settled",
		"No restrictions on work in the UK", "", farFuture},
	"W99999999": {"1985-06-15", identity.PurposeRightToWork, "Daniel", "Brooks", "skilled_worker",
		"May work for the sponsoring employer in the sponsored role only", "2029-03-31", "2024-01-31"},
	"R12345678": {"1995-07-23", identity.PurposeRightToRent, "Lucía", "Fernández", "pre_settled",
		"Has a time-limited right to rent in England", "2028-03-31", farFuture},
	"S12345678": {"1979-01-30", identity.PurposeImmigrationStatus, "Kwame", "Mensah", "settled",
		"Indefinite leave to remain under the EU Settlement Scheme", "", farFuture},
	"S87654321": {"1992-02-14", identity.PurposeImmigrationStatus, "Elena", "Petrova", "pre_settled",
		"Limited leave to remain under the EU Settlement Scheme", "2027-08-31", farFuture},
}

// ShareCode is a documented share code and its holder (GET /_sandbox/personas lists them).
type ShareCode struct {
	Code              string `json:"code"`
	DateOfBirth       string `json:"dateOfBirth"` // the one that verifies it
	Purpose           string `json:"purpose"`
	GivenName         string `json:"givenName"`
	FamilyName        string `json:"familyName"`
	ImmigrationStatus string `json:"immigrationStatus"`
	Conditions        string `json:"conditions"`
	ValidUntil        string `json:"validUntil,omitempty"` // "" for no time limit
	// ExpiresOn is the last day the code can be used; a code past it is always code_expired.
	ExpiresOn string `json:"expiresOn"`
}

// ShareCodes returns the documented share codes, by code (freshly built).
func ShareCodes() []ShareCode {
	out := make([]ShareCode, 0, len(shareCodes))
	for code, sc := range shareCodes {
		out = append(out, ShareCode{Code: code, DateOfBirth: sc.dateOfBirth, Purpose: sc.purpose, GivenName: sc.givenName,
			FamilyName: sc.familyName, ImmigrationStatus: sc.immigrationStatus, Conditions: sc.conditions,
			ValidUntil: sc.validUntil, ExpiresOn: sc.expiresOn})
	}
	slices.SortFunc(out, func(a, b ShareCode) int { return strings.Compare(a.Code, b.Code) })
	return out
}

// prefixPurpose is what a code's first letter proves.
var prefixPurpose = map[byte]string{
	'W': identity.PurposeRightToWork,
	'R': identity.PurposeRightToRent,
	'S': identity.PurposeImmigrationStatus,
}

const dateLayout = "2006-01-02"

// normaliseCode removes white space and upper-cases; ok is false unless 9 letters and digits remain.
func normaliseCode(raw string) (code string, ok bool) {
	if len(raw) > 64 {
		return "", false
	}
	code = strings.ToUpper(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, raw))
	if len(code) != 9 {
		return "", false
	}
	for i := 0; i < len(code); i++ {
		if c := code[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return code, true
}

// verifyShareCode is the share-code check, a pure function of the request and the sandbox time. The
// request's date of birth and purpose are valid.
func verifyShareCode(req identity.ShareCodeCheck, now time.Time) identity.ShareCodeResult {
	res := identity.ShareCodeResult{Outcome: identity.OutcomeRejected, CheckedAt: now}
	reject := func(reason string) identity.ShareCodeResult {
		res.Reasons = []string{reason}
		return res
	}
	code, ok := normaliseCode(req.Code)
	if !ok {
		return reject(identity.ReasonMalformedCode)
	}
	res.Code = code
	purpose, ok := prefixPurpose[code[0]]
	if !ok || (req.Purpose != "" && req.Purpose != purpose) {
		return reject(identity.ReasonWrongPrefix)
	}
	res.Purpose = purpose
	sc, ok := shareCodes[code]
	if !ok {
		return reject(identity.ReasonUnknownCode)
	}
	if sc.dateOfBirth != req.DateOfBirth {
		return reject(identity.ReasonDateOfBirthMismatch)
	}
	if now.Format(dateLayout) > sc.expiresOn {
		return reject(identity.ReasonCodeExpired)
	}
	res.Outcome = identity.OutcomeAccepted
	res.GivenName, res.FamilyName = sc.givenName, sc.familyName
	res.ImmigrationStatus, res.Conditions = sc.immigrationStatus, sc.conditions
	res.ValidUntil, res.CodeExpiresOn = sc.validUntil, sc.expiresOn
	return res
}

func (p *Provider) verifyShareCode(w http.ResponseWriter, r *http.Request) {
	var req identity.ShareCodeCheck
	if err := httpjson.Decode(w, r, &req); err != nil {
		httpjson.Error(w, http.StatusBadRequest, identity.CodeBadRequest, "body must be {\"code\":\"W12345678\",\"dateOfBirth\":\"1990-04-12\"}")
		return
	}
	now := p.Clock.Now()
	dob, err := time.Parse(dateLayout, req.DateOfBirth)
	if err != nil || dob.Year() < 1900 || !dob.Before(now) {
		httpjson.Error(w, http.StatusBadRequest, identity.CodeInvalidDateOfBirth, "dateOfBirth must be a past date, YYYY-MM-DD")
		return
	}
	switch req.Purpose {
	case "", identity.PurposeRightToWork, identity.PurposeRightToRent, identity.PurposeImmigrationStatus:
	default:
		httpjson.Error(w, http.StatusBadRequest, identity.CodeInvalidPurpose, "purpose must be right_to_work, right_to_rent or immigration_status")
		return
	}
	httpjson.Write(w, http.StatusOK, verifyShareCode(req, now))
}
