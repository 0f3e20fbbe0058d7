package loan

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The contract's pattern of downloadPDF's id.
var documentIDPattern = regexp.MustCompile(`^[A-Za-z0-9_.~-]+$`)

// TestDocumentIDs: every id the listings hand out reads back as what it names, fits the contract, and
// names its loan first; anything else names nothing.
func TestDocumentIDs(t *testing.T) {
	longLoan := "loan_" + strings.Repeat("a", 59) // the longest id the lending core issues: 64
	for _, r := range []docRef{
		{loanID: "loan_up_to_date", kind: refDocument, doc: "credit-agreement"},
		{loanID: "loan_up_to_date", kind: refDocument, doc: "secci"},
		{loanID: "loan_9f2c1e0b7a6d5c4b", kind: refStatement, from: "2025-07-01", to: "2026-03-04"},
		{loanID: "loan_settled", kind: refAnnual, year: 1},
		{loanID: "loan_settled", kind: refAnnual, year: 12},
		{loanID: "loan_settled", kind: refClosing},
		{loanID: longLoan, kind: refStatement, from: "2025-07-01", to: "2026-03-04"},
	} {
		id := r.String()
		got, ok := parseDocRef(id)
		if !ok || got != r || !documentIDPattern.MatchString(id) || len(id) > 200 || !strings.HasPrefix(id, r.loanID+"~") {
			t.Errorf("%+v: id %q reads back as %+v, %v", r, id, got, ok)
		}
	}
	for _, id := range []string{
		"", "loan_up_to_date", "~doc~secci", "loan_up_to_date~", "loan_up_to_date~doc", "loan_up_to_date~doc~terms",
		"loan_up_to_date~doc~secci~x", "loan_up_to_date~statement~2025-07-01", "loan_up_to_date~statement~2025-02-30~2025-03-01",
		"loan_up_to_date~statement~2025-7-1~2025-08-01", "loan_up_to_date~annual~0", "loan_up_to_date~annual~01",
		"loan_up_to_date~annual~one", "loan_up_to_date~annual~-1", "loan_up_to_date~closing~now", "loan_up_to_date~other",
	} {
		if r, ok := parseDocRef(id); ok {
			t.Errorf("%q names %+v", id, r)
		}
	}
}

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestAgreementYears: complete agreement years, newest first, as the lending core counts them.
func TestAgreementYears(t *testing.T) {
	settled := day("2025-10-27")
	settledLate := day("2026-01-10")
	tests := []struct {
		name            string
		drawdown, today string
		settledOn       *time.Time
		want            []string // "year from to"
	}{
		{"none before the first anniversary", "2025-07-01", "2026-03-04", nil, nil},
		{"none on the last day of year 1", "2025-03-04", "2026-03-03", nil, nil},
		{"year 1 the day after", "2025-03-04", "2026-03-04", nil, []string{"1 2025-03-04 2026-03-03"}},
		{"two years, newest first", "2023-12-25", "2026-03-04", nil, []string{"2 2024-12-25 2025-12-24", "1 2023-12-25 2024-12-24"}},
		{"settled in year 1: no later years", "2024-12-25", "2027-03-04", &settled, []string{"1 2024-12-25 2025-12-24"}},
		{"settled in year 2: year 2 once complete", "2024-12-25", "2026-12-25", &settledLate, []string{"2 2025-12-25 2026-12-24", "1 2024-12-25 2025-12-24"}},
		{"29 February counts to the 28th", "2024-02-29", "2026-03-01", nil, []string{"2 2025-02-28 2026-02-27", "1 2024-02-29 2025-02-27"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, y := range agreementYears(day(tt.drawdown), day(tt.today), tt.settledOn) {
				got = append(got, strings.Join([]string{strconv.Itoa(y.year), y.from.Format(time.DateOnly), y.to.Format(time.DateOnly)}, " "))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("= %v, want %v", got, tt.want)
			}
		})
	}
}
