package sandboxmail

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// mailPolicy is what of an e-mail's HTML the mailbox screen may show: bluemonday's policy for user
// content (text formatting, lists, tables, images, links with http, https and mailto URLs; no
// script, style, frames, forms, event handlers or javascript: URLs). Built once: a policy is safe for
// concurrent use once built.
var mailPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// rel is set below, exactly; nofollow means nothing inside an app.
	p.RequireNoFollowOnLinks(false)
	return p
}()

// linkRel is the rel of every link in a shown mail: the mail must not reach back into the mailbox
// page, nor tell the linked site where it was opened.
const linkRel = "noopener noreferrer"

// SanitizeHTML reduces an e-mail's HTML to mailPolicy, then gives every link rel="noopener
// noreferrer" and no target: a magic link must open in the same tab, where the app's session lives.
// On any parse failure it answers "" (the text body is still shown) rather than unsanitised HTML.
func SanitizeHTML(s string) string {
	clean := mailPolicy.Sanitize(s)
	if strings.TrimSpace(clean) == "" {
		return ""
	}
	nodes, err := html.ParseFragment(strings.NewReader(clean), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, n := range nodes {
		fixLinks(n)
		if err := html.Render(&b, n); err != nil {
			return ""
		}
	}
	return strings.TrimSpace(b.String())
}

func fixLinks(n *html.Node) {
	if n.Type == html.ElementNode && n.DataAtom == atom.A {
		attrs := n.Attr[:0]
		for _, a := range n.Attr {
			if a.Key != "rel" && a.Key != "target" {
				attrs = append(attrs, a)
			}
		}
		n.Attr = append(attrs, html.Attribute{Key: "rel", Val: linkRel})
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		fixLinks(c)
	}
}
