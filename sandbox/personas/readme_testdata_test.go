package personas_test

import (
	"os"
	"strings"
	"testing"

	"lender/sandbox/personas"
)

// readmeRow is the README line of a table row whose first cell starts with first, or "".
func readmeRow(readme, first string) string {
	i := strings.Index(readme, "\n| "+first+" ")
	if i < 0 {
		return ""
	}
	line := readme[i+1:]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	return line
}

// groupsOf4 writes a card number as README does: "4242 4242 4242 4242".
func groupsOf4(n string) string {
	var b strings.Builder
	for i := 0; i < len(n); i += 4 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(n[i:min(i+4, len(n))])
	}
	return b.String()
}

// TestREADMEListsTheServedTestData keeps sandbox/README.md's test-card, share-code and data-profile
// tables in step with what GET /_sandbox/personas serves (the providers' own tables).
func TestREADMEListsTheServedTestData(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	all := personas.All()
	for _, c := range all.TestCards {
		row := readmeRow(readme, "`"+groupsOf4(c.Number)+"`")
		if row == "" {
			t.Errorf("README has no test-card row for %s", groupsOf4(c.Number))
			continue
		}
		if !strings.Contains(strings.ToLower(row), "("+c.Brand+")") {
			t.Errorf("%s: README row does not name the brand %s: %s", c.Number, c.Brand, row)
		}
		for _, reason := range []string{c.PaymentLinkDeclineReason, c.RecurringDeclineReason} {
			if reason != "" && !strings.Contains(row, "`"+reason+"`") {
				t.Errorf("%s: README row does not name %s: %s", c.Number, reason, row)
			}
		}
	}
	// And no documented card is missing from the served list.
	documented := 0
	for _, line := range strings.Split(readme, "\n") {
		if strings.HasPrefix(line, "| `") && len(line) > 23 && line[22] == '`' && isCardNumber(line[3:22]) {
			documented++
		}
	}
	if documented != len(all.TestCards) {
		t.Errorf("README documents %d test cards, the gateway lists %d", documented, len(all.TestCards))
	}

	for _, sc := range all.ShareCodes {
		row := readmeRow(readme, "`"+sc.Code+"`")
		if row == "" || !strings.Contains(row, "| "+sc.DateOfBirth+" |") {
			t.Errorf("README has no share-code row for %s with date of birth %s", sc.Code, sc.DateOfBirth)
		}
	}
	for _, p := range all.DataProfiles {
		first := "(none)"
		if p.Tag != "" {
			first = "`" + p.Tag + "`"
		}
		label := strings.ReplaceAll(strings.ToLower(p.Label), "-", " ")
		if row := readmeRow(readme, first); row == "" || !strings.Contains(strings.ReplaceAll(strings.ToLower(row), "-", " "), label) {
			t.Errorf("README has no data-profile row for %s (%s)", first, p.Label)
		}
	}
}

// isCardNumber: "dddd dddd dddd dddd".
func isCardNumber(s string) bool {
	if len(s) != 19 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (i%5 == 4) != (s[i] == ' ') || (s[i] != ' ' && (s[i] < '0' || s[i] > '9')) {
			return false
		}
	}
	return true
}
