package safehtml

import (
	stdhtml "html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// MaxTitleRunes caps a notice's title, in characters, after tags are stripped.
const MaxTitleRunes = 120

// noticePolicy is the allowlist of the maintenance notice: p, br, strong, em, b, i, ul, ol, li, h2, h3,
// and a with href only. An href must parse as an absolute URL whose scheme is https, http or mailto
// (so no javascript:, vbscript:, data:, relative or protocol-relative URLs); an a whose href is
// refused is dropped and its text kept. No other element or attribute survives: no style, class, id,
// images, frames, forms, svg or math. The content of script, style, iframe, object, noscript, title
// (and the other bluemonday defaults) is dropped with the element; the text of other refused elements
// is kept, escaped. Built once: the apps ask for the notice before every navigation.
var noticePolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "h2", "h3")
	p.AllowAttrs("href").OnElements("a")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	p.AllowURLSchemes("https", "http", "mailto")
	return p
}()

// titlePolicy strips every tag; a title is plain text.
var titlePolicy = bluemonday.StrictPolicy()

// noticeLinkTarget: a notice's links open in a new tab, leaving the overlay where it is.
const noticeLinkTarget = "_blank"

// noticeElements is noticePolicy's element allowlist, checked once more on the parsed result.
var noticeElements = map[atom.Atom]bool{
	atom.P: true, atom.Br: true, atom.Strong: true, atom.Em: true, atom.B: true, atom.I: true,
	atom.Ul: true, atom.Ol: true, atom.Li: true, atom.H2: true, atom.H3: true, atom.A: true,
}

// noticeSchemes is noticePolicy's URL scheme allowlist, checked once more on the parsed result.
var noticeSchemes = map[string]bool{"https": true, "http": true, "mailto": true}

// Notice reduces an HTML notice to noticePolicy and returns it well formed: the allowlist's output is
// parsed as the browser will parse it (as children of a body element), every surviving link gets
// exactly href, rel="noopener noreferrer" and target="_blank", and the tree is rendered back. The
// parsed tree is checked against the allowlist once more; anything unexpected there (which would be
// a bug in this code or in bluemonday) makes the result empty rather than let it through. The result
// is stable, so sanitising on write and again on read is harmless.
func Notice(s string) string {
	return reparse(noticePolicy.Sanitize(validUTF8(s)), atom.Body, conformNotice)
}

// conformNotice checks n and its descendants against the allowlist, sets each link's attributes to
// exactly href, rel and target, and removes control characters from text. It reports false for
// anything the allowlist does not explain.
func conformNotice(n *html.Node) bool {
	switch n.Type {
	case html.TextNode:
		n.Data = strings.Map(dropControl, n.Data)
		return true
	case html.ElementNode:
		if n.Namespace != "" || !noticeElements[n.DataAtom] {
			return false
		}
		if n.DataAtom == atom.A {
			href := ""
			for _, a := range n.Attr {
				if a.Namespace == "" && a.Key == "href" {
					href = a.Val
				}
			}
			if u, err := url.Parse(href); err != nil || !noticeSchemes[u.Scheme] {
				return false
			}
			n.Attr = []html.Attribute{{Key: "href", Val: href}, {Key: "rel", Val: linkRel}, {Key: "target", Val: noticeLinkTarget}}
		} else if len(n.Attr) != 0 {
			return false
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if !conformNotice(c) {
				return false
			}
		}
		return true
	default:
		return false
	}
}

// dropControl removes control characters other than tab, line feed and carriage return: they have no
// place in a notice, and the operator's terminal would interpret them when bffctl prints it.
func dropControl(r rune) rune {
	if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
		return -1
	}
	return r
}

// Title turns a notice's title into plain text: every tag is removed (with the content of script and
// style), entities are decoded, any '<' or '>' left over is removed so the text stays inert even if a
// renderer mistakenly treats it as HTML, control and bidirectional-override characters become
// spaces, runs of white space collapse to one space, and the result is trimmed and capped at
// MaxTitleRunes characters.
func Title(s string) string {
	s = stdhtml.UnescapeString(titlePolicy.Sanitize(validUTF8(s)))
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '<' || r == '>':
			return -1
		case unicode.IsControl(r) || isBidiControl(r):
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > MaxTitleRunes {
		s = strings.TrimSpace(string([]rune(s)[:MaxTitleRunes]))
	}
	return s
}

// isBidiControl reports the embedding, override and isolate controls that can make text read
// differently from how it is stored.
func isBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069') || r == '\u200E' || r == '\u200F'
}
