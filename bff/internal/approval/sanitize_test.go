package approval

import (
	"strings"
	"testing"
)

// TestSanitizeDocumentKeepsStructureOnly: the document's text, headings, lists and tables stay; what
// could run, style or leave the page goes.
func TestSanitizeDocumentKeepsStructureOnly(t *testing.T) {
	in := `<!doctype html><html lang="en-GB"><head><title>Key facts</title><style>body{color:red}</style>
<meta http-equiv="refresh" content="0;url=https://evil.example/"></head><body class="doc">
<h1 id="t">Key facts</h1><p style="x" onclick="steal()">Amount <strong>£5,000.00</strong></p>
<table><tr><th scope="row">APR</th><td colspan="2" onmouseover="x()">9.9%</td></tr></table>
<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">click</a>
<iframe src="https://evil.example/"></iframe><form action="https://evil.example/"><input name="pin"></form>
<ul><li>one</li></ul><svg><script>alert(2)</script></svg></body></html>`
	out := SanitizeDocument([]byte(in))
	for _, want := range []string{"<h1>Key facts</h1>", "<strong>£5,000.00</strong>", `<th scope="row">APR</th>`,
		`<td colspan="2">9.9%</td>`, "<li>one</li>", "click"} {
		if !strings.Contains(out, want) {
			t.Errorf("lost %q in %s", want, out)
		}
	}
	for _, banned := range []string{"<script", "alert(", "<style", "color:red", "<title", "refresh", "onclick", "onerror",
		"onmouseover", "javascript:", "<a ", "<img", "<iframe", "<form", "<input", "<svg", "class=", "id=", "style="} {
		if strings.Contains(out, banned) {
			t.Errorf("kept %q in %s", banned, out)
		}
	}
	if got := SanitizeDocument([]byte("ok \xff bytes")); !strings.Contains(got, "ok") || strings.Contains(got, "\xff") {
		t.Errorf("invalid UTF-8: %q", got)
	}
}
