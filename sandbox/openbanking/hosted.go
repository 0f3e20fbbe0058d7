package openbanking

import (
	"net/http"
	"net/url"

	ob "lender/bff/upstream/openbanking"
	"lender/sandbox/hosted"
)

// service names the provider on its hosted pages.
const service = "Open banking"

type bankOption struct {
	ID, Name string
	Checked  bool
}

type chooserData struct {
	Client    string // who asks to see the accounts
	Action    string // the page itself
	Token     string
	Profile   string
	Banks     []bankOption
	Error     string
	FirstBank string // the radio the error summary links to
}

var chooserPage = hosted.NewPage(`{{define "main"}}
{{- if .Error}}<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">There is a problem</h2>
<ul><li><a href="#bank-{{.FirstBank}}">{{.Error}}</a></li></ul>
</div>
{{end -}}
<h1>Connect your bank account</h1>
<p>{{.Client}} is asking to see your account details, balances and the last 12 months of transactions, to check what you can afford. Access lasts 90 days and you can withdraw it at any time.</p>
<p class="notice">This is the sandbox: the banks are fictional and no real account is used. Your data follows the profile “{{.Profile}}”.</p>
<form method="get" action="{{.Action}}">
<input type="hidden" name="step" value="bank">
<fieldset{{if .Error}} class="field-error" aria-describedby="bank-error"{{end}}>
<legend>Choose your bank</legend>
{{if .Error}}<span id="bank-error" class="error-message">{{.Error}}</span>
{{end}}{{range .Banks}}<div class="radio"><input type="radio" id="bank-{{.ID}}" name="bank" value="{{.ID}}"{{if .Checked}} checked{{end}}><label for="bank-{{.ID}}">{{.Name}}</label></div>
{{end}}</fieldset>
<button type="submit" class="button">Continue</button>
</form>
<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token}}">
<input type="hidden" name="action" value="cancel">
<button type="submit" class="button button-secondary">Cancel and go back</button>
</form>
{{end}}`)

type bankPageData struct {
	Client, Action, Token, BankID, Bank string
}

var bankPage = hosted.NewPage(`{{define "main"}}
<h1>Allow access to your {{.Bank}} accounts?</h1>
<p>{{.Bank}} will share with {{.Client}}, for 90 days:</p>
<ul>
<li>your account names, sort codes and account numbers</li>
<li>your balances</li>
<li>your transactions from the last 12 months</li>
</ul>
<p class="notice">This is the sandbox: you are not really signed in to a bank.</p>
<div class="actions">
<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token}}">
<input type="hidden" name="bank" value="{{.BankID}}">
<input type="hidden" name="action" value="allow">
<button type="submit" class="button">Allow access</button>
</form>
<form method="post" action="{{.Action}}">
<input type="hidden" name="token" value="{{.Token}}">
<input type="hidden" name="action" value="cancel">
<button type="submit" class="button button-secondary">Cancel</button>
</form>
</div>
<p><a href="{{.Action}}">Choose a different bank</a></p>
{{end}}`)

func (p *Provider) action(c *consent) string { return p.prefix + "/hosted/consents/" + c.ID }

// client is who c's pages say asks to see the accounts, as the consent was created.
func client(c *consent) hosted.Merchant {
	return hosted.Merchant{Name: c.ClientDisplayName, Colour: c.ClientBrandColour}
}

// renderChooser shows the bank chooser, with errMsg in an error summary when set.
func (p *Provider) renderChooser(w http.ResponseWriter, status int, c *consent, chosen, errMsg string) {
	d := chooserData{Client: c.ClientDisplayName, Action: p.action(c), Token: c.token, Profile: c.profile.Label, Error: errMsg, FirstBank: banks[0].ID}
	for _, b := range banks {
		d.Banks = append(d.Banks, bankOption{ID: b.ID, Name: b.Name, Checked: b.ID == chosen})
	}
	hosted.Render(w, status, chooserPage, p.site.AppOrigin(),
		hosted.View{Title: "Connect your bank account", Service: service, Error: errMsg != "", Merchant: client(c), Data: d})
}

func consentNotFound(w http.ResponseWriter) {
	hosted.Message(w, http.StatusNotFound, service, hosted.MessageData{
		Title: "This bank connection link is not valid",
		Text:  "Go back to the lender and start connecting your bank again.",
	})
}

func consentUsed(w http.ResponseWriter, status int, c *consent) {
	hosted.MessageFor(w, status, service, client(c), hosted.MessageData{
		Title: "This bank connection link has been used",
		Text:  "Go back to the lender to see where your application is.",
	})
}

// snapshot is a copy of the path's consent with expiry applied, for rendering outside the lock.
func (p *Provider) snapshot(r *http.Request) (consent, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.consents[r.PathValue("id")]
	if !ok {
		return consent{}, false
	}
	c.refresh(p.Clock.Now())
	return *c, true
}

// consentPage serves GET /hosted/consents/{id}: the bank chooser, or with ?step=bank&bank=<id> the
// chosen bank's consent page.
func (p *Provider) consentPage(w http.ResponseWriter, r *http.Request) {
	c, ok := p.snapshot(r)
	switch {
	case !ok:
		consentNotFound(w)
		return
	case c.Status != ob.StatusAwaiting:
		consentUsed(w, http.StatusOK, &c)
		return
	}
	q := r.URL.Query()
	if q.Get("step") != "bank" {
		p.renderChooser(w, http.StatusOK, &c, "", "")
		return
	}
	b, ok := bankByID(q.Get("bank"))
	if !ok {
		p.renderChooser(w, http.StatusBadRequest, &c, "", "Select your bank")
		return
	}
	hosted.Render(w, http.StatusOK, bankPage, p.site.AppOrigin(), hosted.View{
		Title: "Allow access to your " + b.Name + " accounts?", Service: b.Name, // the bank's own page: it names the client in its text, not its header
		Data: bankPageData{Client: c.ClientDisplayName, Action: p.action(&c), Token: c.token, BankID: b.ID, Bank: b.Name},
	})
}

// consentSubmit serves POST /hosted/consents/{id}: allow (with a bank) or cancel, then 303 back to the
// app.
func (p *Provider) consentSubmit(w http.ResponseWriter, r *http.Request) {
	if err := hosted.ParseForm(w, r); err != nil {
		hosted.Message(w, http.StatusBadRequest, service, hosted.MessageData{
			Title: "The form could not be read", Text: "Go back to the bank connection page and try again.",
		})
		return
	}
	now := p.Clock.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.consents[r.PathValue("id")]
	if !ok {
		consentNotFound(w)
		return
	}
	c.refresh(now)
	if !hosted.SameToken(r.PostForm.Get("token"), c.token) {
		hosted.MessageFor(w, http.StatusForbidden, service, client(c), hosted.MessageData{
			Title: "This form was not sent from the bank connection page",
			Text:  "Open the bank connection page again and choose there.",
			Link:  p.action(c), LinkText: "Open the bank connection page",
		})
		return
	}
	if c.Status != ob.StatusAwaiting {
		consentUsed(w, http.StatusConflict, c)
		return
	}
	params := url.Values{ob.ReturnParamFrom: {ob.ReturnFromRender}, ob.ReturnParamConsentID: {c.ID}}
	if c.state != "" {
		params.Set(ob.ReturnParamState, c.state)
	}
	switch r.PostForm.Get("action") {
	case "allow":
		b, ok := bankByID(r.PostForm.Get("bank"))
		if !ok {
			p.renderChooser(w, http.StatusBadRequest, c, "", "Select your bank")
			return
		}
		c.BankID, c.BankName = b.ID, b.Name
		c.code, c.codeAt = hosted.NewToken(), now // a later consent replaces an unused earlier code
		params.Set(ob.ReturnParamCode, c.code)
	case "cancel":
		c.Status, c.AuthURL, c.code = ob.StatusRejected, "", ""
		params.Set(ob.ReturnParamError, ob.ReturnErrorAccessDenied)
	default:
		p.renderChooser(w, http.StatusBadRequest, c, "", "Select your bank, or cancel")
		return
	}
	hosted.Redirect(w, r, c.redirect, params)
}
