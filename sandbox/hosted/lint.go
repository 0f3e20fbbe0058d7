package hosted

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Lint checks a rendered hosted page against the rules every hosted page keeps, and returns the
// problems found (none for a good page). Tests call it on each page they render. The rules: lang
// en-GB; a viewport for small screens; a non-empty title; one main and exactly one h1; no script, no
// inline style attribute or event handler, and one style block (the one the CSP hashes); unique ids;
// every visible input labelled by a label for its id; radios grouped in a fieldset with a legend; every
// button with a type and a visible name; every form with a method.
func Lint(page string) []string {
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		return []string{"the page does not parse: " + err.Error()}
	}
	var (
		problems          []string
		h1, mains, styles int
		title             string
		lang, viewport    bool
		ids               = map[string]int{}
		labelFor          = map[string]bool{}
		inputs            []*html.Node
	)
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch {
				case a.Key == "id":
					ids[a.Val]++
				case a.Key == "style":
					add("<%s> has an inline style attribute", n.Data)
				case strings.HasPrefix(a.Key, "on"):
					add("<%s> has an inline event handler %s", n.Data, a.Key)
				}
			}
			switch n.DataAtom {
			case atom.Html:
				lang = attr(n, "lang") == "en-GB"
			case atom.Meta:
				if attr(n, "name") == "viewport" && strings.Contains(attr(n, "content"), "width=device-width") {
					viewport = true
				}
			case atom.Title:
				title = strings.TrimSpace(text(n))
			case atom.Main:
				mains++
			case atom.H1:
				h1++
			case atom.Script:
				add("the page has a <script>")
			case atom.Style:
				styles++
			case atom.Label:
				if f := attr(n, "for"); f != "" {
					labelFor[f] = true
				}
			case atom.Input:
				inputs = append(inputs, n)
			case atom.Button:
				if t := attr(n, "type"); t != "submit" && t != "button" {
					add("a button has no type")
				}
				if strings.TrimSpace(text(n)) == "" {
					add("a button has no visible name")
				}
			case atom.Form:
				if attr(n, "method") == "" {
					add("a form has no method")
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)

	if !lang {
		add(`the page is not <html lang="en-GB">`)
	}
	if !viewport {
		add("the page has no viewport meta")
	}
	if title == "" {
		add("the page has no title")
	}
	if mains != 1 {
		add("the page has %d <main>, want 1", mains)
	}
	if h1 != 1 {
		add("the page has %d <h1>, want 1", h1)
	}
	if styles > 1 {
		add("the page has %d style blocks, want at most 1", styles)
	}
	for id, n := range ids {
		if n > 1 {
			add("id %q is used %d times", id, n)
		}
	}
	for _, in := range inputs {
		switch t := attr(in, "type"); t {
		case "hidden", "submit", "button":
			continue
		case "radio", "checkbox":
			if !inFieldsetWithLegend(in) {
				add("%s %q is not in a fieldset with a legend", t, attr(in, "name"))
			}
		}
		if id := attr(in, "id"); id == "" || !labelFor[id] {
			add("input %q (id %q) has no label", attr(in, "name"), id)
		}
	}
	return problems
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func inFieldsetWithLegend(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.DataAtom == atom.Fieldset {
			for c := p.FirstChild; c != nil; c = c.NextSibling {
				if c.DataAtom == atom.Legend && strings.TrimSpace(text(c)) != "" {
					return true
				}
			}
			return false
		}
	}
	return false
}
