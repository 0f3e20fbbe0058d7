package notices

import (
	"context"
	"errors"
	"html"
	"strconv"
	"strings"

	"lender/bff/internal/platform/config"
	"lender/bff/internal/shared/loanquote"
	"lender/bff/internal/shared/uktime"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// The mails, in plain British English and in the brand of the application (its name, colour and
// contacts, the lending core's). They carry the figures the lending core holds and links into the app
// that need a sign-in: no personal data, token or id travels in a link.

// errNoMail: the event is news to nobody (a type this poller does not mail).
var errNoMail = errors.New("notices: no mail for this event")

// moneyHelper is where a declined applicant finds free, impartial help.
const moneyHelper = "https://www.moneyhelper.org.uk/"

// news is what one mail says, before the brand's layout.
type news struct {
	subject, template string
	lead              []string    // paragraphs after the greeting
	items             [][2]string // the loan's figures, or reasons (with an empty label)
	link, linkText    string      // one link into the app, or none
	after             []string    // paragraphs after the link
}

// mailFor is the mail of event e, or errNoMail.
func (p *Poller) mailFor(ctx context.Context, e lending.Event) (notify.Email, error) {
	switch e.Type {
	case lending.EventApplicationApproved, lending.EventApplicationDeclined, lending.EventApplicationCounteroffered,
		lending.EventAgreementSigned, lending.EventLoanPaidOut:
	default:
		return notify.Email{}, errNoMail
	}
	a, err := p.lending.Application(ctx, e.ApplicationID)
	if err != nil {
		return notify.Email{}, err
	}
	cu, err := p.lending.Customer(ctx, e.CustomerID)
	if err != nil {
		return notify.Email{}, err
	}
	brand, err := p.cfg.Brands.Owner(ctx, a.ApplicationOwner)
	if err != nil {
		return notify.Email{}, err
	}
	var n news
	switch e.Type {
	case lending.EventApplicationApproved:
		n = p.approved(a)
	case lending.EventApplicationDeclined:
		n = p.declined(a)
	case lending.EventApplicationCounteroffered:
		n = p.counteroffered(a)
	case lending.EventAgreementSigned:
		n = p.signed(a, e)
	case lending.EventLoanPaidOut:
		l, err := p.lending.Loan(ctx, e.LoanID)
		if err != nil {
			return notify.Email{}, err
		}
		n = p.paidOut(a, l)
	}
	return render(cu, brand, n), nil
}

// figures are a loan's figures as the app shows them.
func figures(q lending.Quote) [][2]string {
	return [][2]string{
		{"Amount", loanquote.Pounds(q.AmountPence)},
		{"Term", strconv.Itoa(q.TermMonths) + " months"},
		{"Monthly repayment", loanquote.Pounds(q.MonthlyInstalmentPence)},
		{"Representative APR", q.APRPercent + "%"},
		{"Total payable", loanquote.Pounds(q.TotalPayablePence)},
	}
}

func (p *Poller) approved(a lending.Application) news {
	return news{
		subject: "Your loan is approved", template: "application-approved",
		lead:  []string{"Good news: we have approved your loan."},
		items: figures(a.Quote),
		link:  p.cfg.PublicURL + "/", linkText: "Sign in to continue",
		after: []string{"To get your money, sign in and finish the last steps: choose a PIN, tell us which account to pay " +
			"the loan into, set up your repayments, sign your credit agreement and check your identity."},
	}
}

func (p *Poller) declined(a lending.Application) news {
	n := news{
		subject: "Your loan application", template: "application-declined",
		lead: []string{"Thank you for applying. We are sorry, but we cannot offer you a loan."},
		after: []string{"We have told you why above. Applying has not changed your credit score beyond the search " +
			"recorded on your credit file.",
			"If you are worried about money, MoneyHelper gives free, impartial help: " + moneyHelper},
	}
	if a.Decision != nil {
		for _, r := range a.Decision.Reasons {
			n.items = append(n.items, [2]string{"", r.Text})
		}
	}
	return n
}

func (p *Poller) counteroffered(a lending.Application) news {
	offer := a.Quote
	if a.Decision != nil && a.Decision.Offer != nil {
		offer = *a.Decision.Offer
	}
	return news{
		subject: "We can offer you a smaller loan", template: "application-counteroffered",
		lead:  []string{"We cannot lend you the amount you asked for, but we can offer you this loan:"},
		items: figures(offer),
		link:  p.cfg.PublicURL + "/", linkText: "Sign in to answer our offer",
		after: []string{"If you do not want it, we will close your application and you will have nothing to pay."},
	}
}

func (p *Poller) signed(a lending.Application, e lending.Event) news {
	at := e.OccurredAt
	if a.Signature != nil {
		at = a.Signature.SignedAt
	}
	return news{
		subject: "Your signed credit agreement", template: "agreement-signed",
		lead:  []string{"You signed your credit agreement on " + uktime.Date(at) + " at " + uktime.Clock(at) + " (UK time), for this loan:"},
		items: figures(a.Quote),
		link:  p.cfg.PublicURL + "/#/loan-agreement", linkText: "Read your signed agreement",
		after: []string{
			"Your copy of the agreement as you signed it is kept in your account: sign in to read it or download it as a PDF. " +
				"Keep a copy: it is your agreement under the Consumer Credit Act 1974.",
			"You can withdraw from the agreement within 14 days without giving a reason: the agreement says how.",
		},
	}
}

func (p *Poller) paidOut(a lending.Application, l lending.Loan) news {
	to := "your account"
	if a.Payee != nil && a.Payee.AccountNumberLast4 != "" {
		to = "your account ending " + a.Payee.AccountNumberLast4
	}
	lead := []string{"We have paid " + loanquote.Pounds(l.AmountPence) + " into " + to + "."}
	if l.NextPayment != nil {
		lead = append(lead, "Your first repayment of "+loanquote.Pounds(l.NextPayment.AmountPence)+" is due on "+
			uktime.CivilDate(l.NextPayment.DueDate)+", then one on the same day each month, taken from the card you set up.")
	}
	return news{
		subject: "Your loan has been paid out", template: "loan-paid-out",
		lead: lead,
		link: p.cfg.PublicURL + "/#/loanDashboard/main", linkText: "See your loan",
	}
}

// render lays news out in the brand, as text and as HTML (every value escaped).
func render(cu lending.Customer, b config.Brand, n news) notify.Email {
	var text, body strings.Builder
	para := func(s string) {
		text.WriteString(s + "\n\n")
		body.WriteString("<p>" + html.EscapeString(s) + "</p>")
	}
	colour := b.Primary
	if colour == "" {
		colour = "#1a1a1a"
	}
	text.WriteString(b.DisplayName + "\n\n")
	body.WriteString(`<p style="font-size:1.25em;font-weight:bold;color:` + html.EscapeString(colour) + `">` + html.EscapeString(b.DisplayName) + "</p>")
	para("Hello " + cu.FirstName + ",")
	for _, s := range n.lead {
		para(s)
	}
	if len(n.items) > 0 {
		body.WriteString("<ul>")
		for _, it := range n.items {
			line := it[1]
			if it[0] != "" {
				line = it[0] + ": " + it[1]
			}
			text.WriteString("  - " + line + "\n")
			body.WriteString("<li>" + html.EscapeString(line) + "</li>")
		}
		body.WriteString("</ul>")
		text.WriteString("\n")
	}
	if n.link != "" {
		text.WriteString(n.linkText + ": " + n.link + "\n\n")
		body.WriteString(`<p><a href="` + html.EscapeString(n.link) + `">` + html.EscapeString(n.linkText) + "</a></p>")
	}
	for _, s := range n.after {
		para(s)
	}
	contact := b.DisplayName + ", " + b.Email + ", " + b.Phone
	para("Questions? Contact " + contact + ".")
	return notify.Email{To: cu.Email, Subject: n.subject + " – " + b.DisplayName, Text: text.String(), HTML: body.String(),
		Template: n.template, Tags: []string{"lifecycle"}}
}
