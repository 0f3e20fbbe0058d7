package safehtml

import (
	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// mailPolicy is what of an e-mail's HTML the sandbox mailbox screen may show: bluemonday's policy for
// user content (text formatting, lists, tables, images, links with http, https and mailto URLs; no
// script, style, frames, forms, event handlers or javascript: URLs).
var mailPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// rel is set by Mail, exactly; nofollow means nothing inside an app.
	p.RequireNoFollowOnLinks(false)
	return p
}()

// Mail reduces an e-mail's HTML to mailPolicy, then gives every link rel="noopener noreferrer" and no
// target: a magic link must open in the same tab, where the app's session lives. On any parse failure
// it answers "" (the text body is still shown) rather than unsanitised HTML.
func Mail(s string) string {
	return reparse(mailPolicy.Sanitize(validUTF8(s)), atom.Div, func(n *html.Node) bool {
		sameTabLinks(n)
		return true
	})
}

// sameTabLinks replaces the rel and target of every link under n with rel="noopener noreferrer".
func sameTabLinks(n *html.Node) {
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
		sameTabLinks(c)
	}
}
