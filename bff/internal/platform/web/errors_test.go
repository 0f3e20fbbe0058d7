package web

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCatalogueMatchesTheDocs keeps docs/api-errors.md and the Go table in step: every code in one is
// in the other with the same HTTP status, body status and message.
func TestCatalogueMatchesTheDocs(t *testing.T) {
	doc, err := os.ReadFile("../../../../docs/api-errors.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (\d+) \| (\d+) \| (\d+) \| ([^|]*) \|`)
	documented := map[Code]Entry{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		code, _ := strconv.Atoi(m[1])
		httpStatus, _ := strconv.Atoi(m[2])
		bodyStatus, _ := strconv.Atoi(m[3])
		if code == 0 {
			continue
		}
		documented[Code(code)] = Entry{HTTPStatus: httpStatus, BodyStatus: bodyStatus, Message: strings.TrimSpace(m[4])}
	}
	for code, entry := range Catalogue {
		got, ok := documented[code]
		if !ok {
			t.Errorf("code %d is in the Go table but not in docs/api-errors.md", code)
			continue
		}
		if got != entry {
			t.Errorf("code %d: docs say %+v, Go says %+v", code, got, entry)
		}
	}
	for code := range documented {
		if _, ok := Catalogue[code]; !ok {
			t.Errorf("code %d is documented but the BFF cannot emit it", code)
		}
	}
}
