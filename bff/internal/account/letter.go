package account

import (
	"html"
	"strings"
)

// letter is a mail of plain paragraphs with at most one link, rendered as text and as HTML with the
// same words: the link goes after the first linkAt paragraphs.
type letter struct {
	paragraphs     []string
	link, linkText string
	linkAt         int
}

// render is the letter's text and HTML bodies.
func (l letter) render() (text, body string) {
	var t, b strings.Builder
	for i := 0; i <= len(l.paragraphs); i++ {
		if l.link != "" && i == min(l.linkAt, len(l.paragraphs)) {
			t.WriteString(l.link + "\n\n")
			b.WriteString(`<p><a href="` + html.EscapeString(l.link) + `">` + html.EscapeString(l.linkText) + "</a></p>")
		}
		if i < len(l.paragraphs) {
			t.WriteString(l.paragraphs[i] + "\n\n")
			b.WriteString("<p>" + html.EscapeString(l.paragraphs[i]) + "</p>")
		}
	}
	return t.String(), b.String()
}
