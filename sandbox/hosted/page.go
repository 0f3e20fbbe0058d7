package hosted

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
)

// CSS is the hosted pages' only styling; the CSP allows exactly this block by its hash. It follows the
// GOV.UK Design System's look: 19 px text, full-width buttons below 641 px, a yellow focus ring, and
// colour pairs of at least 4.5:1.
const CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.1875rem;line-height:1.5;color:#0b0c0c;background:#fff}
.skip{position:absolute;left:-9999px;top:0;padding:.5rem 1rem;background:#fd0;color:#0b0c0c}.skip:focus{left:0}
header{background:#0b0c0c;color:#fff;padding:.75rem 1rem}header p{margin:0 auto;max-width:40rem;font-weight:700}
main{display:block;max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:2rem;line-height:1.2;margin:0 0 1.5rem}h2{font-size:1.5rem;line-height:1.25;margin:2rem 0 1rem}
p,ul,dl{margin:0 0 1.25rem}
.notice{border-left:10px solid #b1b4b6;padding:.25rem 0 .25rem 1rem}
fieldset{border:0;margin:0 0 1.5rem;padding:0;min-width:0}legend{font-weight:700;font-size:1.25rem;margin-bottom:.75rem;padding:0}
.hint{color:#484949;margin-bottom:.75rem}
.caption{display:block;color:#484949;margin-bottom:.25rem}
.radio{display:flex;align-items:flex-start;gap:.75rem;margin-bottom:.75rem}
.radio input{width:1.75rem;height:1.75rem;margin:0;flex:none;accent-color:#0b0c0c}.radio label{padding-top:.05rem;cursor:pointer}
.error-summary{border:5px solid #b3261e;padding:1rem;margin-bottom:1.5rem}.error-summary h2{margin-top:0}
.error-message{display:block;color:#b3261e;font-weight:700;margin-bottom:.5rem}
.field-error{border-left:5px solid #b3261e;padding-left:1rem}
.actions{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:center;margin:1.5rem 0 1rem}.actions form{margin:0;flex:1 1 100%}
.button{display:inline-block;width:100%;min-height:2.75rem;margin:0 0 .5rem;padding:.5rem 1.25rem;border:2px solid transparent;border-radius:0;font:inherit;font-weight:700;line-height:1.25;color:#fff;background:#00703c;box-shadow:0 2px 0 #002d18;cursor:pointer;text-align:center;text-decoration:none}
.button-warning{background:#b3261e;box-shadow:0 2px 0 #55150b}
.button-secondary{background:#f3f2f1;color:#0b0c0c;box-shadow:0 2px 0 #929191}
@media (min-width:40.0625em){.button{width:auto}.actions form{flex:0 0 auto}}
a{color:#1d70b8}a:visited{color:#4c2c92}
a:focus,.button:focus,input:focus{outline:3px solid #fd0;outline-offset:0}
a:focus{background:#fd0;color:#0b0c0c;box-shadow:0 4px #0b0c0c;text-decoration:none}
.button:focus{background:#fd0;color:#0b0c0c;box-shadow:0 2px 0 #0b0c0c}
.radio input:focus{box-shadow:0 0 0 6px #fd0}`

func styleHash(css string) string {
	sum := sha256.Sum256([]byte(css))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// CSP is the Content-Security-Policy of a hosted page whose forms may lead to appOrigin ("" for none)
// and whose style block is CSS: nothing may load, the one style block is allowed by its hash, forms go
// only to the page's own origin and, through the redirect that follows, to the app.
func CSP(appOrigin string) string { return csp(appOrigin, CSS) }

func csp(appOrigin, css string) string {
	formAction := "'self'"
	if appOrigin != "" {
		formAction += " " + appOrigin
	}
	return "default-src 'none'; style-src 'sha256-" + styleHash(css) + "'; form-action " + formAction +
		"; base-uri 'none'; frame-ancestors 'none'"
}

// layout is every hosted page's frame; a page defines "main", which must hold the page's one h1.
var layout = template.Must(template.New("layout").Parse(`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .Error}}Error: {{end}}{{.Title}}{{with .Merchant.Name}} – {{.}}{{end}} – {{.Service}} (sandbox)</title>
<style>{{.CSS}}</style>
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<header><p>{{with .Merchant.Name}}{{.}} · {{end}}{{.Service}} (sandbox)</p></header>
<main id="main">
{{template "main" .Data}}
</main>
</body>
</html>
`))

// NewPage builds a page from src, which must {{define "main"}} (the content inside <main>, starting
// with the page's h1). It panics on a template error, like template.Must: pages are package-level
// variables.
func NewPage(src string) *template.Template {
	return template.Must(template.Must(layout.Clone()).Parse(src))
}

// View is what Render shows.
type View struct {
	Title   string // the page's subject, also its h1 in most pages; the <title> adds the service
	Service string // the simulated provider, e.g. "Identity check"
	Error   bool   // the page reports a problem: <title> starts with "Error: "
	// Merchant is whom the page acts for, named in its header and title: the business that made the
	// link, never another (zero on a page that cannot tell, e.g. a link that is not valid).
	Merchant Merchant
	Data     any // the page template's data
}

type frame struct {
	View
	CSS template.CSS
}

// Render answers page with status, under the hosted pages' security headers (see CSP). appOrigin is
// where the page's forms may lead (Site.AppOrigin), "" when they lead nowhere but the page itself.
func Render(w http.ResponseWriter, status int, page *template.Template, appOrigin string, v View) {
	css := v.Merchant.css()
	var buf bytes.Buffer
	if err := page.ExecuteTemplate(&buf, "layout", frame{View: v, CSS: template.CSS(css)}); err != nil {
		http.Error(w, "the page could not be rendered", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", csp(appOrigin, css))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_, _ = buf.WriteTo(w)
}

// MessageData is the data of the message page.
type MessageData struct {
	Title string
	Text  string
	// Link, when set, is a link to offer the person (e.g. back to the app) with LinkText.
	Link, LinkText string
}

var messagePage = NewPage(`{{define "main"}}<h1>{{.Title}}</h1>
<p>{{.Text}}</p>
{{if .Link}}<p><a href="{{.Link}}">{{.LinkText}}</a></p>{{end}}{{end}}`)

// Message answers a page that only says something: a link that is not valid, a check already done.
// It acts for no merchant (MessageFor names one).
func Message(w http.ResponseWriter, status int, service string, d MessageData) {
	MessageFor(w, status, service, Merchant{}, d)
}

// MessageFor is Message on the page of a link made by m: the payer still sees whom it is for.
func MessageFor(w http.ResponseWriter, status int, service string, m Merchant, d MessageData) {
	Render(w, status, messagePage, "", View{Title: d.Title, Service: service, Error: status >= 400, Merchant: m, Data: d})
}
