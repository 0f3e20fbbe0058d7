package lending

import (
	"errors"
	"fmt"
	"html"
	"sort"
	"strconv"
	"time"

	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// Instalment reminders. A lending core sends its own reminders in a daily run; the sandbox runs it
// whenever its clock is moved (POST /_sandbox/clock), so a test that moves the clock sees what the run
// on that day would have sent. An instalment gets a reminder while its due date is at most
// lending.ReminderDaysBefore days ahead and not past, it is owed (not paid, not a holiday) and its loan
// is open: an e-mail and an SMS as the customer's preferences say (an SMS only to a customer with a
// mobile), each once: the loan book records every reminder sent, keyed by loan, instalment and
// channel, so a second run on the same day, or a later one, sends nothing again.

// Mailer delivers the reminders: the sandbox's notification provider (*notify.Provider).
type Mailer interface {
	Email(e notify.Email) (notify.Message, error)
	SMS(s notify.SMS) (notify.Message, error)
}

// SetMailer says where reminders go; without one none are sent.
func (p *Provider) SetMailer(m Mailer) {
	p.mu.Lock()
	p.mailer = m
	p.mu.Unlock()
}

// reminder is one message to send.
type reminder struct {
	key   string
	email *notify.Email
	sms   *notify.SMS
}

// SendReminders runs the reminder run at the sandbox clock's now and answers how many it sent.
func (p *Provider) SendReminders() (int, error) {
	p.mu.Lock()
	due := p.st.dueReminders(p.Clock.Now())
	mailer := p.mailer
	p.mu.Unlock()
	if mailer == nil {
		return 0, nil
	}
	sent := 0
	var errs []error
	for _, r := range due {
		var err error
		if r.email != nil {
			_, err = mailer.Email(*r.email)
		} else {
			_, err = mailer.SMS(*r.sms)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", r.key, err))
			continue
		}
		p.mu.Lock()
		p.st.loanState().remembered()[r.key] = p.Clock.Now()
		p.mu.Unlock()
		sent++
	}
	if sent > 0 {
		p.stateChanged()
	}
	return sent, errors.Join(errs...)
}

// remembered is the record of reminders sent, made on first use.
func (b *loanBook) remembered() map[string]time.Time {
	if b.Reminded == nil {
		b.Reminded = map[string]time.Time{}
	}
	return b.Reminded
}

// dueReminders are the reminders the run at now sends, oldest loan first. The caller holds Provider.mu.
func (st *state) dueReminders(now time.Time) []reminder {
	today := loanDay(now)
	book := st.loanState()
	loans := make([]*loanRec, 0, len(book.Loans))
	for _, l := range book.Loans {
		loans = append(loans, l)
	}
	sort.Slice(loans, func(i, j int) bool { return loans[i].Seq < loans[j].Seq })
	var out []reminder
	for _, l := range loans {
		c := st.customers[l.CustomerID]
		if c == nil || l.Settled || l.ReplacedBy != "" {
			continue
		}
		if done, _, _ := l.closed(today); done {
			continue
		}
		brand := st.loanBrand(l)
		for i, r := range l.Rows {
			ahead := daysBetween(today, r.Due)
			if r.Holiday || r.owed() <= 0 || ahead < 0 || ahead > lending.ReminderDaysBefore {
				continue
			}
			key := "reminder-" + l.ID + "-" + strconv.Itoa(i+1) + "-"
			what := fmt.Sprintf("your instalment of %s is due on %s", pounds(r.owed()), longDate(r.Due))
			if !c.noEmailReminders && book.remembered()[key+"email"].IsZero() {
				text := "Hello " + c.firstName + ",\n\nA reminder that " + what + ". It will be collected from your card as agreed; " +
					"if you have paid it already, there is nothing to do.\n\nYou can turn these reminders off in Settings.\n\n" + brand.DisplayName + "\n"
				body := "<p>Hello " + html.EscapeString(c.firstName) + ",</p><p>A reminder that " + html.EscapeString(what) +
					". It will be collected from your card as agreed; if you have paid it already, there is nothing to do.</p>" +
					"<p>You can turn these reminders off in Settings.</p><p>" + html.EscapeString(brand.DisplayName) + "</p>"
				out = append(out, reminder{key: key + "email", email: &notify.Email{To: c.email,
					Subject: "Your " + brand.DisplayName + " instalment is due on " + longDate(r.Due), Text: text, HTML: body,
					Template: "instalment-reminder", Tags: []string{"reminder"}}})
			}
			if !c.noSMSReminders && c.phone != "" && book.remembered()[key+"sms"].IsZero() {
				out = append(out, reminder{key: key + "sms", sms: &notify.SMS{To: c.phone,
					Text: brand.DisplayName + ": " + what + ". Already paid? Nothing to do.", Template: "instalment-reminder",
					Tags: []string{"reminder"}}})
			}
		}
	}
	return out
}
