package pdf_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"lender/sandbox/pdf"
)

// checkStructure verifies the file's skeleton: header, every xref offset pointing at its object,
// startxref pointing at the xref table, the page count, and the %%EOF marker.
func checkStructure(t *testing.T, b []byte, pages int) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) {
		t.Fatalf("not framed as a PDF: %q … %q", b[:min(len(b), 16)], b[max(len(b)-16, 0):])
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[xref:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d does not point at the xref table", xref)
	}
	lines := strings.Split(string(b[xref:]), "\n")
	n, _ := strconv.Atoi(strings.Fields(lines[1])[1])
	for i := 1; i < n; i++ {
		entry := lines[2+i]
		if len(entry)+1 != 20 {
			t.Fatalf("xref entry %d is %d bytes, want 20", i, len(entry)+1)
		}
		off, _ := strconv.Atoi(entry[:10])
		if want := fmt.Sprintf("%d 0 obj\n", i); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Fatalf("xref entry %d points at %q", i, b[off:off+12])
		}
	}
	if !bytes.Contains(b, []byte(fmt.Sprintf("/Count %d ", pages))) {
		t.Fatalf("page tree does not count %d pages", pages)
	}
	for _, m := range regexp.MustCompile(`<< /Length (\d+) >>\nstream\n`).FindAllSubmatchIndex(b, -1) {
		length, _ := strconv.Atoi(string(b[m[2]:m[3]]))
		if !bytes.HasPrefix(b[m[1]+length:], []byte("\nendstream")) {
			t.Fatalf("a stream's /Length %d is wrong", length)
		}
	}
}

func TestDocumentRoundTrip(t *testing.T) {
	d := pdf.New(pdf.Info{Title: "Loan statement", Author: "Meadow Loans", Created: time.Date(2026, 3, 4, 9, 30, 0, 0, time.UTC)})
	d.Heading("Loan statement")
	d.Paragraph("Statement for Zoë O'Brien (née Smith), 1 Acacia Avenue — Lowmere: £5,000.00 at 9.9% “fixed” … done.")
	d.BoldParagraph(`Brackets ( and ) and a backslash \ survive.`)
	d.Subheading("Payments")
	d.Table(pdf.Table{
		Columns: []pdf.Column{{Header: "Date"}, {Header: "Description", Width: 2}, {Header: "Amount", Align: pdf.Right}},
		Rows:    [][]string{{"2026-04-04", "Monthly instalment", "£230.37"}, {"2026-05-04", "Monthly instalment"}},
	})
	b := d.Bytes()
	checkStructure(t, b, 1)
	if bytes.ContainsFunc(b[16:], func(r rune) bool { return r >= 0x80 }) {
		t.Fatal("the body after the binary marker is not ASCII")
	}
	if !bytes.Contains(b, []byte(`\2435,000.00`)) || !bytes.Contains(b, []byte("/CreationDate (D:20260304093000Z)")) {
		t.Fatal("the pound sign or the creation date is not written as expected")
	}
	pages, err := pdf.ExtractText(b)
	if err != nil || len(pages) != 1 {
		t.Fatalf("ExtractText = %d pages, %v", len(pages), err)
	}
	for _, want := range []string{
		"Loan statement\n",
		"Zoë O'Brien (née Smith)",
		"— Lowmere: £5,000.00 at 9.9% “fixed” … done.",
		`Brackets ( and ) and a backslash \ survive.`,
		"Date Description Amount\n2026-04-04 Monthly instalment £230.37\n2026-05-04 Monthly instalment\n",
		"Loan statement Page 1 of 1",
	} {
		if !strings.Contains(pages[0], want) {
			t.Errorf("page text lacks %q:\n%s", want, pages[0])
		}
	}
	if again := d.Bytes(); !bytes.Equal(again, b) {
		t.Fatal("the same document gives different bytes")
	}
}

func TestUnencodableRunes(t *testing.T) {
	d := pdf.New(pdf.Info{})
	d.Paragraph("Snowman ☃ and 漢字 and a\ttab\x07bell")
	pages, err := pdf.ExtractText(d.Bytes())
	if err != nil || !strings.Contains(pages[0], "Snowman ? and ?? and a tabbell") {
		t.Fatalf("pages = %q, %v", pages, err)
	}
}

func TestWrappingStaysInsideTheMargins(t *testing.T) {
	d := pdf.New(pdf.Info{Title: "Wrap"})
	long := strings.Repeat("The borrower may repay the loan early at any time. ", 30)
	d.Paragraph(long)
	d.Paragraph(strings.Repeat("W", 300)) // one word wider than the page
	d.Table(pdf.Table{Columns: []pdf.Column{{Header: "A"}, {Header: "B"}}, Rows: [][]string{{long, "x"}}})
	b := d.Bytes()
	pages, err := pdf.ExtractText(b)
	if err != nil {
		t.Fatal(err)
	}
	checkStructure(t, b, len(pages))
	// every line starts inside the text area, and no line is longer than the text width can hold
	re := regexp.MustCompile(`BT /F\d ([\d.]+) Tf 1 0 0 1 ([\d.]+) ([\d.]+) Tm \((.*)\) Tj ET`)
	lines := 0
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		x, _ := strconv.ParseFloat(m[2], 64)
		y, _ := strconv.ParseFloat(m[3], 64)
		if x < pdf.Margin-0.01 || x > pdf.PageWidth-pdf.Margin || y < pdf.Margin/2-0.01 || y > pdf.PageHeight-pdf.Margin {
			t.Fatalf("text at (%v, %v) is outside the page's text area", x, y)
		}
		if len(m[4]) > 110 { // 10 pt Helvetica fits about 95 average characters in the text width
			t.Fatalf("a line of %d characters cannot fit: %q", len(m[4]), m[4])
		}
		lines++
	}
	joined := strings.Join(pages, "\n")
	// every W of the long word is kept; the title "Wrap" in each page's footer adds one W a page
	if got := strings.Count(joined, "W"); got != 300+len(pages) {
		t.Fatalf("%d W's, want %d", got, 300+len(pages))
	}
	if lines < 30 {
		t.Fatalf("only %d lines: the text was not wrapped", lines)
	}
}

func TestTablesBreakAcrossPagesWithTheirHeader(t *testing.T) {
	d := pdf.New(pdf.Info{Title: "Schedule"})
	d.Heading("Repayment schedule")
	var rows [][]string
	for i := 1; i <= 120; i++ {
		rows = append(rows, []string{strconv.Itoa(i), fmt.Sprintf("2026-%02d-04", i%12+1), "£230.37"})
	}
	d.Table(pdf.Table{Columns: []pdf.Column{{Header: "No."}, {Header: "Due date"}, {Header: "Payment", Align: pdf.Right}}, Rows: rows})
	b := d.Bytes()
	pages, err := pdf.ExtractText(b)
	if err != nil || len(pages) < 3 {
		t.Fatalf("%d pages, %v", len(pages), err)
	}
	checkStructure(t, b, len(pages))
	seen := 0
	for i, p := range pages {
		if !strings.Contains(p, "No. Due date Payment\n") {
			t.Errorf("page %d does not repeat the header row", i+1)
		}
		if !strings.HasSuffix(p, fmt.Sprintf("Schedule Page %d of %d", i+1, len(pages))) {
			t.Errorf("page %d footer: %q", i+1, p[max(len(p)-40, 0):])
		}
		seen += strings.Count(p, "£230.37")
	}
	if seen != 120 {
		t.Fatalf("%d rows drawn, want 120", seen)
	}
}

func TestHeadingIsKeptWithWhatFollows(t *testing.T) {
	d := pdf.New(pdf.Info{})
	for range 34 { // leaves room for the heading but not for three lines after it
		d.Paragraph("Line of text.")
	}
	d.Heading("Next section")
	d.Paragraph("Its first paragraph.")
	pages, err := pdf.ExtractText(d.Bytes())
	if err != nil || len(pages) != 2 || !strings.HasPrefix(pages[1], "Next section\nIts first paragraph.") {
		t.Fatalf("pages = %q, %v", pages, err)
	}
}

func TestEmptyDocumentAndPageBreak(t *testing.T) {
	b := pdf.New(pdf.Info{}).Bytes()
	checkStructure(t, b, 1)
	d := pdf.New(pdf.Info{})
	d.PageBreak() // nothing to break yet
	d.Paragraph("one")
	d.PageBreak()
	d.PageBreak() // the new page is still empty
	d.Paragraph("two")
	pages, err := pdf.ExtractText(d.Bytes())
	if err != nil || len(pages) != 2 || d.Pages() != 2 || !strings.HasPrefix(pages[1], "two") {
		t.Fatalf("pages = %q, %v", pages, err)
	}
	if _, err := pdf.ExtractText([]byte("<html>")); err == nil {
		t.Fatal("ExtractText read something that is not a PDF")
	}
}
