package approval

import (
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
)

// documentPolicy is the allowlist of a loan document shown inside the app (DESIGN §10): the lending
// core's pages are its own HTML, and the app puts them in its page, so only structure and text
// survive. Headings, paragraphs, lists, definition lists, tables and emphasis; no attribute but the
// table-cell spans, so no style, class, id, link, image, form or script (script and style lose their
// content with the element, as do the document's head and title).
var documentPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("h1", "h2", "h3", "h4", "p", "br", "hr", "strong", "em", "b", "i", "small",
		"ul", "ol", "li", "dl", "dt", "dd", "section", "div", "span",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("th", "td")
	p.AllowAttrs("scope").Matching(bluemonday.Paragraph).OnElements("th")
	return p
}()

// SanitizeDocument reduces a document page to documentPolicy: what the app may put in its own page.
func SanitizeDocument(raw []byte) string {
	s := string(raw)
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.TrimSpace(documentPolicy.Sanitize(s))
}
