package profile

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"lender/bff/upstream/notify"
)

// TestMaskPhone: spec §9, the four digits before the last four masked, as the apps' maskPhone writes
// a UK number; anything that is not a UK mobile in E.164 shows nothing rather than something unmasked.
func TestMaskPhone(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"+447700900123", "077****0123"},
		{"+447911123456", "079****3456"},
		{"", ""},
		{"07700900123", ""},     // the lending core keeps E.164: national is not what it answers
		{"+44770090012", ""},    // too short
		{"+4477009001234", ""},  // too long
		{"+3538712345678", ""},  // not the UK
		{"+44770090012x", ""},   // not digits
		{"+44 7700 900123", ""}, // not E.164
	} {
		if got := MaskPhone(c.in); got != c.want {
			t.Errorf("MaskPhone(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestTheInboxShowsNoLinkOrCode: whatever a message's body or subject holds, what the inbox shows of
// it has no link and no code.
func TestTheInboxShowsNoLinkOrCode(t *testing.T) {
	secret := regexp.MustCompile(`(?i)https?://|www\.|[0-9]{4,}`)
	body := "Your code is 123456. Or open https://app.example/#/login/emailMagicLink?token=abc"
	var msgs []notify.Message
	for tpl := range templateWords {
		msgs = append(msgs, notify.Message{ID: "msg_1", Kind: notify.KindEmail, Template: tpl, Subject: "Code 123456", Text: body})
	}
	msgs = append(msgs,
		notify.Message{ID: "msg_2", Kind: notify.KindEmail, Subject: "Your code is 123 456, see www.example.com/x", Text: body},
		notify.Message{ID: "msg_3", Kind: notify.KindEmail, Subject: "Sign in: https://app.example/?t=1", HTML: "<a href=\"https://x\">x</a>"},
		notify.Message{ID: "msg_4", Kind: notify.KindSMS, Text: body},
	)
	for _, m := range msgs {
		m.CreatedAt = time.Unix(1, 0)
		n := shown(m)
		if secret.MatchString(n.Title+" "+n.Summary) || n.Title == "" || n.Summary == "" {
			t.Errorf("%q (%s): shown as %q / %q", m.Subject, m.Template, n.Title, n.Summary)
		}
	}
	if n := shown(msgs[len(msgs)-3]); !strings.HasPrefix(n.Title, "Your code is") {
		t.Errorf("an unknown mail's subject is kept, less what is unsafe: %q", n.Title)
	}
}
