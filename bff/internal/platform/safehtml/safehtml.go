// Package safehtml reduces HTML that comes from outside the BFF to what an app may put in its own
// page (DESIGN §10). Each caller shows HTML somewhere different, so each has its own named policy:
//
//   - Notice: the maintenance notice an operator writes (service), shown to every borrower. A small
//     allowlist; links open in a new tab. Stable: sanitising its output again changes nothing.
//   - Title: the notice's title, as plain text.
//   - Mail: a captured e-mail on the sandbox mailbox screen. Whatever a mail may hold (tables, images,
//     links); links open in the same tab, where the app's session lives.
//   - Document: a loan document page of the lending core, shown inside the app. Structure and text
//     only: no link, image or form.
//
// Every policy first replaces invalid UTF-8, and is a bluemonday allowlist built once (a policy is safe for concurrent use once built);
// Notice and Mail then parse the result as the browser will and set the attributes of every link.
package safehtml

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// linkRel is the rel of every link that survives: the linked page must not reach back into the app's
// page, nor learn where it was opened.
const linkRel = "noopener noreferrer"

// validUTF8 replaces invalid bytes, so no policy sees (or passes on) a broken sequence.
func validUTF8(s string) string {
	if !utf8.ValidString(s) {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	return s
}

// reparse parses clean (an allowlist's output) as the children of parent, lets fix check and adjust
// every top-level node, and renders the tree back, so unclosed tags come out closed. Anything fix
// refuses, and any parse or render failure, makes the result empty rather than let it through.
func reparse(clean string, parent atom.Atom, fix func(*html.Node) bool) string {
	if strings.TrimSpace(clean) == "" {
		return ""
	}
	nodes, err := html.ParseFragment(strings.NewReader(clean), &html.Node{Type: html.ElementNode, Data: parent.String(), DataAtom: parent})
	if err != nil {
		return ""
	}
	var b strings.Builder
	b.Grow(len(clean) + 64)
	for _, n := range nodes {
		if !fix(n) {
			return ""
		}
		if err := html.Render(&b, n); err != nil {
			return ""
		}
	}
	return strings.TrimSpace(b.String())
}
