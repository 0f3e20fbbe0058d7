package safehtml

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// policy is one named policy under test: how to run it, what every output of it must satisfy whatever
// the input, and whether sanitising an output again must change nothing.
type policy struct {
	name     string
	sanitise func(string) string
	check    func(t *testing.T, out string)
	stable   bool
}

var (
	notice   = policy{name: "Notice", sanitise: Notice, check: assertNotice, stable: true}
	title    = policy{name: "Title", sanitise: Title, check: assertTitle, stable: true}
	mail     = policy{name: "Mail", sanitise: Mail, check: assertMail}
	document = policy{name: "Document", sanitise: func(s string) string { return Document([]byte(s)) }, check: assertDocument}
)

// sanitiseCase is one input to one policy. When exact is set, want is the whole output; keep lists
// fragments that must come out unchanged, gone text that must not survive in any form (compared
// without case).
type sanitiseCase struct {
	policy     policy
	name       string
	in         string
	exact      bool
	want       string
	keep, gone []string
}

// cases is every case of every policy: the ones written for one policy, then every hostile payload
// through every policy.
func cases() []sanitiseCase {
	long := strings.Repeat("é", MaxTitleRunes+10)
	out := []sanitiseCase{
		// Notice: what the allowlist keeps, exactly.
		{policy: notice, name: "allowed elements", exact: true,
			in: `<h2>Planned maintenance</h2><p>We are <em>upgrading</em> our systems.<br>Back at <strong>9am</strong>.</p>` +
				`<h3>Meanwhile</h3><ul><li><b>Payments</b> still go out</li></ul><ol><li><i>Call us</i></li></ol>`,
			want: `<h2>Planned maintenance</h2><p>We are <em>upgrading</em> our systems.<br/>Back at <strong>9am</strong>.</p>` +
				`<h3>Meanwhile</h3><ul><li><b>Payments</b> still go out</li></ul><ol><li><i>Call us</i></li></ol>`},
		{policy: notice, name: "mailto link", exact: true,
			in:   `<p>Write to <a href="mailto:help@lender.example">help@lender.example</a></p>`,
			want: `<p>Write to <a href="mailto:help@lender.example" rel="noopener noreferrer" target="_blank">help@lender.example</a></p>`},
		{policy: notice, name: "http link with a query", exact: true,
			in:   `<a href="http://status.lender.example/?a=1&b=2">status</a>`,
			want: `<a href="http://status.lender.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">status</a>`},
		{policy: notice, name: "entities", exact: true,
			in: `<p>Fish &amp; chips &lt;3 "quoted" it's</p>`, want: `<p>Fish &amp; chips &lt;3 &#34;quoted&#34; it&#39;s</p>`},
		{policy: notice, name: "refused elements keep their text", exact: true, in: `<h1>Big</h1><div class="x"><span>plain</span></div>`, want: `Bigplain`},
		{policy: notice, name: "relative and bare links keep their text", exact: true, in: `<a href="/relative">here</a> <a>bare</a>`, want: `here bare`},
		{policy: notice, name: "white space only", exact: true, in: "   \n ", want: ""},
		{policy: notice, name: "script only", exact: true, in: `<script>only script</script>`, want: ""},
		{policy: notice, name: "control characters", exact: true,
			in: "<p>Back\x1b[31m soon\x07\u0085</p>\n<p>line\tend</p>", want: "<p>Back[31m soon</p>\n<p>line\tend</p>"},

		// Title: plain text, capped.
		{policy: title, name: "plain", exact: true, in: "Planned maintenance", want: "Planned maintenance"},
		{policy: title, name: "tags and white space", exact: true, in: "  <b>Planned</b>\n\tmaintenance  ", want: "Planned maintenance"},
		{policy: title, name: "script", exact: true, in: `<script>alert(1)</script>We'll be back`, want: "We'll be back"},
		{policy: title, name: "img onerror", exact: true, in: `<img src=x onerror=alert(1)>Back soon`, want: "Back soon"},
		{policy: title, name: "encoded script", exact: true, in: `&lt;script&gt;alert(1)&lt;/script&gt;`, want: "scriptalert(1)/script"},
		{policy: title, name: "entities", exact: true, in: `Fish &amp; chips "today"`, want: `Fish & chips "today"`},
		{policy: title, name: "bidi and control characters", exact: true, in: "right\u202Eto-left\u2066 and\x00nul", want: "right to-left and nul"},
		{policy: title, name: "capped", exact: true, in: long, want: strings.Repeat("é", MaxTitleRunes)},
		{policy: title, name: "capped then trimmed", exact: true, in: strings.Repeat("a ", 59) + "bcdef", want: strings.Repeat("a ", 59) + "bc"},
		{policy: title, name: "empty element", exact: true, in: "<p></p>", want: ""},
		{policy: title, name: "invalid UTF-8", exact: true, in: "\xffbad", want: "\uFFFDbad"},

		// Mail: links open in the same tab; nothing runs, styles or leaves the mail.
		{policy: mail, name: "a sign-in mail",
			in: `<!doctype html><html><head><title>t</title><style>a{color:red}</style><script>alert(1)</script></head>` +
				`<body><table><tr><td style="padding:4px"><p>Hi <b>Jo</b></p>` +
				`<a href="http://localhost:8080/#/login/emailMagicLink?token=abc&amp;x=1" target="_blank" rel="opener" onclick="x()">Sign in</a>` +
				`<a href="javascript:alert(1)">js</a><a href="mailto:help@example.com">help</a>` +
				`<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="pin"></form>` +
				`</td></tr></table></body></html>`,
			keep: []string{
				`<a href="http://localhost:8080/#/login/emailMagicLink?token=abc&amp;x=1" rel="noopener noreferrer">Sign in</a>`,
				`<a href="mailto:help@example.com" rel="noopener noreferrer">help</a>`,
				"<p>Hi <b>Jo</b></p>", "<table>"},
			gone: []string{"<script", "alert(1)", "<style", "color:red", "target=", "opener\"", "onclick", "javascript:", "<iframe", "<form", "<input", "style="}},
		{policy: mail, name: "empty", exact: true, in: "", want: ""},
		{policy: mail, name: "script only", exact: true, in: "<script>x</script>", want: ""},

		// Document: structure and text only.
		{policy: document, name: "a key facts page",
			in: `<!doctype html><html lang="en-GB"><head><title>Key facts</title><style>body{color:red}</style>
<meta http-equiv="refresh" content="0;url=https://evil.example/"></head><body class="doc">
<h1 id="t">Key facts</h1><p style="x" onclick="steal()">Amount <strong>£5,000.00</strong></p>
<table><tr><th scope="row">APR</th><td colspan="2" onmouseover="x()">9.9%</td></tr></table>
<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a>
<iframe src="https://evil.example/"></iframe><form action="https://evil.example/"><input name="pin"></form>
<ul><li>one</li></ul><svg><script>alert(2)</script></svg></body></html>`,
			keep: []string{"<h1>Key facts</h1>", "<strong>£5,000.00</strong>", `<th scope="row">APR</th>`,
				`<td colspan="2">9.9%</td>`, "<li>one</li>", "click"},
			gone: []string{"<script", "alert(", "<style", "color:red", "<title", "refresh", "onclick", "onerror",
				"onmouseover", "javascript:", "<a ", "<img", "<iframe", "<form", "<input", "<svg", "class=", "id=", "style="}},
		{policy: document, name: "invalid UTF-8", in: "ok \xff bytes", keep: []string{"ok"}, gone: []string{"\xff"}},
	}
	for _, x := range hostile {
		// The notice keeps the safe markup mixed into a payload; the other policies only have to
		// leave nothing that runs.
		out = append(out,
			sanitiseCase{policy: notice, name: x.name, in: x.payload, keep: x.keep, gone: x.gone},
			sanitiseCase{policy: title, name: x.name, in: x.payload},
			sanitiseCase{policy: mail, name: x.name, in: x.payload, gone: x.gone},
			sanitiseCase{policy: document, name: x.name, in: x.payload, gone: x.gone})
	}
	return out
}

// hostile is one hostile payload. keep lists fragments of safe markup mixed into the payload that the
// notice must keep unchanged; gone lists text that must not survive in any form (script bodies,
// handlers).
var hostile = []struct {
	name    string
	payload string
	keep    []string
	gone    []string
}{
	// <script> in many spellings and encodings.
	{name: "script tag", payload: `<script>alert(1)</script>`, gone: []string{"alert"}},
	{name: "script upper case", payload: `<SCRIPT>alert(1)</SCRIPT>`, gone: []string{"alert"}},
	{name: "script mixed case with src", payload: `<ScRiPt src=//evil.example/x.js></sCrIpT>`, gone: []string{"evil.example"}},
	{name: "script slash attribute", payload: `<script/xss src="http://evil.example/x.js"></script>`, gone: []string{"evil.example"}},
	{name: "script double open", payload: `<<script>alert(1);//<</script>`, gone: []string{"alert"}},
	{name: "script split by nested tag", payload: `<scr<script>ipt>alert(1)</script>`},
	{name: "script unclosed swallows the rest", payload: `<p>Back at <strong>9am</strong></p><script>alert(1)`,
		keep: []string{`<p>Back at <strong>9am</strong></p>`}, gone: []string{"alert"}},
	{name: "script mixed with safe markup", payload: `<p>Back at <strong>9am</strong></p><script>alert(document.cookie)</script><p>Thanks</p>`,
		keep: []string{`<p>Back at <strong>9am</strong></p>`, `<p>Thanks</p>`}, gone: []string{"cookie"}},
	{name: "script entity encoded stays text", payload: `&lt;script&gt;alert(1)&lt;/script&gt;`},
	{name: "script percent encoded stays text", payload: `%3Cscript%3Ealert(1)%3C%2Fscript%3E`},
	{name: "script inside svg", payload: `<svg><script>alert(1)</script></svg>`, gone: []string{"alert"}},
	{name: "script inside template", payload: `<template><script>alert(1)</script></template><p>ok</p>`,
		keep: []string{"<p>ok</p>"}, gone: []string{"alert"}},
	{name: "script in title element", payload: `<title><script>alert(1)</script></title>`},
	{name: "script after cdata", payload: `<![CDATA[<script>alert(1)</script>]]>`},
	{name: "script in plaintext", payload: `<plaintext><script>alert(1)`},

	// Event handlers.
	{name: "img onerror", payload: `<img src=x onerror=alert(1)>`},
	{name: "img onerror mixed case unclosed", payload: `<img src=x oNeRrOr=alert(1)//`},
	{name: "img javascript src", payload: `<IMG SRC="javascript:alert('XSS');">`},
	{name: "svg onload", payload: `<svg onload=alert(1)>`},
	{name: "svg slash onload", payload: `<svg/onload=alert(1)>`},
	{name: "body onload", payload: `<body onload=alert(1)><p>Back soon</p></body>`, keep: []string{"<p>Back soon</p>"}},
	{name: "details open ontoggle", payload: `<details open ontoggle=alert(1)><summary>x</summary></details>`},
	{name: "input autofocus onfocus", payload: `<input autofocus onfocus=alert(1)>`},
	{name: "marquee onstart", payload: `<marquee onstart=alert(1)>news</marquee>`},
	{name: "video source onerror", payload: `<video><source onerror="alert(1)"></video>`},
	{name: "handler on an allowed element", payload: `<p onclick="alert(1)" onmouseover=alert(2)>Back at <strong onfocus=x()>9am</strong></p>`,
		keep: []string{`<p>Back at <strong>9am</strong></p>`}},
	{name: "handler after slash separator", payload: `<p/onclick=alert(1)>text</p>`, keep: []string{"<p>text</p>"}},

	// javascript: links with entity, whitespace and case tricks.
	{name: "a javascript href", payload: `<a href="javascript:alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a javascript mixed case", payload: `<a href="JaVaScRiPt:alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a javascript entity tab", payload: `<a href="java&#x09;script:alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a javascript decimal entities", payload: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a javascript hex entity and named colon", payload: `<a href="&#x6A;avascript&colon;alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a javascript padded entities", payload: `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">Help</a>`},
	{name: "a javascript leading whitespace", payload: "<a href=\"  \n javascript:alert(1)\">Help</a>", keep: []string{"Help"}},
	{name: "a javascript newline inside", payload: "<a href=\"java\nscript:alert(1)\">Help</a>", keep: []string{"Help"}},
	{name: "a javascript control character", payload: "<a href=\"\x01javascript:alert(1)\">Help</a>", keep: []string{"Help"}},
	{name: "a javascript unquoted with slash", payload: `<a/href=javascript:alert(1)>Help</a>`, keep: []string{"Help"}},
	{name: "a vbscript href", payload: `<a href="vbscript:msgbox(1)">Help</a>`, keep: []string{"Help"}},
	{name: "a data html href", payload: `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Help</a>`, keep: []string{"Help"}},
	{name: "a data href mixed case", payload: `<a href="DaTa:text/html,<script>alert(1)</script>">Help</a>`, keep: []string{"Help"}},
	{name: "a protocol relative href", payload: `<a href="//evil.example/">Help</a>`, keep: []string{"Help"}},
	{name: "a safe link loses handlers and styling", payload: `<p>See <a href="https://status.lender.example/" onclick="alert(1)" style="color:red" class="x" id="y" target="_self" rel="opener">our status page</a>.</p>`,
		keep: []string{`<p>See <a href="https://status.lender.example/" rel="noopener noreferrer" target="_blank">our status page</a>.</p>`}},
	{name: "a href breaking out with quotes", payload: `<a href="https://ok.example/&quot; onmouseover=&quot;alert(1)">Help</a>`, keep: []string{"Help"}},
	{name: "svg use href", payload: `<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48aW1hZ2UgaHJlZj0nMScgb25lcnJvcj0nYWxlcnQoMSknIC8+PC9zdmc+#x"></use></svg>`},
	{name: "svg a xlink href", payload: `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`},

	// Embedding, frames, forms, styles.
	{name: "iframe javascript src", payload: `<iframe src="javascript:alert(1)"></iframe>`},
	{name: "iframe srcdoc", payload: `<iframe srcdoc="<script>alert(1)</script>"></iframe><p>after</p>`, keep: []string{"<p>after</p>"}, gone: []string{"alert"}},
	{name: "object data", payload: `<object data="javascript:alert(1)"></object>`},
	{name: "embed data svg", payload: `<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`},
	{name: "style element with expression", payload: `<style>body{background:expression(alert(1))}</style><p>ok</p>`, keep: []string{"<p>ok</p>"}, gone: []string{"expression"}},
	{name: "style attribute with expression", payload: `<p style="width:expression(alert(1))">Back soon</p>`, keep: []string{"<p>Back soon</p>"}, gone: []string{"expression"}},
	{name: "link stylesheet", payload: `<link rel="stylesheet" href="javascript:alert(1)">`},
	{name: "form action", payload: `<form action="javascript:alert(1)"><input type="submit" value="Go"></form>`},
	{name: "button formaction", payload: `<form><button formaction="javascript:alert(1)">Go</button></form>`},
	{name: "isindex action", payload: `<isindex action="javascript:alert(1)" type="image">`},
	{name: "meta refresh", payload: `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`},
	{name: "base href", payload: `<base href="javascript:alert(1)//"><a href="https://ok.example/">ok</a>`,
		keep: []string{`<a href="https://ok.example/" rel="noopener noreferrer" target="_blank">ok</a>`}},

	// Parser differentials (mXSS) and broken markup.
	{name: "math mglyph style mxss", payload: `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`},
	{name: "noscript title mxss", payload: `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`},
	{name: "comment hiding a tag", payload: `<!--<img src="--><img src=x onerror=alert(1)//">`},
	{name: "xmp raw text", payload: `<xmp><img src=x onerror=alert(1)></xmp>`},
	{name: "textarea raw text", payload: `<textarea><script>alert(1)</script></textarea>`},
	{name: "attribute breaking quotes", payload: `<p title="x" "onmouseover=alert(1)">Hi</p>"><script>alert(1)</script>`, keep: []string{"<p>Hi</p>"}},
	{name: "unclosed nested tags", payload: `<div><p>Back <b>at <i>9am`, keep: []string{"<p>Back <b>at <i>9am</i></b></p>"}},
	{name: "unclosed link", payload: `<a href="https://ok.example/">still a link`, keep: []string{`<a href="https://ok.example/" rel="noopener noreferrer" target="_blank">still a link</a>`}},
	{name: "null byte in tag name", payload: "<scr\x00ipt>alert(1)</scr\x00ipt>"},
	{name: "invalid utf8 around script", payload: "\xff<script>alert(1)</script>\xfe", gone: []string{"alert"}}}

func TestSanitise(t *testing.T) {
	if len(hostile) < 30 {
		t.Fatalf("the table has %d hostile payloads; keep at least 30", len(hostile))
	}
	seen := map[string]string{}
	for _, x := range hostile {
		if other, dup := seen[x.payload]; dup {
			t.Fatalf("%q repeats the payload of %q", x.name, other)
		}
		seen[x.payload] = x.name
	}
	for _, tc := range cases() {
		t.Run(tc.policy.name+"/"+tc.name, func(t *testing.T) {
			out := tc.policy.sanitise(tc.in)
			if tc.exact && out != tc.want {
				t.Errorf("%s(%q)\n got %q\nwant %q", tc.policy.name, tc.in, out, tc.want)
			}
			tc.policy.check(t, out)
			for _, k := range tc.keep {
				if !strings.Contains(out, k) {
					t.Errorf("safe part %q lost:\n in: %q\nout: %q", k, tc.in, out)
				}
			}
			for _, g := range tc.gone {
				if containsFold(out, g) {
					t.Errorf("%q survived:\n in: %q\nout: %q", g, tc.in, out)
				}
			}
			if again := tc.policy.sanitise(out); tc.policy.stable && again != out {
				t.Errorf("not stable:\n once: %q\ntwice: %q", out, again)
			}
		})
	}
}

// containsFold reports whether out holds g in any case (g as it is when it is not UTF-8: lower-casing
// would turn its bytes into U+FFFD).
func containsFold(out, g string) bool {
	if !utf8.ValidString(g) {
		return strings.Contains(out, g)
	}
	return strings.Contains(strings.ToLower(out), strings.ToLower(g))
}

var (
	rawScript  = regexp.MustCompile(`(?i)<\s*/?\s*script`)
	rawHandler = regexp.MustCompile(`(?i)<[^>]*[\s/"']on[a-z]+\s*=`)
	rawBadURL  = regexp.MustCompile(`(?i)<[^>]*(javascript|vbscript|data)\s*:`)
)

// assertInert looks at the raw text for the tell-tale signs of markup that runs, in case a parse and
// the browser ever disagree.
func assertInert(t *testing.T, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("output is not UTF-8: %q", out)
	}
	for _, re := range []*regexp.Regexp{rawScript, rawHandler, rawBadURL} {
		if m := re.FindString(out); m != "" {
			t.Errorf("output matches %s (%q): %q", re, m, out)
		}
	}
}

// walk parses out as the browser would (as children of a body element) and calls visit for every
// element; any node but an element or text is an error.
func walk(t *testing.T, out string, visit func(n *html.Node)) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		t.Fatalf("parse output: %v", err)
	}
	var each func(n *html.Node)
	each = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			visit(n)
		case html.TextNode:
		default:
			t.Errorf("node of type %d is not allowed: %q", n.Type, out)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			each(c)
		}
	}
	for _, n := range nodes {
		each(n)
	}
}

var noticeOutput = map[string]bool{"p": true, "br": true, "strong": true, "em": true, "b": true, "i": true,
	"ul": true, "ol": true, "li": true, "h2": true, "h3": true, "a": true}

// assertNotice: only the notice's elements, no attribute but a link's href (https, http or mailto),
// rel and target.
func assertNotice(t *testing.T, out string) {
	t.Helper()
	assertInert(t, out)
	walk(t, out, func(n *html.Node) {
		if n.Namespace != "" || !noticeOutput[n.Data] {
			t.Errorf("element <%s> (namespace %q) is not allowed: %q", n.Data, n.Namespace, out)
		}
		if n.Data != "a" {
			if len(n.Attr) > 0 {
				t.Errorf("<%s> keeps attributes %v: %q", n.Data, n.Attr, out)
			}
			return
		}
		got := map[string]string{}
		for _, a := range n.Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				t.Errorf("event handler %s on <a>: %q", a.Key, out)
			}
			got[a.Key] = a.Val
		}
		if len(got) != 3 || got["rel"] != "noopener noreferrer" || got["target"] != "_blank" {
			t.Errorf("<a> attributes are %v, want exactly href, rel=noopener noreferrer, target=_blank: %q", n.Attr, out)
		}
		u, err := url.Parse(got["href"])
		if err != nil {
			t.Errorf("href %q does not parse: %v", got["href"], err)
			return
		}
		if s := strings.ToLower(u.Scheme); s != "https" && s != "http" && s != "mailto" {
			t.Errorf("href %q has scheme %q: %q", got["href"], s, out)
		}
	})
}

// assertTitle: plain text that cannot become markup, within the cap.
func assertTitle(t *testing.T, out string) {
	t.Helper()
	if strings.ContainsAny(out, "<>") || utf8.RuneCountInString(out) > MaxTitleRunes {
		t.Errorf("title %q has < or > or is too long", out)
	}
}

// assertMail: nothing runs, and every link opens in the same tab without reaching back.
func assertMail(t *testing.T, out string) {
	t.Helper()
	assertInert(t, out)
	walk(t, out, func(n *html.Node) {
		if n.Data != "a" {
			return
		}
		rel := ""
		for _, a := range n.Attr {
			switch a.Key {
			case "target":
				t.Errorf("link keeps target=%q: %q", a.Val, out)
			case "rel":
				rel = a.Val
			}
		}
		if rel != "noopener noreferrer" {
			t.Errorf("link rel is %q, want noopener noreferrer: %q", rel, out)
		}
	})
}

// assertDocument: no link, image, form or frame, and no attribute but the table cells' spans and scope.
func assertDocument(t *testing.T, out string) {
	t.Helper()
	assertInert(t, out)
	walk(t, out, func(n *html.Node) {
		switch n.Data {
		case "a", "img", "form", "input", "iframe", "object", "embed", "svg", "math", "style", "link", "meta", "base":
			t.Errorf("element <%s> is not allowed in a document: %q", n.Data, out)
		}
		for _, a := range n.Attr {
			if a.Key != "colspan" && a.Key != "rowspan" && a.Key != "scope" {
				t.Errorf("<%s> keeps attribute %s: %q", n.Data, a.Key, out)
			}
		}
	})
}

func BenchmarkNotice(b *testing.B) {
	in := `<h2>Planned maintenance</h2><p>We are upgrading our systems. Back at <strong>9am</strong>.</p>` +
		`<p>See <a href="https://status.lender.example/">our status page</a>.</p>`
	b.ReportAllocs()
	for b.Loop() {
		Notice(in)
	}
}
