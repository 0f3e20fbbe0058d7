package payments

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"lender/bff/upstream/payments"
	"lender/sandbox/hosted"
)

// service names the simulated provider on its hosted pages.
const service = "Card payment"

// Form fields of the checkout page.
const (
	FieldCardNumber = "cardNumber"
	FieldExpiry     = "expiry" // MM/YY, MMYY, MM/YYYY
	FieldName       = "cardholderName"
	FieldCVC        = "cvc"
	FieldFormToken  = "formToken"
	FieldResult     = "result" // the 3-D Secure page: ResultPass or ResultFail
	ResultPass      = "pass"
	ResultFail      = "fail"
)

// fieldIDs are the HTML ids of the checkout's inputs, which the error summary links to.
var fieldIDs = map[string]string{FieldCardNumber: "card-number", FieldExpiry: "expiry", FieldName: "cardholder-name", FieldCVC: "cvc"}

// fieldError is one problem with what the payer typed.
type fieldError struct {
	ID      string // the input's id
	Message string
}

var checkoutPage = hosted.NewPage(`{{define "main"}}
{{- if .Errors}}<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul>{{range .Errors}}<li><a href="#{{.ID}}">{{.Message}}</a></li>{{end}}</ul>
</div>
{{end -}}
<span class="caption">{{.Caption}}</span>
<h1>{{.Heading}}</h1>
<dl>
<dt>Payment for</dt><dd>{{.Description}}</dd>
<dt>{{if .StoreOnly}}Amount taken now{{else}}Amount{{end}}</dt><dd>{{.Amount}}</dd>
</dl>
{{if .StoreOnly}}<p class="notice">No money will be taken now. Your card will be saved so that future payments can be taken from it when they are due.</p>
{{else if .StoreCard}}<p class="notice">Your card will also be saved so that future payments can be taken from it when they are due.</p>
{{end -}}
<form method="post" action="{{.Action}}" novalidate>
<input type="hidden" name="formToken" value="{{.FormToken}}">
{{template "field" .CardNumber}}
{{template "field" .Expiry}}
{{template "field" .Name}}
{{template "field" .CVC}}
<button class="button" type="submit">{{.Submit}}</button>
</form>
<form method="post" action="{{.CancelAction}}">
<input type="hidden" name="formToken" value="{{.FormToken}}">
<button class="button button-secondary" type="submit">Cancel and go back</button>
</form>
{{end}}
{{define "field"}}<div{{if .Error}} class="field-error"{{end}}>
<label for="{{.ID}}">{{.Label}}</label>
<p class="hint" id="{{.ID}}-hint">{{.Hint}}</p>
{{if .Error}}<p class="error-message" id="{{.ID}}-error">Error: {{.Error}}</p>
{{end}}<p><input id="{{.ID}}" name="{{.Name}}" type="text" autocomplete="{{.Autocomplete}}"{{if .Numeric}} inputmode="numeric"{{end}} spellcheck="false" size="{{.Size}}" value="{{.Value}}" aria-describedby="{{.ID}}-hint{{if .Error}} {{.ID}}-error{{end}}"{{if .Error}} aria-invalid="true"{{end}}></p>
</div>{{end}}`)

// field is one input of the checkout form.
type field struct {
	ID, Name, Label, Hint, Autocomplete, Value, Error string
	Numeric                                           bool
	Size                                              int
}

type checkoutData struct {
	Errors                   []fieldError
	Caption                  string // whom the payer pays, above the heading
	Heading, Description     string
	Amount, Submit           string
	StoreOnly, StoreCard     bool
	Action, CancelAction     string
	FormToken                string
	CardNumber, Expiry, Name field
	CVC                      field
}

var challengePage = hosted.NewPage(`{{define "main"}}
{{- if .Error}}<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul><li><a href="#result-pass">{{.Error}}</a></li></ul>
</div>
{{end -}}
<h1>Confirm it’s you</h1>
<p>Your bank wants to check that it’s you making this {{if .StoreOnly}}card check{{else}}payment of {{.Amount}}{{end}} with your {{.Card}}.</p>
<p class="notice">This is the sandbox’s 3-D Secure challenge. Choose what the bank decides.</p>
<form method="post" action="{{.Action}}">
<input type="hidden" name="formToken" value="{{.FormToken}}">
<div class="actions">
<button class="button" type="submit" id="result-pass" name="result" value="pass">Pass authentication</button>
<button class="button button-warning" type="submit" name="result" value="fail">Fail authentication</button>
</div>
</form>
{{end}}`)

type challengeData struct {
	Error             string
	Amount, Card      string
	StoreOnly         bool
	Action, FormToken string
}

// pagePath is the path of a link's checkout page (suffix "" ), 3-D Secure page ("/authenticate") or
// cancel action ("/cancel").
func (p *Provider) pagePath(token, suffix string) string {
	return p.prefix + checkoutPath + url.PathEscape(token) + suffix
}

// merchant is whom l's pages act for, as the link was created.
func merchant(l payments.PaymentLink) hosted.Merchant {
	return hosted.Merchant{Name: l.MerchantDisplayName, Colour: l.MerchantBrandColour}
}

// linkByTokenLocked is the link of a checkout token, refreshed to now, or nil. The caller holds p.mu.
func (p *Provider) linkByTokenLocked(token string, now time.Time) *link {
	l := p.st.links[p.st.byToken[tokenHash(token)]]
	if l != nil {
		l.refresh(now)
	}
	return l
}

func notFoundPage(w http.ResponseWriter) {
	hosted.Message(w, http.StatusNotFound, service, hosted.MessageData{
		Title: "Payment link not found",
		Text:  "This payment link is not valid. Go back to where you came from and start the payment again.",
	})
}

// checkoutPage serves GET /checkout/{token}: the card form while the link is open, or what became of it.
func (p *Provider) checkoutPage(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	p.mu.Lock()
	l := p.linkByTokenLocked(token, p.Clock.Now())
	if l == nil {
		p.mu.Unlock()
		notFoundPage(w)
		return
	}
	snap, formToken := copyLink(l.PaymentLink), l.formToken
	p.mu.Unlock()
	if snap.Status != payments.StatusCreated {
		p.statusPage(w, r, token, snap)
		return
	}
	p.renderForm(w, http.StatusOK, token, snap, formToken, url.Values{}, nil)
}

// statusPage answers a link that no longer takes a card: on to the 3-D Secure page, or a page saying
// what happened with a link back to the app.
func (p *Provider) statusPage(w http.ResponseWriter, r *http.Request, token string, l payments.PaymentLink) {
	var title, text string
	status := http.StatusOK
	switch l.Status {
	case payments.StatusCreated:
		http.Redirect(w, r, p.pagePath(token, ""), http.StatusSeeOther)
		return
	case payments.StatusAuthenticationRequired:
		http.Redirect(w, r, p.pagePath(token, "/authenticate"), http.StatusSeeOther)
		return
	case payments.StatusExpired:
		status, title, text = http.StatusGone, "This payment link has expired", "No money was taken. Go back and start the payment again."
	case payments.StatusSucceeded:
		title, text = "Payment complete", "This payment has already been made."
		if l.AmountPence == 0 {
			title, text = "Card saved", "Your card has already been saved."
		}
	case payments.StatusCancelled:
		title, text = "Payment cancelled", "This payment was cancelled. No money was taken."
	default:
		title, text = "Payment not taken", "This payment did not go through. No money was taken."
	}
	hosted.MessageFor(w, status, service, merchant(l), hosted.MessageData{Title: title, Text: text,
		Link: p.signedReturnURL(l), LinkText: "Continue"})
}

// renderForm answers the card form with what was typed (never the CVC) and any errors.
func (p *Provider) renderForm(w http.ResponseWriter, status int, token string, l payments.PaymentLink, formToken string,
	typed url.Values, errs map[string]string) {
	storeOnly := l.AmountPence == 0
	amount := formatPence(l.AmountPence)
	d := checkoutData{
		Caption: "Pay " + l.MerchantDisplayName,
		Heading: "Enter card details", Description: l.Description, Amount: amount, Submit: "Pay " + amount,
		StoreOnly: storeOnly, StoreCard: l.StoreCard,
		Action: p.pagePath(token, ""), CancelAction: p.pagePath(token, "/cancel"), FormToken: formToken,
		CardNumber: field{Name: FieldCardNumber, Label: "Card number", Hint: "The long number on the front of your card",
			Autocomplete: "cc-number", Numeric: true, Size: 23},
		Expiry: field{Name: FieldExpiry, Label: "Expiry date", Hint: "For example, " + p.expiryExample(),
			Autocomplete: "cc-exp", Numeric: true, Size: 7},
		Name: field{Name: FieldName, Label: "Name on card", Hint: "As it is written on the card",
			Autocomplete: "cc-name", Size: 30},
		CVC: field{Name: FieldCVC, Label: "Card security code", Hint: "The last 3 digits on the back of the card",
			Autocomplete: "cc-csc", Numeric: true, Size: 5},
	}
	if storeOnly {
		d.Caption, d.Heading, d.Submit = "Save a card for "+l.MerchantDisplayName, "Save a card", "Save card"
	}
	for _, f := range []*field{&d.CardNumber, &d.Expiry, &d.Name, &d.CVC} {
		f.ID = fieldIDs[f.Name]
		if f.Name != FieldCVC {
			f.Value = typed.Get(f.Name)
		}
		if msg := errs[f.Name]; msg != "" {
			f.Error = msg
			d.Errors = append(d.Errors, fieldError{ID: f.ID, Message: msg})
		}
	}
	title := d.Heading
	hosted.Render(w, status, checkoutPage, p.site.AppOrigin(), hosted.View{Title: title, Service: service, Error: len(errs) > 0,
		Merchant: merchant(l), Data: d})
}

// expiryExample is an expiry date a few years after the sandbox's today, as the form's hint.
func (p *Provider) expiryExample() string {
	return fmt.Sprintf("03/%02d", (p.Clock.Now().Year()+3)%100)
}

// formatPence is an amount as people read it: £1,234.56.
func formatPence(pence int64) string {
	pounds := strconv.FormatInt(pence/100, 10)
	var b strings.Builder
	for i, c := range pounds {
		if i > 0 && (len(pounds)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return fmt.Sprintf("£%s.%02d", b.String(), pence%100)
}

// formLinkLocked reads a hosted page's form POST and finds its open link, returning with p.mu held.
// When it answers false it has already answered the browser (bad form, unknown link, stale form) and
// released the lock.
func (p *Provider) formLinkLocked(w http.ResponseWriter, r *http.Request) (token string, l *link, now time.Time, ok bool) {
	token = r.PathValue("token")
	if err := hosted.ParseForm(w, r); err != nil {
		badFormPage(w)
		return token, nil, now, false
	}
	now = p.Clock.Now()
	p.mu.Lock()
	l = p.linkByTokenLocked(token, now)
	if l == nil {
		p.mu.Unlock()
		notFoundPage(w)
		return token, nil, now, false
	}
	if !hosted.SameToken(r.PostForm.Get(FieldFormToken), l.formToken) {
		m := merchant(l.PaymentLink)
		p.mu.Unlock()
		staleFormPage(w, m, p.pagePath(token, ""))
		return token, nil, now, false
	}
	return token, l, now, true
}

// checkoutSubmit serves POST /checkout/{token}: the card form.
func (p *Provider) checkoutSubmit(w http.ResponseWriter, r *http.Request) {
	token, l, now, ok := p.formLinkLocked(w, r)
	if !ok {
		return
	}
	if l.Status != payments.StatusCreated {
		snap := copyLink(l.PaymentLink)
		p.mu.Unlock()
		p.statusPage(w, r, token, snap)
		return
	}
	in, errs := parseCard(r.PostForm, now)
	if len(errs) > 0 {
		snap, formToken := copyLink(l.PaymentLink), l.formToken
		p.mu.Unlock()
		p.renderForm(w, http.StatusUnprocessableEntity, token, snap, formToken, r.PostForm, errs)
		return
	}
	next, reason, _ := transition(l.Status, l.AmountPence == 0, stepCard, behaviourOf(in.number))
	l.Card = in.summary()
	if next == payments.StatusAuthenticationRequired {
		l.pending = &in
	}
	p.moveLocked(l, next, reason, &in, now)
	snap := copyLink(l.PaymentLink)
	p.mu.Unlock()
	if snap.Status == payments.StatusAuthenticationRequired {
		http.Redirect(w, r, p.pagePath(token, "/authenticate"), http.StatusSeeOther)
		return
	}
	p.redirectBack(w, r, snap)
}

// moveLocked puts l in status next and tells the webhook: a succeeded link that stores its card stores
// in (card_stored follows status_update). The caller holds p.mu.
func (p *Provider) moveLocked(l *link, next, reason string, in *cardInput, now time.Time) {
	l.Status, l.DeclineReason, l.UpdatedAt = next, reason, now
	var stored *payments.Card
	if next == payments.StatusSucceeded && l.StoreCard && in != nil {
		c := p.storeCardLocked(l.CustomerReference, *in, now)
		l.CardToken = c.Token
		stored = &c
	}
	if !open(next) {
		l.pending = nil
	}
	target := p.target(l.NotificationURL)
	ev := p.event(payments.EventStatusUpdate, now)
	snap := copyLink(l.PaymentLink)
	ev.PaymentLink = &snap
	p.hooks.send(target, ev)
	if stored != nil {
		ev := p.event(payments.EventCardStored, now)
		ev.Card = stored
		p.hooks.send(target, ev)
	}
}

// challengePage serves GET /checkout/{token}/authenticate: the 3-D Secure challenge.
func (p *Provider) challengePage(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	p.mu.Lock()
	l := p.linkByTokenLocked(token, p.Clock.Now())
	if l == nil {
		p.mu.Unlock()
		notFoundPage(w)
		return
	}
	snap, formToken := copyLink(l.PaymentLink), l.formToken
	p.mu.Unlock()
	if snap.Status != payments.StatusAuthenticationRequired {
		http.Redirect(w, r, p.pagePath(token, ""), http.StatusSeeOther)
		return
	}
	p.renderChallenge(w, http.StatusOK, token, snap, formToken, "")
}

func (p *Provider) renderChallenge(w http.ResponseWriter, status int, token string, l payments.PaymentLink, formToken, errMsg string) {
	card := "card"
	if l.Card != nil {
		card = cardName(l.Card.Brand) + " card ending " + l.Card.Last4
	}
	hosted.Render(w, status, challengePage, p.site.AppOrigin(), hosted.View{
		Title: "Confirm it’s you", Service: service, Error: errMsg != "", Merchant: merchant(l),
		Data: challengeData{Error: errMsg, Amount: formatPence(l.AmountPence), Card: card, StoreOnly: l.AmountPence == 0,
			Action: p.pagePath(token, "/authenticate"), FormToken: formToken},
	})
}

func cardName(brand string) string {
	switch brand {
	case "visa":
		return "Visa"
	case "mastercard":
		return "Mastercard"
	case "amex":
		return "American Express"
	default:
		return ""
	}
}

// challengeSubmit serves POST /checkout/{token}/authenticate with result=pass or result=fail.
func (p *Provider) challengeSubmit(w http.ResponseWriter, r *http.Request) {
	p.payerStep(w, r, func(l *link) (step, bool) {
		switch r.PostForm.Get(FieldResult) {
		case ResultPass:
			return stepAuthPass, true
		case ResultFail:
			return stepAuthFail, true
		}
		return 0, false
	})
}

// cancelSubmit serves POST /checkout/{token}/cancel.
func (p *Provider) cancelSubmit(w http.ResponseWriter, r *http.Request) {
	p.payerStep(w, r, func(*link) (step, bool) { return stepCancel, true })
}

// payerStep applies the step the form asks for to an open link and sends the browser back to the app.
func (p *Provider) payerStep(w http.ResponseWriter, r *http.Request, stepOf func(*link) (step, bool)) {
	token, l, now, ok := p.formLinkLocked(w, r)
	if !ok {
		return
	}
	s, ok := stepOf(l)
	if !ok {
		snap, formToken := copyLink(l.PaymentLink), l.formToken
		p.mu.Unlock()
		p.renderChallenge(w, http.StatusUnprocessableEntity, token, snap, formToken, "Choose Pass authentication or Fail authentication")
		return
	}
	next, reason, allowed := transition(l.Status, l.AmountPence == 0, s, behaveSucceed)
	if !allowed {
		snap := copyLink(l.PaymentLink)
		p.mu.Unlock()
		p.statusPage(w, r, token, snap)
		return
	}
	p.moveLocked(l, next, reason, l.pending, now)
	snap := copyLink(l.PaymentLink)
	p.mu.Unlock()
	p.redirectBack(w, r, snap)
}

func badFormPage(w http.ResponseWriter) {
	hosted.Message(w, http.StatusBadRequest, service, hosted.MessageData{
		Title: "Sorry, there is a problem", Text: "The form could not be read. Go back and try again.",
	})
}

func staleFormPage(w http.ResponseWriter, m hosted.Merchant, page string) {
	hosted.MessageFor(w, http.StatusForbidden, service, m, hosted.MessageData{
		Title: "Sorry, there is a problem", Text: "This form is out of date. Start again from the payment page.",
		Link: page, LinkText: "Go to the payment page",
	})
}

// parseCard validates the card form. errs maps field names to messages (GOV.UK style).
func parseCard(form url.Values, now time.Time) (cardInput, map[string]string) {
	errs := map[string]string{}
	var in cardInput

	number := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(form.Get(FieldCardNumber)))
	switch {
	case number == "":
		errs[FieldCardNumber] = "Enter your card number"
	case !digits(number):
		errs[FieldCardNumber] = "Card number must only include numbers 0 to 9"
	case len(number) < 12 || len(number) > 19:
		errs[FieldCardNumber] = "Card number must be between 12 and 19 digits"
	case !luhn(number):
		errs[FieldCardNumber] = "Enter a valid card number"
	default:
		in.number = number
	}

	month, year, msg := parseExpiry(form.Get(FieldExpiry), now)
	if msg != "" {
		errs[FieldExpiry] = msg
	}
	in.expMonth, in.expYear = month, year

	in.name = strings.Join(strings.Fields(form.Get(FieldName)), " ")
	switch {
	case in.name == "":
		errs[FieldName] = "Enter the name on your card"
	case !hosted.ValidText(in.name, 1, 100):
		errs[FieldName] = "Name on card must be 100 characters or fewer"
	}

	cvc := strings.TrimSpace(form.Get(FieldCVC))
	switch {
	case cvc == "":
		errs[FieldCVC] = "Enter the card security code"
	case !digits(cvc) || len(cvc) < 3 || len(cvc) > 4:
		errs[FieldCVC] = "Card security code must be 3 or 4 numbers"
	}
	return in, errs
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseExpiry reads MM/YY, MM/YYYY, MMYY, MMYYYY (spaces, "/" or "-" between), valid through the end
// of that month, which must not be before now's.
func parseExpiry(raw string, now time.Time) (month, year int, msg string) {
	s := strings.Join(strings.Fields(raw), "")
	if s == "" {
		return 0, 0, "Enter the expiry date"
	}
	var m, y string
	if i := strings.IndexAny(s, "/-"); i >= 0 {
		m, y = s[:i], s[i+1:]
	} else if digits(s) && (len(s) == 4 || len(s) == 6) {
		m, y = s[:2], s[2:]
	}
	const format = "Expiry date must be a real date in the format MM/YY"
	if !digits(m) || len(m) > 2 || !digits(y) || (len(y) != 2 && len(y) != 4) {
		return 0, 0, format
	}
	month, _ = strconv.Atoi(m)
	year, _ = strconv.Atoi(y)
	if len(y) == 2 {
		year += 2000
	}
	if month < 1 || month > 12 {
		return 0, 0, format
	}
	if cardExpired(month, year, now) {
		return month, year, "Expiry date must be in the future"
	}
	return month, year, ""
}
