package lending

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"time"

	"lender/sandbox/pdf"
)

// documentCSS is the documents' only styling; documentCSP allows exactly this block, by its hash, and
// nothing else: no script, no images, no fetches, no frames.
const documentCSS = `body{font-family:Helvetica,Arial,sans-serif;color:#1a1a1a;background:#fff;max-width:46rem;margin:1.5rem auto;padding:0 1rem;line-height:1.5}
h1{font-size:1.6rem;margin:0 0 .5rem}h2{font-size:1.15rem;margin:1.5rem 0 .4rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border-bottom:1px solid #b1b4b6}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}thead th{border-bottom:2px solid #1a1a1a}
.date{color:#505a5f}`

var documentCSP = func() string {
	sum := sha256.Sum256([]byte(documentCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) +
		"'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}()

// documentTemplate renders a docContent. html/template escapes every value in its context.
var documentTemplate = template.Must(template.New("document").Funcs(template.FuncMap{
	"right": func(t *docTable, i int) bool { return i < len(t.Right) && t.Right[i] },
	"blankHeader": func(t *docTable) bool {
		for _, h := range t.Header {
			if h != "" {
				return false
			}
		}
		return true
	},
}).Parse(`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.CSS}}</style>
</head>
<body>
<main>
<h1>{{.Title}}</h1>
<p class="date">{{.Date}}</p>
{{range .Blocks}}{{if eq .Kind "h2"}}<h2>{{.Text}}</h2>
{{else if eq .Kind "p"}}<p>{{range $i, $l := .Lines}}{{if $i}}<br>{{end}}{{$l}}{{end}}</p>
{{else if eq .Kind "strong"}}<p><strong>{{.Text}}</strong></p>
{{else if eq .Kind "table"}}{{$t := .Table}}<table>
{{if blankHeader $t}}<tbody>
{{range .Table.Rows}}<tr>{{range $i, $c := .}}{{if eq $i 0}}<th scope="row">{{$c}}</th>{{else}}<td>{{$c}}</td>{{end}}{{end}}</tr>
{{end}}</tbody>
{{else}}<thead><tr>{{range $i, $h := $t.Header}}<th scope="col"{{if right $t $i}} class="num"{{end}}>{{$h}}</th>{{end}}</tr></thead>
<tbody>
{{range .Table.Rows}}<tr>{{range $i, $c := .}}<td{{if right $t $i}} class="num"{{end}}>{{$c}}</td>{{end}}</tr>
{{end}}</tbody>
{{end}}</table>
{{end}}{{end}}</main>
</body>
</html>
`))

type htmlDocument struct {
	Title  string
	CSS    template.CSS
	Date   string
	Blocks []docBlock
}

func renderHTML(c docContent) ([]byte, error) {
	var b bytes.Buffer
	err := documentTemplate.Execute(&b, htmlDocument{Title: c.Title, CSS: template.CSS(documentCSS), Date: longDate(c.Date), Blocks: c.Blocks})
	return b.Bytes(), err
}

// renderPDF sets a docContent with sandbox/pdf. The creation date is the document's date (midnight),
// so the bytes do not change during the day.
func renderPDF(c docContent, author string) []byte {
	d := pdf.New(pdf.Info{Title: c.Title, Author: author, Subject: c.Kind,
		Created: time.Date(c.Date.Year(), c.Date.Month(), c.Date.Day(), 0, 0, 0, 0, time.UTC)})
	d.Heading(c.Title)
	d.Paragraph(longDate(c.Date))
	for _, b := range c.Blocks {
		switch b.Kind {
		case "h2":
			d.Subheading(b.Text)
		case "p":
			d.Paragraph(b.Text)
		case "strong":
			d.BoldParagraph(b.Text)
		case "table":
			t := pdf.Table{Rows: b.Table.Rows}
			for i, h := range b.Table.Header {
				col := pdf.Column{Header: h}
				if i < len(b.Table.Widths) {
					col.Width = b.Table.Widths[i]
				}
				if i < len(b.Table.Right) && b.Table.Right[i] {
					col.Align = pdf.Right
				}
				t.Columns = append(t.Columns, col)
			}
			d.Table(t)
		}
	}
	return d.Bytes()
}
