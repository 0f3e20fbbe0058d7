// Package pdf writes simple, text-only PDF documents without any dependency: A4 pages of Helvetica
// with headings, wrapped paragraphs and ruled tables, and a footer with the title and page numbers.
// The sandbox uses it for the lending core's documents (pre-contract information, key facts, credit
// agreements, adequate explanations) and for statements.
//
// # Use
//
//	d := pdf.New(pdf.Info{Title: "Loan statement", Author: "Meadow Loans", Created: now})
//	d.Heading("Loan statement")
//	d.Paragraph("Statement for Alex Morgan, 1 Acacia Avenue, Lowmere LM1 1AA.")
//	d.Subheading("Payments")
//	d.Table(pdf.Table{
//		Columns: []pdf.Column{{Header: "Date"}, {Header: "Description", Width: 2}, {Header: "Amount", Align: pdf.Right}},
//		Rows:    [][]string{{"2026-03-04", "Monthly instalment", "£230.37"}},
//	})
//	b := d.Bytes() // starts with %PDF-
//
// Blocks flow top to bottom and onto new pages as needed: a heading is never left alone at the foot
// of a page, and a table that breaks repeats its header row. Text is any UTF-8; what Windows-1252
// lacks is drawn as '?' (see the font notes in font.go).
//
// # Output
//
// The file is PDF 1.4 using the standard fonts Helvetica and Helvetica-Bold (not embedded), with
// uncompressed content streams, so the text can be read back ([ExtractText]) and searched in tests.
// The same calls give the same bytes: nothing depends on the wall clock or on randomness (the
// creation date is Info.Created, written only when set), so a document can be hashed and the hash
// recorded, e.g. when it is signed.
//
// The API is small on purpose and stable: New, the block methods, Bytes, and ExtractText.
package pdf

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// Page geometry in points (1/72 inch): A4 portrait with 2 cm margins.
const (
	PageWidth  = 595.28
	PageHeight = 841.89
	Margin     = 56.69
	// TextWidth is the width blocks are set in.
	TextWidth = PageWidth - 2*Margin

	footerSize = 8.0
	footerY    = Margin / 2
	bottom     = Margin // lowest baseline of body text
)

// Text styles: size and leading (baseline to baseline), in points.
type style struct {
	font          font
	size, leading float64
	before, after float64 // space above and below the block
}

var (
	headingStyle    = style{font: bold, size: 18, leading: 23, before: 14, after: 6}
	subheadingStyle = style{font: bold, size: 12.5, leading: 16, before: 12, after: 4}
	paragraphStyle  = style{font: regular, size: 10, leading: 14, after: 6}
	strongStyle     = style{font: bold, size: 10, leading: 14, after: 6}
	cellStyle       = style{font: regular, size: 9, leading: 12}
	headerCellStyle = style{font: bold, size: 9, leading: 12}
)

const cellPad = 4.0 // padding inside a table cell, each side

// Info is the document's metadata.
type Info struct {
	// Title is shown in the reader's title bar and in every page's footer.
	Title   string
	Author  string
	Subject string
	// Created is written as the creation date when it is not zero (use the sandbox clock).
	Created time.Time
}

// Align is a table column's horizontal alignment.
type Align int

// Alignments.
const (
	Left Align = iota
	Right
)

// Column is a table column.
type Column struct {
	Header string
	// Width is the column's share of the text width relative to the other columns' (0 counts as 1):
	// widths 1, 2, 1 give a quarter, a half and a quarter.
	Width float64
	Align Align
}

// Table is a ruled table: a bold header row, then Rows, each with one cell per column (missing cells
// are empty, extra cells are ignored). Cells wrap within their column.
type Table struct {
	Columns []Column
	Rows    [][]string
}

// Document is a PDF being built. Add blocks in reading order, then call Bytes. A Document is not safe
// for concurrent use.
type Document struct {
	info  Info
	pages []*bytes.Buffer
	y     float64 // top of the next line on the current page
	fresh bool    // nothing has been set on the current page yet
}

// New starts an empty document.
func New(info Info) *Document {
	return &Document{info: info}
}

// Heading adds a level-1 heading (18 pt bold).
func (d *Document) Heading(text string) { d.heading(text, headingStyle) }

// Subheading adds a level-2 heading (12.5 pt bold).
func (d *Document) Subheading(text string) { d.heading(text, subheadingStyle) }

// Paragraph adds body text (10 pt), wrapped to the text width. A "\n" in text starts a new line.
func (d *Document) Paragraph(text string) { d.block(text, paragraphStyle, 0) }

// BoldParagraph adds body text in bold, for statutory warnings and the like.
func (d *Document) BoldParagraph(text string) { d.block(text, strongStyle, 0) }

// PageBreak starts a new page (nothing happens on a page that is still empty).
func (d *Document) PageBreak() {
	if !d.fresh {
		d.newPage()
	}
}

func (d *Document) heading(text string, st style) {
	// keep a heading with at least three lines of what follows it
	d.block(text, st, 3*paragraphStyle.leading)
}

// block sets wrapped lines of text; keep is extra room the first line needs below it on its page.
func (d *Document) block(text string, st style, keep float64) {
	lines := wrap(text, st.font, st.size, TextWidth)
	if len(lines) == 0 {
		return
	}
	d.space(st.before)
	for i, ln := range lines {
		need := st.leading
		if i == 0 {
			need += keep
		}
		d.ensure(need)
		d.y -= st.leading
		d.text(st.font, st.size, Margin, d.y+st.leading-st.size, ln)
	}
	d.y -= st.after
}

// space adds vertical space, except at the top of a page.
func (d *Document) space(h float64) {
	if d.pages != nil && !d.fresh {
		d.y -= h
	}
}

// ensure starts a new page unless h points fit above the bottom margin.
func (d *Document) ensure(h float64) {
	if d.pages == nil || d.y-h < bottom {
		d.newPage()
	}
	d.fresh = false
}

func (d *Document) newPage() {
	d.pages = append(d.pages, &bytes.Buffer{})
	d.y = PageHeight - Margin
	d.fresh = true
}

func (d *Document) page() *bytes.Buffer { return d.pages[len(d.pages)-1] }

// text draws one line of encoded text with its baseline at (x, y).
func (d *Document) text(f font, size, x, y float64, b []byte) {
	fmt.Fprintf(d.page(), "BT %s %s Tf 1 0 0 1 %s %s Tm %s Tj ET\n", f.resource(), num(size), num(x), num(y), literal(b))
}

// rule draws a horizontal line at y from x1 to x2, grey, width w.
func (d *Document) rule(x1, x2, y, w float64) {
	fmt.Fprintf(d.page(), "q %s w 0.55 G %s %s m %s %s l S Q\n", num(w), num(x1), num(y), num(x2), num(y))
}

// Table adds a table. A row never splits across pages; when a row does not fit, the table goes on
// on a new page under a repeated header row.
func (d *Document) Table(t Table) {
	n := len(t.Columns)
	if n == 0 {
		return
	}
	total := 0.0
	for _, c := range t.Columns {
		total += max(c.Width, 0) + boolf(c.Width <= 0)
	}
	widths := make([]float64, n)
	for i, c := range t.Columns {
		w := c.Width
		if w <= 0 {
			w = 1
		}
		widths[i] = TextWidth * w / total
	}
	header := make([]string, n)
	hasHeader := false
	for i, c := range t.Columns {
		header[i] = c.Header
		hasHeader = hasHeader || c.Header != ""
	}
	d.space(paragraphStyle.after)
	layout := func(cells []string, st style) ([][][]byte, float64) {
		wrapped := make([][][]byte, n)
		lines := 1
		for i := range n {
			cell := ""
			if i < len(cells) {
				cell = cells[i]
			}
			wrapped[i] = wrap(cell, st.font, st.size, widths[i]-2*cellPad)
			lines = max(lines, len(wrapped[i]))
		}
		return wrapped, float64(lines)*st.leading + 2*cellPad
	}
	hdr, hdrHeight := layout(header, headerCellStyle)
	drawRow := func(cells [][][]byte, h float64, st style, ruleWidth float64) {
		top := d.y
		x := Margin
		for i, lines := range cells {
			for j, ln := range lines {
				lx := x + cellPad
				if t.Columns[i].Align == Right {
					lx = x + widths[i] - cellPad - st.font.measure(ln, st.size)
				}
				base := top - cellPad - float64(j)*st.leading - st.size
				d.text(st.font, st.size, lx, base, ln)
			}
			x += widths[i]
		}
		d.y = top - h
		d.rule(Margin, Margin+TextWidth, d.y, ruleWidth)
	}
	startPage := func(first bool) {
		if hasHeader {
			if !first {
				d.newPage()
			}
			d.ensure(hdrHeight)
			d.rule(Margin, Margin+TextWidth, d.y, 0.8)
			drawRow(hdr, hdrHeight, headerCellStyle, 0.8)
		}
	}
	// the header must share its page with the first row
	firstRowHeight := 0.0
	if len(t.Rows) > 0 {
		_, firstRowHeight = layout(t.Rows[0], cellStyle)
	}
	d.ensure(hdrHeight*boolf(hasHeader) + firstRowHeight)
	startPage(true)
	for _, row := range t.Rows {
		cells, h := layout(row, cellStyle)
		if d.y-h < bottom {
			if hasHeader {
				startPage(false)
			} else {
				d.newPage()
			}
		}
		d.ensure(h)
		drawRow(cells, h, cellStyle, 0.3)
	}
	d.y -= paragraphStyle.after
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Pages is the number of pages so far (at least 1 once Bytes is called).
func (d *Document) Pages() int { return max(len(d.pages), 1) }

// Bytes is the finished PDF. It can be called more than once; later blocks are added after the
// earlier ones.
func (d *Document) Bytes() []byte {
	pages := d.pages
	if len(pages) == 0 {
		pages = []*bytes.Buffer{{}} // an empty document still has one page
	}
	var out bytes.Buffer
	var offsets []int // offsets[i] is object i+1's
	obj := func(body string) {
		offsets = append(offsets, out.Len())
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
	}
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

	// 1 catalog, 2 page tree, 3 and 4 fonts, then a page and its content for each page, then the info.
	const firstPage = 5
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = strconv.Itoa(firstPage+2*i) + " 0 R"
	}
	obj("<< /Type /Catalog /Pages 2 0 R /Lang (en-GB) >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 %s %s] >>",
		strings.Join(kids, " "), len(pages), num(PageWidth), num(PageHeight)))
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
	obj("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
	for i, p := range pages {
		var content bytes.Buffer
		content.Write(p.Bytes())
		footer := fmt.Sprintf("Page %d of %d", i+1, len(pages))
		fb := toWinAnsi(footer)
		fmt.Fprintf(&content, "BT /F1 %s Tf 1 0 0 1 %s %s Tm %s Tj ET\n", num(footerSize),
			num(Margin+TextWidth-regular.measure(fb, footerSize)), num(footerY), literal(fb))
		if d.info.Title != "" {
			title := fitLine(toWinAnsi(d.info.Title), regular, footerSize, TextWidth*0.7)
			fmt.Fprintf(&content, "BT /F1 %s Tf 1 0 0 1 %s %s Tm %s Tj ET\n", num(footerSize), num(Margin), num(footerY), literal(title))
		}
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>",
			firstPage+2*i+1))
		obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", content.Len(), content.Bytes()))
	}
	info := "<< /Producer (lender sandbox pdf)"
	for _, kv := range [][2]string{{"Title", d.info.Title}, {"Author", d.info.Author}, {"Subject", d.info.Subject}} {
		if kv[1] != "" {
			info += " /" + kv[0] + " " + textString(kv[1])
		}
	}
	if !d.info.Created.IsZero() {
		info += " /CreationDate (D:" + d.info.Created.UTC().Format("20060102150405") + "Z)"
	}
	obj(info + " >>")

	id := sha256.Sum256(out.Bytes())
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R /ID [<%x> <%x>] >>\nstartxref\n%d\n%%%%EOF\n",
		len(offsets)+1, len(offsets), id[:16], id[:16], xref)
	return out.Bytes()
}

// fitLine cuts encoded text to width, ending it with an ellipsis when it was cut.
func fitLine(b []byte, f font, size, width float64) []byte {
	if f.measure(b, size) <= width {
		return b
	}
	ell := []byte{0x85}
	for len(b) > 0 && f.measure(append(b[:len(b):len(b)], ell...), size) > width {
		b = b[:len(b)-1]
	}
	return append(b[:len(b):len(b)], ell...)
}

// wrap splits text into lines of encoded text no wider than width: at spaces where it can, inside a
// word only when the word alone is too wide. "\n" forces a break; blank lines are kept.
func wrap(text string, f font, size, width float64) [][]byte {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var lines [][]byte
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(string(toWinAnsi(para)))
		if len(words) == 0 {
			lines = append(lines, nil)
			continue
		}
		var line []byte
		for _, w := range words {
			wb := []byte(w)
			if len(line) > 0 {
				candidate := append(append(line[:len(line):len(line)], ' '), wb...)
				if f.measure(candidate, size) <= width {
					line = candidate
					continue
				}
				lines = append(lines, line)
				line = nil
			}
			for f.measure(wb, size) > width {
				cut := 1
				for cut < len(wb) && f.measure(wb[:cut+1], size) <= width {
					cut++
				}
				lines = append(lines, wb[:cut])
				wb = wb[cut:]
			}
			line = wb
		}
		lines = append(lines, line)
	}
	return lines
}

// literal is a PDF literal string of encoded text: parentheses and backslashes escaped, bytes
// outside printable ASCII as octal escapes, so the file's text stays ASCII.
func literal(b []byte) string {
	var s strings.Builder
	s.WriteByte('(')
	for _, c := range b {
		switch {
		case c == '(' || c == ')' || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&s, "\\%03o", c)
		default:
			s.WriteByte(c)
		}
	}
	s.WriteByte(')')
	return s.String()
}

// textString is a PDF text string (for metadata) in UTF-16BE with a byte-order mark, as hex.
func textString(s string) string {
	var b strings.Builder
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteByte('>')
	return b.String()
}

// num formats a coordinate with at most two decimals and no trailing zeros.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}
