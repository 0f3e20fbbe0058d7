package identity

import (
	"net/http"
	"slices"

	"lender/bff/upstream/identity"
	"lender/sandbox/hosted"
)

type failReason struct{ Value, Label string }

// failReasons are the reasons the hosted page offers for failing a check, in the order shown.
var failReasons = []failReason{
	{identity.ReasonDocumentExpired, "The identity document has expired"},
	{identity.ReasonDocumentUnreadable, "The document could not be read"},
	{identity.ReasonFaceMismatch, "The face does not match the document"},
}

type reasonOption struct {
	Value, Label string
	Checked      bool
}

type checkPageData struct {
	Action  string // the form's target: the page itself
	Token   string
	Reasons []reasonOption
	Error   string // the error summary's message, when the post was refused
	ErrorID string // the id of the control the error summary links to
}

var checkPage = hosted.NewPage(`{{define "main"}}
{{- if .Error}}<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
<ul><li><a href="#{{.ErrorID}}">{{.Error}}</a></li></ul>
</div>
{{end -}}
<h1>Check your identity</h1>
<p>In a real check you would photograph your passport or driving licence and then your face.</p>
<p class="notice">This is the sandbox: nothing is checked. Choose the result the lender should get.</p>
<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token}}">
<input type="hidden" name="outcome" value="pass">
<button type="submit" class="button">Pass the check</button>
</form>
<h2>Or fail the check</h2>
<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token}}">
<input type="hidden" name="outcome" value="fail">
<fieldset{{if .Error}} class="field-error" aria-describedby="reason-error"{{end}}>
<legend>Why should the check fail?</legend>
{{if .Error}}<span id="reason-error" class="error-message">{{.Error}}</span>
{{end}}{{range .Reasons}}<div class="radio"><input type="radio" id="reason-{{.Value}}" name="reason" value="{{.Value}}"{{if .Checked}} checked{{end}}><label for="reason-{{.Value}}">{{.Label}}</label></div>
{{end}}</fieldset>
<button type="submit" class="button button-warning">Fail the check</button>
</form>
{{end}}`)

func (p *Provider) pageData(c *check, chosen, errMsg string) checkPageData {
	d := checkPageData{Action: p.prefix + "/hosted/checks/" + c.ID, Token: c.token, Error: errMsg}
	if chosen == "" {
		chosen = failReasons[0].Value
	}
	for _, r := range failReasons {
		d.Reasons = append(d.Reasons, reasonOption{Value: r.Value, Label: r.Label, Checked: r.Value == chosen})
	}
	if errMsg != "" {
		d.ErrorID = "reason-" + failReasons[0].Value
	}
	return d
}

func notFound(w http.ResponseWriter) {
	hosted.Message(w, http.StatusNotFound, service, hosted.MessageData{
		Title: "This identity check link is not valid",
		Text:  "Go back to the lender and start the identity check again.",
	})
}

// finished tells the person the check is over and links back to the app.
func (p *Provider) finished(w http.ResponseWriter, status int, c *check) {
	u := *c.returnURL
	q := u.Query()
	for k, v := range c.returnParams() {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	hosted.Message(w, status, service, hosted.MessageData{
		Title:    "This identity check is finished",
		Text:     "The check has " + c.Status + ". There is nothing more to do here.",
		Link:     u.String(),
		LinkText: "Return to the lender",
	})
}

// checkPage serves GET /hosted/checks/{id}.
func (p *Provider) checkPage(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	c, ok := p.checks[r.PathValue("id")]
	var snapshot check
	if ok {
		snapshot = *c
	}
	p.mu.Unlock()
	switch {
	case !ok:
		notFound(w)
	case snapshot.Status != identity.StatusPending:
		p.finished(w, http.StatusOK, &snapshot)
	default:
		hosted.Render(w, http.StatusOK, checkPage, p.site.AppOrigin(),
			hosted.View{Title: "Check your identity", Service: service, Data: p.pageData(&snapshot, "", "")})
	}
}

// checkSubmit serves POST /hosted/checks/{id}: the person's choice, then 303 back to the app.
func (p *Provider) checkSubmit(w http.ResponseWriter, r *http.Request) {
	if err := hosted.ParseForm(w, r); err != nil {
		hosted.Message(w, http.StatusBadRequest, service, hosted.MessageData{
			Title: "The form could not be read", Text: "Go back to the identity check and try again.",
		})
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.checks[r.PathValue("id")]
	if !ok {
		notFound(w)
		return
	}
	if !hosted.SameToken(r.PostForm.Get("token"), c.token) {
		hosted.Message(w, http.StatusForbidden, service, hosted.MessageData{
			Title: "This form was not sent from the identity check page",
			Text:  "Open the identity check page again and choose there.",
			Link:  p.prefix + "/hosted/checks/" + c.ID, LinkText: "Open the identity check page",
		})
		return
	}
	if c.Status != identity.StatusPending {
		p.finished(w, http.StatusConflict, c)
		return
	}
	var o outcome
	switch r.PostForm.Get("outcome") {
	case "pass":
		o = outcome{status: identity.StatusPassed}
	case "fail":
		reason := r.PostForm.Get("reason")
		if !slices.ContainsFunc(failReasons, func(fr failReason) bool { return fr.Value == reason }) {
			hosted.Render(w, http.StatusBadRequest, checkPage, p.site.AppOrigin(), hosted.View{
				Title: "Check your identity", Service: service, Error: true,
				Data: p.pageData(c, "", "Choose why the check should fail"),
			})
			return
		}
		o = outcome{status: identity.StatusFailed, reason: reason}
	default:
		hosted.Message(w, http.StatusBadRequest, service, hosted.MessageData{
			Title: "Choose pass or fail", Text: "Go back to the identity check and choose one of its buttons.",
			Link: p.prefix + "/hosted/checks/" + c.ID, LinkText: "Open the identity check page",
		})
		return
	}
	c.finish(o, p.Clock.Now())
	hosted.Redirect(w, r, c.returnURL, c.returnParams())
}
