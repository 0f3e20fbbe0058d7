package service

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// xssCase is one hostile notice. keep lists fragments of safe markup mixed into the payload that must
// come out unchanged; gone lists text that must not survive in any form (script bodies, handlers).
type xssCase struct {
	name    string
	payload string
	keep    []string
	gone    []string
}

var xssCases = []xssCase{
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
	{name: "invalid utf8 around script", payload: "\xff<script>alert(1)</script>\xfe", gone: []string{"alert"}},
}

var (
	rawScript     = regexp.MustCompile(`(?i)<\s*/?\s*script`)
	rawHandler    = regexp.MustCompile(`(?i)<[^>]*[\s/"']on[a-z]+\s*=`)
	rawBadURL     = regexp.MustCompile(`(?i)<[^>]*(javascript|vbscript|data)\s*:`)
	allowedOutput = map[string]bool{"p": true, "br": true, "strong": true, "em": true, "b": true, "i": true,
		"ul": true, "ol": true, "li": true, "h2": true, "h3": true, "a": true}
)

func TestSanitizeXSS(t *testing.T) {
	if len(xssCases) < 30 {
		t.Fatalf("the table has %d payloads; keep at least 30", len(xssCases))
	}
	seen := map[string]string{}
	for _, tc := range xssCases {
		if other, dup := seen[tc.payload]; dup {
			t.Fatalf("%q repeats the payload of %q", tc.name, other)
		}
		seen[tc.payload] = tc.name
		t.Run(tc.name, func(t *testing.T) {
			out := Sanitize(tc.payload)
			assertSafeHTML(t, out)
			for _, k := range tc.keep {
				if !strings.Contains(out, k) {
					t.Errorf("safe part %q lost:\n in: %q\nout: %q", k, tc.payload, out)
				}
			}
			for _, g := range tc.gone {
				if strings.Contains(strings.ToLower(out), strings.ToLower(g)) {
					t.Errorf("%q survived:\n in: %q\nout: %q", g, tc.payload, out)
				}
			}
			if again := Sanitize(out); again != out {
				t.Errorf("not stable:\n once: %q\ntwice: %q", out, again)
			}
		})
	}
	t.Logf("%d XSS payloads", len(xssCases))
}

// assertSafeHTML checks the sanitiser's output by parsing it as a browser would, and by looking at
// the raw text for the tell-tale signs in case the parse and the browser ever disagree.
func assertSafeHTML(t *testing.T, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Errorf("output is not UTF-8: %q", out)
	}
	for _, re := range []*regexp.Regexp{rawScript, rawHandler, rawBadURL} {
		if m := re.FindString(out); m != "" {
			t.Errorf("output matches %s (%q): %q", re, m, out)
		}
	}
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		t.Fatalf("parse output: %v", err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if n.Namespace != "" || !allowedOutput[n.Data] {
				t.Errorf("element <%s> (namespace %q) is not allowed: %q", n.Data, n.Namespace, out)
			}
			assertAttributes(t, n, out)
		case html.TextNode:
		default:
			t.Errorf("node of type %d is not allowed: %q", n.Type, out)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
}

func assertAttributes(t *testing.T, n *html.Node, out string) {
	t.Helper()
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
}

func TestSanitizeKeepsTheAllowlist(t *testing.T) {
	cases := []struct{ in, want string }{
		{
			in: `<h2>Planned maintenance</h2><p>We are <em>upgrading</em> our systems.<br>Back at <strong>9am</strong>.</p>` +
				`<h3>Meanwhile</h3><ul><li><b>Payments</b> still go out</li></ul><ol><li><i>Call us</i></li></ol>`,
			want: `<h2>Planned maintenance</h2><p>We are <em>upgrading</em> our systems.<br/>Back at <strong>9am</strong>.</p>` +
				`<h3>Meanwhile</h3><ul><li><b>Payments</b> still go out</li></ul><ol><li><i>Call us</i></li></ol>`,
		},
		{
			in:   `<p>Write to <a href="mailto:help@lender.example">help@lender.example</a></p>`,
			want: `<p>Write to <a href="mailto:help@lender.example" rel="noopener noreferrer" target="_blank">help@lender.example</a></p>`,
		},
		{
			in:   `<a href="http://status.lender.example/?a=1&b=2">status</a>`,
			want: `<a href="http://status.lender.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">status</a>`,
		},
		{in: `<p>Fish &amp; chips &lt;3 "quoted" it's</p>`, want: `<p>Fish &amp; chips &lt;3 &#34;quoted&#34; it&#39;s</p>`},
		{in: `<h1>Big</h1><div class="x"><span>plain</span></div>`, want: `Bigplain`},
		{in: `<a href="/relative">here</a> <a>bare</a>`, want: `here bare`},
		{in: "   \n ", want: ""},
		{in: `<script>only script</script>`, want: ""},
	}
	for _, tc := range cases {
		got := Sanitize(tc.in)
		if got != tc.want {
			t.Errorf("Sanitize(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		assertSafeHTML(t, got)
		if again := Sanitize(got); again != got {
			t.Errorf("not stable: %q then %q", got, again)
		}
	}
}

func TestSanitizeTitle(t *testing.T) {
	long := strings.Repeat("é", MaxTitleRunes+10)
	cases := []struct{ in, want string }{
		{"Planned maintenance", "Planned maintenance"},
		{"  <b>Planned</b>\n\tmaintenance  ", "Planned maintenance"},
		{`<script>alert(1)</script>We'll be back`, "We'll be back"},
		{`<img src=x onerror=alert(1)>Back soon`, "Back soon"},
		{`&lt;script&gt;alert(1)&lt;/script&gt;`, "scriptalert(1)/script"},
		{`Fish &amp; chips "today"`, `Fish & chips "today"`},
		{"right\u202Eto-left\u2066 and\x00nul", "right to-left and nul"},
		{long, strings.Repeat("é", MaxTitleRunes)},
		{strings.Repeat("a ", 59) + "bcdef", strings.Repeat("a ", 59) + "bc"},
		{"<p></p>", ""},
		{"\xffbad", "\uFFFDbad"},
	}
	for _, tc := range cases {
		got := SanitizeTitle(tc.in)
		if got != tc.want {
			t.Errorf("SanitizeTitle(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.ContainsAny(got, "<>") || utf8.RuneCountInString(got) > MaxTitleRunes {
			t.Errorf("SanitizeTitle(%q) = %q: has < or > or is too long", tc.in, got)
		}
		if again := SanitizeTitle(got); again != got {
			t.Errorf("SanitizeTitle not stable: %q then %q", got, again)
		}
	}
	for _, tc := range xssCases {
		got := SanitizeTitle(tc.payload)
		if strings.ContainsAny(got, "<>") || utf8.RuneCountInString(got) > MaxTitleRunes {
			t.Errorf("SanitizeTitle(%q) = %q: has < or > or is too long", tc.payload, got)
		}
	}
}

func BenchmarkSanitize(b *testing.B) {
	in := `<h2>Planned maintenance</h2><p>We are upgrading our systems. Back at <strong>9am</strong>.</p>` +
		`<p>See <a href="https://status.lender.example/">our status page</a>.</p>`
	b.ReportAllocs()
	for b.Loop() {
		Sanitize(in)
	}
}

func TestSanitizeDropsControlCharacters(t *testing.T) {
	got := Sanitize("<p>Back\x1b[31m soon\x07\u0085</p>\n<p>line\tend</p>")
	if want := "<p>Back[31m soon</p>\n<p>line\tend</p>"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
