package safehtml

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// documentPolicy is the allowlist of a loan document shown inside the app: the lending core's pages
// are its own HTML, and the app puts them in its page, so only structure and text survive. Headings,
// paragraphs, lists, definition lists, tables and emphasis; no attribute but the table-cell spans, so
// no style, class, id, link, image, form or script (script and style lose their content with the
// element, as do the document's head and title).
var documentPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("h1", "h2", "h3", "h4", "p", "br", "hr", "strong", "em", "b", "i", "small",
		"ul", "ol", "li", "dl", "dt", "dd", "section", "div", "span",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("th", "td")
	p.AllowAttrs("scope").Matching(bluemonday.Paragraph).OnElements("th")
	return p
}()

// Document reduces a document page to documentPolicy: what the app may put in its own page.
func Document(raw []byte) string {
	return strings.TrimSpace(documentPolicy.Sanitize(validUTF8(string(raw))))
}
