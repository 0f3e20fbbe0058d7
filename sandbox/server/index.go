package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"strconv"
)

// indexCSS is the index page's only styling; the CSP allows exactly this block by its hash.
const indexCSS = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #b1b4b6}
code{font-size:.95em}a{color:#1d70b8}a:focus{outline:3px solid #fd0;background:#fd0;color:#0b0c0c}`

var indexCSP = "default-src 'none'; style-src 'sha256-" + cssHash() + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func cssHash() string {
	sum := sha256.Sum256([]byte(indexCSS))
	return base64.StdEncoding.EncodeToString(sum[:])
}

var indexTemplate = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lender sandbox</title>
<style>{{.CSS}}</style>
</head>
<body>
<main>
<h1>Lender sandbox</h1>
<p>One process that plays every upstream the BFF calls. State is in memory; the control API below resets it, moves its clock and injects faults.</p>
<p>Sandbox time: <time datetime="{{.Now}}">{{.Now}}</time></p>
<h2>Providers</h2>
<table>
<thead><tr><th scope="col">Provider</th><th scope="col">API prefix</th><th scope="col">Health</th><th scope="col">Fault</th></tr></thead>
<tbody>
{{range .Providers}}<tr><td>{{.Name}}</td><td><code>{{.Prefix}}</code></td><td><a href="{{.Prefix}}/health">{{.Name}} health</a></td><td>{{if .Fault}}{{.Fault}}{{else}}none{{end}}</td></tr>
{{end}}</tbody>
</table>
<h2>Control API</h2>
<table>
<thead><tr><th scope="col">Call</th><th scope="col">What it does</th></tr></thead>
<tbody>
<tr><td><code>GET /_sandbox/health</code></td><td>Answers <code>{"status":"ok"}</code>.</td></tr>
<tr><td><code>POST /_sandbox/reset</code></td><td>Restores the seed state, puts the clock back to real time and clears faults.</td></tr>
<tr><td><code>GET /_sandbox/clock</code></td><td>The sandbox time, RFC 3339.</td></tr>
<tr><td><code>POST /_sandbox/clock</code></td><td><code>{"advance":"72h"}</code> or <code>{"set":"2026-12-01T09:00:00Z"}</code>.</td></tr>
<tr><td><code>GET /_sandbox/faults</code></td><td>The active faults.</td></tr>
<tr><td><code>POST /_sandbox/faults</code></td><td><code>{"provider":"lending","latencyMs":1000,"status":503}</code> delays and/or forces a status on one provider's routes.</td></tr>
<tr><td><code>DELETE /_sandbox/faults</code></td><td>Clears every fault, or one provider's with <code>?provider=lending</code>.</td></tr>
<tr><td><code>GET /_sandbox/telemetry</code></td><td>The error reports and analytics events the BFF's telemetry tunnels forwarded; <code>?event=front_end_error</code> keeps one event name.</td></tr>
</tbody>
</table>
<h2>Addresses</h2>
<dl>
<dt>Hosted pages are reached at</dt><dd><code>{{.PublicURL}}</code></dd>
<dt>Hosted pages return the browser to</dt><dd><code>{{.AppURL}}</code></dd>
</dl>
</main>
</body>
</html>
`))

type indexProvider struct {
	Name, Prefix, Fault string
}

type indexData struct {
	CSS       template.CSS
	Now       string
	Providers []indexProvider
	PublicURL string
	AppURL    string
}

func (s *Server) index(w http.ResponseWriter, _ *http.Request) {
	data := indexData{CSS: template.CSS(indexCSS), Now: s.clockState().Now, PublicURL: s.cfg.PublicURL, AppURL: s.cfg.AppURL}
	for _, name := range providerNames {
		p := indexProvider{Name: name, Prefix: Prefix(name)}
		if f, ok := s.faults.get(name); ok {
			p.Fault = "latency " + strconv.Itoa(f.LatencyMs) + " ms, status " + strconv.Itoa(f.Status)
		}
		data.Providers = append(data.Providers, p)
	}
	var buf bytes.Buffer
	if err := indexTemplate.Execute(&buf, data); err != nil {
		http.Error(w, "the index could not be rendered", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", indexCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	_, _ = buf.WriteTo(w)
}
