package profile

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"

	"lender/bff/internal/apigen"
	"lender/bff/internal/platform/web"
	"lender/bff/upstream/lending"
	"lender/bff/upstream/notify"
)

// The borrower's inbox (/notifications): the notification provider's messages to their current e-mail
// address and mobile number. A message's body never leaves the BFF: sign-in links and codes live in
// bodies, and whoever sees the screen (a shared device, staff acting for the borrower) must not be
// able to sign in with them. What is shown is the BFF's own words for the kind of message.

// maxNotifications is how many of the newest messages are listed.
const maxNotifications = 100

// words are the title and summary shown for a message, by the template it was rendered from.
type words struct{ title, summary string }

var templateWords = map[string]words{
	"magic-link":                 {"Sign-in link", "A link to sign in to your account."},
	"sign-in-code":               {"Sign-in code", "A code to sign in to your account."},
	"sign-in-no-account":         {"Sign-in attempt", "Someone asked to sign in with this e-mail address."},
	"phone-proof-code":           {"Code to confirm your mobile number", "A code to confirm a mobile number for your account."},
	"email-confirmation":         {"Confirm your e-mail address", "A link to confirm your e-mail address."},
	"email-change-confirmation":  {"Confirm your new e-mail address", "A link to confirm a new e-mail address for your account."},
	"email-changed":              {"Your e-mail address was changed", "The e-mail address of your account was changed."},
	"pin-locked":                 {"Your PIN was locked", "Your PIN was locked after too many wrong tries."},
	"application-approved":       {"Your loan is approved", "We approved your loan application."},
	"application-declined":       {"Your loan application", "Our decision on your loan application."},
	"application-counteroffered": {"We can offer you a smaller loan", "We offered you a smaller loan than you asked for."},
	"agreement-signed":           {"Your signed credit agreement", "A copy of the credit agreement you signed."},
	"loan-paid-out":              {"Your loan has been paid out", "We paid your loan into your bank account."},
	"instalment-reminder":        {"Instalment reminder", "A reminder that an instalment of your loan is due soon."},
}

// unsafe are what a subject of a mail the BFF does not know may carry that must not be shown: links
// and runs of digits (a code, an account number).
var unsafe = regexp.MustCompile(`(?i)\b(?:https?://|www\.)\S*|[0-9][0-9 -]{2,}[0-9]`)

// shown is what the inbox shows of m.
func shown(m notify.Message) apigen.Notification {
	w, ok := templateWords[m.Template]
	if !ok {
		w = words{title: "A message from us", summary: "A text message we sent you."}
		if m.Kind == notify.KindEmail {
			w.summary = "An e-mail we sent you."
			if s := strings.Join(strings.Fields(unsafe.ReplaceAllString(m.Subject, "…")), " "); s != "" {
				w.title = s
			}
		}
	}
	kind := apigen.NotificationKindEmail
	if m.Kind == notify.KindSMS {
		kind = apigen.NotificationKindSms
	}
	return apigen.Notification{Id: m.ID, Kind: kind, Title: w.title, Summary: w.summary, SentAt: m.CreatedAt, Read: m.Read}
}

// Notifications lists what was sent to the borrower's e-mail address and mobile number, newest first.
func (h *Handlers) Notifications(ctx context.Context, _ apigen.NotificationsRequestObject) (apigen.NotificationsResponseObject, error) {
	cu, err := h.customer(ctx)
	if err != nil {
		return nil, err
	}
	msgs, err := h.notify.Messages(ctx, notify.MessageQuery{To: cu.Email, Kind: notify.KindEmail, Limit: maxNotifications})
	if err != nil {
		return nil, web.FailUpstream(err)
	}
	if cu.Phone != "" {
		sms, err := h.notify.Messages(ctx, notify.MessageQuery{To: cu.Phone, Kind: notify.KindSMS, Limit: maxNotifications})
		if err != nil {
			return nil, web.FailUpstream(err)
		}
		msgs = append(msgs, sms...)
	}
	slices.SortStableFunc(msgs, func(a, b notify.Message) int { return b.CreatedAt.Compare(a.CreatedAt) })
	msgs = msgs[:min(len(msgs), maxNotifications)]
	out := apigen.NotificationList{Notifications: make([]apigen.Notification, len(msgs))}
	for i, m := range msgs {
		out.Notifications[i] = shown(m)
		if !m.Read {
			out.Unread++
		}
	}
	return apigen.Notifications200JSONResponse{Status: 200, ResultData: out}, nil
}

var errNotTheirs = errors.New("profile: the message is not to the customer")

// MarkNotificationRead marks one of the borrower's messages read. The message is read first to check
// it went to the borrower's e-mail address or mobile number: another's and none are the same 100404.
func (h *Handlers) MarkNotificationRead(ctx context.Context, req apigen.MarkNotificationReadRequestObject) (apigen.MarkNotificationReadResponseObject, error) {
	cu, err := h.customer(ctx)
	if err != nil {
		return nil, err
	}
	m, err := h.notify.Message(ctx, req.Body.Id)
	switch {
	case errors.Is(err, notify.ErrMessageNotFound):
		return nil, notFound(err)
	case err != nil:
		return nil, web.FailUpstream(err)
	case !theirs(m, cu):
		return nil, notFound(errNotTheirs)
	}
	m, err = h.notify.MarkRead(ctx, m.ID)
	switch {
	case errors.Is(err, notify.ErrMessageNotFound):
		return nil, notFound(err)
	case err != nil:
		return nil, web.FailUpstream(err)
	}
	return apigen.MarkNotificationRead200JSONResponse{Status: 200, ResultData: shown(m)}, nil
}

// theirs: m went to cu's e-mail address or mobile number as the inbox lists them.
func theirs(m notify.Message, cu lending.Customer) bool {
	switch m.Kind {
	case notify.KindEmail:
		return strings.EqualFold(m.To, cu.Email)
	case notify.KindSMS:
		return cu.Phone != "" && m.To == cu.Phone
	}
	return false
}

func notFound(cause error) error {
	return web.FailWith(web.CodeNotFound, "We could not find that notification.", cause)
}
